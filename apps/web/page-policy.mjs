// What every page response carries, in one place for the two that answer pages: src/proxy.ts
// (every rendered page) and the production server's visitor page cache (visitor-pages.mjs, pages
// served without a render). Plain JavaScript, since server.mjs runs without a build step; no
// Node.js imports, since browser code reads the cookie names and the app marker from here too.
import { COOKIE_MAX_AGE } from '@balcony/contracts/constants';

/** A fresh nonce for one response's Content-Security-Policy. */
export function newNonce() {
  return btoa(crypto.randomUUID());
}

/**
 * The Content-Security-Policy of every page: scripts only from this origin with the response's
 * nonce (Next.js puts it on its own inline and chunk scripts), no framing, no plugins. Inline
 * styles stay allowed for the style attributes React renders (image aspect ratios, layout sizes).
 * @param {string} nonce
 * @param {boolean} development
 */
export function contentSecurityPolicy(nonce, development) {
  return [
    "default-src 'self'",
    // React's development build evaluates code for its error overlays; production never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The push service worker (public/push-sw.js): 'strict-dynamic' above would not allow it.
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Cookies a page's render depends on, besides the page cookies below. */
export const COOKIE_NAMES = Object.freeze({
  session: 'balcony_session',
  adultPopup: 'adult_popup',
  notLoggedInAdult: 'not_logged_in_adult',
});

/** The page cookies of spec §4, written on every page request (none holds a secret). */
export const PAGE_COOKIES = Object.freeze({
  /** Marketing code from `?porch=`. */
  porch: Object.freeze({ name: 'porch', maxAge: COOKIE_MAX_AGE.marketing, httpOnly: true }),
  /** Random device id (the browser fingerprint of spec §4). */
  fingerprint: Object.freeze({ name: 'fp', maxAge: COOKIE_MAX_AGE.fingerprint, httpOnly: true }),
  previousPage: Object.freeze({ name: 'prev_page', maxAge: 3600, httpOnly: true }),
  currentPage: Object.freeze({ name: 'current_page', maxAge: 3600, httpOnly: true }),
});

/**
 * The page cookies this page request writes, as [which, value]: the marketing code when the
 * address carries a valid one, a device id when the browser has none, and the previous and
 * current page when the reader moved.
 * @param {(name: string) => string | undefined} read the request's cookie of that name
 * @param {string} pathname
 * @param {string | null} porch the `porch` query parameter
 * @returns {[keyof typeof PAGE_COOKIES, string][]}
 */
export function pageCookieWrites(read, pathname, porch) {
  /** @type {[keyof typeof PAGE_COOKIES, string][]} */
  const writes = [];
  if (porch && /^[\w-]{1,64}$/.test(porch)) writes.push(['porch', porch]);
  if (read(PAGE_COOKIES.fingerprint.name) === undefined) writes.push(['fingerprint', crypto.randomUUID()]);
  const current = read(PAGE_COOKIES.currentPage.name);
  if (current !== pathname) {
    if (current) writes.push(['previousPage', current]);
    writes.push(['currentPage', pathname]);
  }
  return writes;
}

/**
 * How the web knows it runs inside the native app (spec §1/§2): the app's WebView appends
 * `BalconyApp/<platform>` to its User-Agent, e.g. `… Mobile Safari/537.36 BalconyApp/AND_PLAY`.
 * @param {string | null | undefined} userAgent
 * @returns {'AND_PLAY' | 'AND_PLUS' | 'IOS_APP' | null}
 */
export function appPlatformOf(userAgent) {
  const match = userAgent ? /\bBalconyApp\/(AND_PLAY|AND_PLUS|IOS_APP)\b/.exec(userAgent) : null;
  return /** @type {'AND_PLAY' | 'AND_PLUS' | 'IOS_APP' | undefined} */ (match?.[1]) ?? null;
}

/**
 * Internet Explorer 11 says `Trident/7.0`; IE 10 and older say `MSIE n`.
 * @param {string | null | undefined} userAgent
 */
export function isInternetExplorer(userAgent) {
  return !!userAgent && /Trident\/|MSIE /.test(userAgent);
}
