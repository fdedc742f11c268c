/**
 * Taps made on a kept page before its scripts ran (decision 0302): the page's loader
 * (apps/web/paint-first.mjs, which names the same global) keeps them, and the page replays them
 * once hydrated, so a button pressed while the page was still arriving still does what it says.
 */
export const EARLY_TAPS_GLOBAL = '__balconyEarlyTaps';

export interface EarlyTap {
  target: Element;
  x: number;
  y: number;
  detail: number;
}

type WithEarlyTaps = Window & { [EARLY_TAPS_GLOBAL]?: EarlyTap[] };

/**
 * Dispatches each kept tap again as a click at its place, on its element if still in the page,
 * in the order they were made; and tells the loader to keep no more (React listens now).
 */
export function replayEarlyTaps(win: Window): void {
  const taps = (win as WithEarlyTaps)[EARLY_TAPS_GLOBAL];
  (win as WithEarlyTaps)[EARLY_TAPS_GLOBAL] = undefined;
  for (const { target, x, y, detail } of taps ?? []) {
    if (!target.isConnected) continue;
    target.dispatchEvent(
      new MouseEvent('click', {
        bubbles: true,
        cancelable: true,
        composed: true,
        view: win,
        clientX: x,
        clientY: y,
        detail,
      }),
    );
  }
}
