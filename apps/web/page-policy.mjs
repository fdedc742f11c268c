// What every page response carries, in one place for the two that answer pages: src/proxy.ts
// (every rendered page) and the production server's visitor page cache (visitor-pages.mjs, pages
// served without a render). Plain JavaScript, since server.mjs runs without a build step; no
// Node.js imports, since browser code reads the cookie names and the app marker from here too.
import { COOKIE_MAX_AGE } from '@balcony/contracts/constants';

/** A fresh nonce for one response's Content-Security-Policy. */
export function newNonce() {
  return btoa(crypto.randomUUID());
}

/** A fresh CSRF secret: 32 random bytes, base64url. */
export function newCsrfSecret() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
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

/**
 * The cookies every page response writes when they are due: the page cookies of spec §4 (none holds
 * a secret) and the double-submit CSRF secret. The secret comes with the page, before any of its
 * scripts runs, so that every call the page and its sibling tabs make echoes the one value: minted
 * by /api/auth/csrf instead, two first calls at once would each set their own and one would fail.
 */
export const PAGE_COOKIES = Object.freeze({
  /** Double-submit CSRF secret; /api/auth/csrf tells the page's scripts its value. */
  csrf: Object.freeze({ name: 'balcony_csrf', maxAge: 24 * 3600, httpOnly: true }),
  /** Marketing code from `?porch=`. */
  porch: Object.freeze({ name: 'porch', maxAge: COOKIE_MAX_AGE.marketing, httpOnly: true }),
  /** Random device id (the browser fingerprint of spec §4). */
  fingerprint: Object.freeze({ name: 'fp', maxAge: COOKIE_MAX_AGE.fingerprint, httpOnly: true }),
  previousPage: Object.freeze({ name: 'prev_page', maxAge: 3600, httpOnly: true }),
  currentPage: Object.freeze({ name: 'current_page', maxAge: 3600, httpOnly: true }),
});

/**
 * The page cookies this page request writes, as [which, value]: the CSRF secret when the browser
 * has none (necessary, so never held back by consent), the marketing code when the
 * address carries a valid one, a device id when the browser has none, and the previous and
 * current page when the reader moved; each only when the reader's consent grants its category
 * (decision 0263). A page cookie the browser still holds without that consent is expired
 * ([which, null]), so taking consent back removes what it allowed.
 * @param {(name: string) => string | undefined} read the request's cookie of that name
 * @param {string} pathname
 * @param {string | null} porch the `porch` query parameter
 * @param {ReadonlySet<ConsentCategory>} [granted] the categories allowed (all when not given)
 * @returns {[keyof typeof PAGE_COOKIES, string | null][]}
 */
export function pageCookieWrites(read, pathname, porch, granted = ALL_CATEGORIES) {
  /** @type {[keyof typeof PAGE_COOKIES, string | null][]} */
  const writes = [];
  const allowed = (/** @type {keyof typeof PAGE_COOKIES} */ which) => granted.has(PAGE_COOKIE_CATEGORY[which]);
  for (const which of /** @type {(keyof typeof PAGE_COOKIES)[]} */ (Object.keys(PAGE_COOKIES))) {
    if (!allowed(which) && read(PAGE_COOKIES[which].name) !== undefined) writes.push([which, null]);
  }
  if (read(PAGE_COOKIES.csrf.name) === undefined) writes.push(['csrf', newCsrfSecret()]);
  if (allowed('porch') && porch && /^[\w-]{1,64}$/.test(porch)) writes.push(['porch', porch]);
  if (allowed('fingerprint') && read(PAGE_COOKIES.fingerprint.name) === undefined)
    writes.push(['fingerprint', crypto.randomUUID()]);
  const current = read(PAGE_COOKIES.currentPage.name);
  if (allowed('currentPage') && current !== pathname) {
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

// Consent (issue 16, decision 0263): on the brands run from the EU nothing beyond strictly
// necessary cookies is written before the reader says yes, per category. The choice is the
// `consent` cookie (necessary itself, script-readable: the banner reads and writes it). Both
// writers of page cookies, src/proxy.ts and the visitor page cache, pass `grantedCategories` to
// `pageCookieWrites`; the cache learns whether a kept page's brand asks from CONSENT_HEADER, which
// the proxy put on the page when it was rendered.

/** @typedef {'necessary' | 'measurement' | 'marketing'} ConsentCategory */

/** The categories a reader may allow, besides the necessary ones that need no consent. */
export const CONSENT_CATEGORIES = Object.freeze(/** @type {const} */ (['measurement', 'marketing']));

/** @type {ReadonlySet<ConsentCategory>} */
const ALL_CATEGORIES = new Set(['necessary', 'measurement', 'marketing']);
/** @type {ReadonlySet<ConsentCategory>} */
const NECESSARY_ONLY = new Set(['necessary']);

/** Which category each page cookie of spec §4 belongs to. */
export const PAGE_COOKIE_CATEGORY = Object.freeze(
  /** @type {const} */ ({
    csrf: 'necessary',
    porch: 'marketing',
    fingerprint: 'measurement',
    previousPage: 'measurement',
    currentPage: 'measurement',
  }),
);

/** The remembered choice: 180 days, then asked again. */
export const CONSENT_COOKIE = Object.freeze({ name: 'consent', maxAge: 180 * 24 * 3600, httpOnly: false });

/** Response header of a page whose brand asks consent ("required"); kept with the page by the cache. */
export const CONSENT_HEADER = 'x-balcony-consent';

/** The brands whose pages ask consent: run from France or Germany, delitoon-me included. */
export const CONSENT_BRANDS = Object.freeze([
  'delitoonb-fr',
  'delitoon-fr',
  'delitoon-de',
  'delitoonb-de',
  'delitoonx-fr',
  'delitoon-me',
]);

/** @param {string} brandId */
export function asksConsent(brandId) {
  return CONSENT_BRANDS.includes(brandId);
}

/**
 * The consent cookie's value for a choice: the allowed categories joined by dots after
 * `necessary`, e.g. `necessary.measurement` (a cookie value needs no encoding this way).
 * @param {{ measurement: boolean, marketing: boolean }} choice
 */
export function formatConsent(choice) {
  return ['necessary', ...CONSENT_CATEGORIES.filter((category) => choice[category])].join('.');
}

/**
 * The choice a consent cookie holds, or null when there is none or it is not ours.
 * @param {string | undefined | null} value
 * @returns {{ measurement: boolean, marketing: boolean } | null}
 */
export function parseConsent(value) {
  if (!value) return null;
  const parts = value.split('.');
  if (parts[0] !== 'necessary' || parts.length > 3) return null;
  const rest = parts.slice(1);
  if (!rest.every((part) => /** @type {readonly string[]} */ (CONSENT_CATEGORIES).includes(part))) return null;
  if (new Set(rest).size !== rest.length) return null;
  return { measurement: rest.includes('measurement'), marketing: rest.includes('marketing') };
}

/**
 * The categories a request may write cookies of: all where the brand asks no consent; else the
 * necessary ones and those the consent cookie allows.
 * @param {boolean} asks whether the brand asks consent
 * @param {string | undefined | null} consentValue the request's consent cookie
 * @returns {ReadonlySet<ConsentCategory>}
 */
export function grantedCategories(asks, consentValue) {
  if (!asks) return ALL_CATEGORIES;
  const choice = parseConsent(consentValue);
  if (!choice) return NECESSARY_ONLY;
  return new Set(['necessary', ...CONSENT_CATEGORIES.filter((category) => choice[category])]);
}
