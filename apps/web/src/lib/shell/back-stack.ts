/**
 * The back-stack of the app shell (spec §2): the app's back event closes the top modal first, then
 * the top slide-in panel, and only then goes back one page, or leaves the app at the root page.
 * Pure: layers register a close callback and get an unregister function back.
 */

export type BackLayerKind = 'modal' | 'slide';

export type BackAction = 'closed-layer' | 'history-back' | 'go-home' | 'exit-app';

export interface BackStack {
  /** Registers an open layer; call the returned function when it closes by itself. */
  register(kind: BackLayerKind, close: () => void): () => void;
  /** Closes the top modal, else the top slide; false when no layer is open. */
  closeTop(): boolean;
  readonly size: number;
}

interface Entry {
  kind: BackLayerKind;
  close: () => void;
}

export function createBackStack(): BackStack {
  // Registration order; the newest layer of a kind is the top one.
  const entries: Entry[] = [];

  function top(kind: BackLayerKind): Entry | undefined {
    return entries.findLast((entry) => entry.kind === kind);
  }

  return {
    register(kind, close) {
      const entry: Entry = { kind, close };
      entries.push(entry);
      return () => {
        const index = entries.indexOf(entry);
        if (index !== -1) entries.splice(index, 1);
      };
    },
    closeTop() {
      const entry = top('modal') ?? top('slide');
      if (!entry) return false;
      // Taken off first, so a close callback that unregisters again is harmless.
      entries.splice(entries.indexOf(entry), 1);
      entry.close();
      return true;
    },
    get size() {
      return entries.length;
    },
  };
}

/**
 * One back event: a layer closes if any is open; otherwise the page goes back, unless it is the
 * root page (the app is told to leave) or the first page of the session, which has nothing to go
 * back to (the root page opens instead, so the next back leaves the app).
 */
export function handleBack(stack: BackStack, page: { pathname: string; historyLength: number }): BackAction {
  if (stack.closeTop()) return 'closed-layer';
  if (page.pathname === '/') return 'exit-app';
  return page.historyLength > 1 ? 'history-back' : 'go-home';
}
