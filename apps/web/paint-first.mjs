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

/** However late the first image is, the page's scripts start by then. */
const LATEST_MS = 2000;

const LOADER = `(function(s){var go=false;function start(){if(go)return;go=true;s.forEach(function(u){var e=document.createElement("script");e.src=u;e.async=true;document.head.appendChild(e)})}
function soon(){setTimeout(start,0)}
var t=(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[],timed=t.indexOf("element")>=0;
if(timed)new PerformanceObserver(function(l){l.getEntries().forEach(function(e){if(e.identifier===${JSON.stringify(HERO_TIMING_ID)})soon()})}).observe({type:"element",buffered:true});
document.addEventListener("DOMContentLoaded",function(){if(!timed||!document.querySelector('img[elementtiming=${JSON.stringify(HERO_TIMING_ID)}]'))requestAnimationFrame(soon)});
["pointerdown","keydown","touchstart"].forEach(function(n){addEventListener(n,start,{capture:true,once:true,passive:true})});
setTimeout(start,${LATEST_MS})})`;

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
  const loader = `<script nonce="${nonce}">${LOADER}(${JSON.stringify(chunks)})</script>`;
  const at = page.indexOf('</head>');
  return page.slice(0, at) + loader + page.slice(at);
}
