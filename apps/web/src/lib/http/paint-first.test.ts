import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_TAPS_GLOBAL, HERO_TIMING_ID, paintFirst } from '../../../paint-first.mjs';
import { HERO_TIMING } from '../media/media';
import { EARLY_TAPS_GLOBAL as REPLAYED_TAPS_GLOBAL } from '../shell/early-taps';

// A kept page's scripts wait for its first image (decision 0302): the tags Next.js writes are
// replaced by a loader, which is run here against a stand-in of the browser's few APIs it uses.

const NONCE = 'bm9uY2U';
const PAGE = [
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>',
  `<link rel="preload" as="image" imageSrcSet="/media/a.png?w=640 640w" fetchPriority="high"/>`,
  `<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>`,
  `<link rel="preload" as="script" fetchPriority="low" nonce="${NONCE}" href="/_next/static/chunks/main.js"/>`,
  `<script src="/_next/static/chunks/one.js" async="" nonce="${NONCE}"></script>`,
  `<script src="/_next/static/chunks/two.js" async="" nonce="${NONCE}"></script>`,
  `<script src="/_next/static/chunks/polyfills.js" noModule="" nonce="${NONCE}"></script>`,
  '</head><body><main><img src="/media/a.png" elementtiming="hero"/></main>',
  `<script nonce="${NONCE}">(self.__next_f=self.__next_f||[]).push([0])</script>`,
  `<script src="/_next/static/chunks/main.js" nonce="${NONCE}" async=""></script>`,
  '</body></html>',
].join('');

describe('paintFirst', () => {
  it('replaces the async chunk scripts and their preloads by one loader with the page nonce, and keeps the rest', () => {
    const html = paintFirst(PAGE, NONCE);
    expect(html).not.toMatch(/<script src="\/_next\/static\/chunks\/(one|two|main)\.js"/);
    expect(html).not.toContain('as="script"');
    expect(html).toContain('<script src="/_next/static/chunks/polyfills.js" noModule=""');
    expect(html).toContain('<link rel="preload" as="image"');
    expect(html).toContain('<link rel="stylesheet" href="/_next/static/chunks/a.css"');
    expect(html).toContain('self.__next_f=self.__next_f');
    const loaders = html.match(/<script nonce="bm9uY2U">\(function loadAfterFirstPaint[^<]*<\/script><\/head>/g);
    expect(loaders).toHaveLength(1);
    expect(loaders?.[0]).toContain(
      JSON.stringify(['/_next/static/chunks/one.js', '/_next/static/chunks/two.js', '/_next/static/chunks/main.js']),
    );
  });

  it('leaves a page without chunk scripts, or without a head, as it is', () => {
    const plain = `<html><head><script nonce="${NONCE}" src="/a.js"></script></head><body></body></html>`;
    expect(paintFirst(plain, NONCE)).toBe(plain);
    expect(paintFirst('<p>no head</p>', NONCE)).toBe('<p>no head</p>');
  });

  it('names the identifier the first images carry, and the taps the page replays', () => {
    expect(HERO_TIMING).toEqual({ elementtiming: HERO_TIMING_ID });
    expect(EARLY_TAPS_GLOBAL).toBe(REPLAYED_TAPS_GLOBAL);
  });
});

/** An element of the stand-in page, inside an element that `inside` selects. */
class StandInElement {
  constructor(readonly inside: string) {}
  closest(selectors: string) {
    return selectors.split(',').some((s) => s.trim() === this.inside) ? this : null;
  }
}

/** Runs the page's loader against a stand-in browser: what it added to the head, and its hooks. */
function runLoader({ elementTiming, hero }: { elementTiming: boolean; hero: boolean }) {
  const added: string[] = [];
  const listeners = new Map<string, (event?: unknown) => void>();
  let observer: ((list: { getEntries(): { identifier: string }[] }) => void) | undefined;
  class Observer {
    static supportedEntryTypes = elementTiming ? ['element', 'paint'] : ['paint'];
    constructor(callback: typeof observer) {
      observer = callback;
    }
    observe() {}
  }
  const document: Record<string, unknown> = {
    head: { appendChild: (script: { src: string }) => added.push(script.src) },
    createElement: () => ({ src: '', async: false }),
    querySelector: () => (hero ? {} : null),
    addEventListener: (name: string, listener: () => void) => listeners.set(name, listener),
  };
  const window: Record<string, unknown> = { PerformanceObserver: Observer };
  const addEventListener = (name: string, listener: () => void) => listeners.set(name, listener);
  const loader = /<script nonce="[^"]+">([^<]*)<\/script><\/head>/.exec(paintFirst(PAGE, NONCE))?.[1] ?? '';
  const requestAnimationFrame = (callback: () => void) => setTimeout(callback, 16);
  new Function(
    'window',
    'document',
    'PerformanceObserver',
    'addEventListener',
    'requestAnimationFrame',
    'Element',
    loader,
  )(window, document, Observer, addEventListener, requestAnimationFrame, StandInElement);
  const paint = (identifier: string) => observer?.({ getEntries: () => [{ identifier }] });
  /** A click on an element inside `inside` (a selector): whether it was prevented. */
  const click = (inside: string) => {
    let prevented = false;
    const target = new StandInElement(inside);
    listeners.get('click')?.({ target, clientX: 3, clientY: 4, detail: 1, preventDefault: () => (prevented = true) });
    return { target, prevented };
  };
  return { added, listeners, paint, click, window, document };
}

describe('the loader of a kept page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const chunks = ['/_next/static/chunks/one.js', '/_next/static/chunks/two.js', '/_next/static/chunks/main.js'];

  it('adds the scripts once the first image is painted, and only once', () => {
    vi.useFakeTimers();
    const { added, listeners, paint } = runLoader({ elementTiming: true, hero: true });
    listeners.get('DOMContentLoaded')?.();
    vi.advanceTimersByTime(100);
    paint('other');
    vi.advanceTimersByTime(100);
    expect(added).toEqual([]);
    paint('hero');
    vi.advanceTimersByTime(1);
    expect(added).toEqual(chunks);
    listeners.get('pointerdown')?.();
    vi.advanceTimersByTime(5000);
    expect(added).toEqual(chunks);
  });

  it('adds them at the first frame on a page without a first image, or in a browser without Element Timing', () => {
    vi.useFakeTimers();
    for (const setting of [
      { elementTiming: true, hero: false },
      { elementTiming: false, hero: true },
    ]) {
      const { added, listeners } = runLoader(setting);
      expect(added).toEqual([]);
      listeners.get('DOMContentLoaded')?.();
      vi.advanceTimersByTime(20);
      expect(added).toEqual(chunks);
    }
  });

  it('adds them at the reader’s first touch, and after two seconds in any case', () => {
    vi.useFakeTimers();
    const touched = runLoader({ elementTiming: true, hero: true });
    touched.listeners.get('pointerdown')?.();
    expect(touched.added).toEqual(chunks);
    const late = runLoader({ elementTiming: true, hero: true });
    vi.advanceTimersByTime(1999);
    expect(late.added).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(late.added).toEqual(chunks);
  });

  it('keeps the taps made before React listens, with their place, and lets links and fields be', () => {
    const loaded = runLoader({ elementTiming: true, hero: true });
    const kept = () => loaded.window[EARLY_TAPS_GLOBAL] as { target: unknown; x: number; y: number }[];
    const button = loaded.click('button');
    expect(button.prevented).toBe(true);
    for (const native of ['a[href]', 'input', 'label']) expect(loaded.click(native).prevented).toBe(false);
    expect(kept()).toEqual([{ target: button.target, x: 3, y: 4, detail: 1 }]);
    // Once React listens on the document, it handles taps itself.
    loaded.document._reactListening0abc = true;
    expect(loaded.click('button').prevented).toBe(false);
    expect(kept()).toHaveLength(1);
    // And once the page has replayed them, none are kept.
    delete loaded.document._reactListening0abc;
    loaded.window[EARLY_TAPS_GLOBAL] = undefined;
    expect(loaded.click('button').prevented).toBe(false);
  });
});
