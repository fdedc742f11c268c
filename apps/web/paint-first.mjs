// The first image before the scripts (decision 0302). Next.js writes its chunks as `async`
// scripts in the head, fetched at once and run as soon as they arrive, so on a phone they share
// the link with the page's first image (the LCP element) and run before it is shown. In a page
// kept for visitors (visitor-pages.mjs) the chunk tags and their preloads are replaced by one
// inline loader that adds the same chunks once that image has been painted (Element Timing,
// `elementtiming="hero"` on the image, components/ui/MediaImage.tsx and viewer/ReaderStage.tsx),
// at the first frame on a page without one or in a browser without Element Timing, at the
// reader's first touch or key, and after LATEST_MS in any case.

/** The Element Timing identifier of the screen's first image. */
export const HERO_TIMING_ID = 'hero';

/** Where the loader keeps the taps made before React listens (replayed by components/shell/EarlyTaps.tsx). */
export const EARLY_TAPS_GLOBAL = '__balconyEarlyTaps';

/** However late the first image is, the page's scripts start by then. */
const LATEST_MS = 2000;

/**
 * Runs in the page, from its head (serialised with its source: keep it to what every browser
 * Next.js supports runs). Adds the chunk scripts once, at the first of: the first image painted,
 * the first frame after parsing (no such image, or no Element Timing), the reader's first touch
 * or key, `latestMs`. Until React listens, a click on anything but a link or a form field (which
 * the browser handles itself) does nothing: it is kept, with its place, under `tapsGlobal`, for
 * the page to replay once hydrated.
 * @param {string[]} chunks
 * @param {string} heroId
 * @param {number} latestMs
 * @param {string} tapsGlobal
 */
function loadAfterFirstPaint(chunks, heroId, latestMs, tapsGlobal) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const src of chunks) {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      document.head.appendChild(script);
    }
  };
  const soon = () => setTimeout(start, 0);
  const timed = (window.PerformanceObserver?.supportedEntryTypes ?? []).includes('element');
  if (timed) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.identifier === heroId) soon();
    }).observe({ type: 'element', buffered: true });
  }
  document.addEventListener('DOMContentLoaded', () => {
    if (!timed || !document.querySelector(`img[elementtiming="${heroId}"]`)) requestAnimationFrame(soon);
  });
  for (const name of ['pointerdown', 'keydown', 'touchstart']) {
    addEventListener(name, start, { capture: true, once: true, passive: true });
  }
  setTimeout(start, latestMs);

  const taps = [];
  window[tapsGlobal] = taps;
  // React marks the root it listens on (Next.js hydrates the document); from then on it handles
  // taps itself, replaying those on parts not yet hydrated.
  const reactListens = () => Object.keys(document).some((key) => key.startsWith('_reactListening'));
  addEventListener(
    'click',
    (event) => {
      const target = event.target;
      if (window[tapsGlobal] !== taps || !(target instanceof Element) || reactListens()) return;
      if (target.closest('a[href], input, select, textarea, label, summary')) return;
      event.preventDefault();
      taps.push({ target, x: event.clientX, y: event.clientY, detail: event.detail });
    },
    { capture: true },
  );
}

const LOADER = `(${loadAfterFirstPaint.toString()})`;

/** The value of `name="…"` among a tag's attributes, or undefined. */
function attribute(attributes, name) {
  return new RegExp(`(?:^|\\s)${name}="([^"]*)"`, 'i').exec(attributes)?.[1];
}

/**
 * The page with Next.js' async chunk scripts, and the preloads of those chunks, replaced by the
 * loader, which carries `nonce` (the page's Content-Security-Policy nonce; 'strict-dynamic' lets
 * the scripts it adds run). A page without such scripts, or without a head, is answered as it is.
 * @param {string} html
 * @param {string} nonce
 * @returns {string}
 */
export function paintFirst(html, nonce) {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  /** @type {string[]} */
  const chunks = [];
  const withoutScripts = html.replace(/<script ([^>]*)><\/script>/g, (tag, attributes) => {
    const src = attribute(attributes, 'src');
    const isChunk = src?.startsWith('/_next/static/') && attribute(attributes, 'async') !== undefined;
    if (!isChunk || attribute(attributes, 'nomodule') !== undefined) return tag;
    chunks.push(/** @type {string} */ (src));
    return '';
  });
  if (chunks.length === 0) return html;
  const page = withoutScripts.replace(/<link ([^>]*)\/?>/g, (tag, attributes) =>
    attribute(attributes, 'rel') === 'preload' &&
    attribute(attributes, 'as') === 'script' &&
    chunks.includes(attribute(attributes, 'href') ?? '')
      ? ''
      : tag,
  );
  const args = [chunks, HERO_TIMING_ID, LATEST_MS, EARLY_TAPS_GLOBAL].map((a) => JSON.stringify(a)).join(',');
  const loader = `<script nonce="${nonce}">${LOADER}(${args})</script>`;
  const at = page.indexOf('</head>');
  return page.slice(0, at) + loader + page.slice(at);
}
