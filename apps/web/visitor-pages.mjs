// The visitor page cache of the production server (decision 0146). A catalogue page asked for by
// a visitor (no session cookie) is rendered once and kept for a short while; the next visitors
// who would get the same page are answered from it here, without Next.js, each with a fresh nonce
// written where the render wrote its own and their own page cookies (page-policy.mjs, shared with
// src/proxy.ts, which does the same for rendered pages). Requests for a page being rendered wait
// for that render instead of starting their own.
// Members get the same for the pages that hold nothing of their own (the home page, its tabs and
// picks, decision 0289) and for series and viewer pages, whose member parts the browser fetches
// (decision 0293), when `memberAudience` names a class for their session: one page per class, rendered as
// a shell (x-balcony-shell: the catalogue fetched as a visitor's, the header's coins and name by
// the browser).
// A page past its fresh time is still answered for a while, as it is, while the server asks
// itself for the page again with the reader's headers (decision 0303): no reader waits for a
// render once a page has been kept, and every one gets the kept page's script loader.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync, gzip, inflateSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import {
  appPlatformOf,
  CONSENT_COOKIE,
  CONSENT_HEADER,
  COOKIE_NAMES,
  contentSecurityPolicy,
  grantedCategories,
  isInternetExplorer,
  newNonce,
  PAGE_COOKIES,
  pageCookieWrites,
} from './page-policy.mjs';
import { paintFirst } from './paint-first.mjs';
import { STAMPED_HEADERS } from './request-stamp.mjs';

/**
 * The catalogue pages kept for visitors, and for members as their class's shell (decisions 0289,
 * 0293: a member's own parts of them are asked for by the browser); every other page is rendered
 * for each request.
 */
const KEPT_PAGES = /^\/(?:$|home(?:\/[\w-]+)?\/?$|home\/pick\/\d+\/?$|detail\/\d+\/?$|viewer\/\d+\/?$)/;
/** A page bigger than this is not kept (it would crowd the others out). */
const MAX_PAGE_BYTES = 1024 * 1024;
/** How long a request waits for the render of the same page before rendering its own. */
const WAIT_FOR_RENDER_MS = 10_000;

/**
 * The header of the server's own request for a page it answers stale (decision 0303): its value
 * is a secret of this process, so no browser can send one.
 */
const RENDER_AGAIN_HEADER = 'x-balcony-render-again';
/** Headers of a reader's request that would not get the whole page: left out of a render again. */
const NOT_FOR_RENDER_AGAIN = [
  'if-none-match',
  'if-modified-since',
  'range',
  'if-range',
  'connection',
  'content-length',
];

/** Headers that belong to one response, not to the page: never kept. */
const PER_RESPONSE = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'content-security-policy',
  'strict-transport-security',
]);

const DECODERS = { gzip: gunzipSync, br: brotliDecompressSync, deflate: inflateSync };
const gzipAsync = promisify(gzip);

/**
 * @typedef {{ parts: Buffer[], nonce: string, headers: [string, string][], bytes: number, keptAt: number }} KeptPage
 *   the HTML cut where the render's nonce stood, the nonce itself, the page's headers, and when
 *   the render ended (answers from the page say how old it is in `Age`, as HTTP caches do)
 */

/**
 * @typedef {((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<boolean>)
 *   & { drop: (matches: (host: string, pathname: string) => boolean) => number,
 *       isRenderAgain: (req: import('node:http').IncomingMessage) => boolean }} VisitorPages
 *   answers a request from the cache (true), or watches its response to keep it (false); `drop`
 *   forgets the kept pages (and renders under way) of the hosts and paths `matches` names, and
 *   answers how many (page-drops.mjs: the api says what changed, decision 0231); `isRenderAgain`:
 *   whether a request is this server's own, for a page it answered stale (its headers, stamped
 *   ones included, are the reader's: they are not stamped again)
 */

/**
 * @param {{
 *   seconds: number,
 *   staleSeconds?: number,
 *   maxBytes: number,
 *   memberAudience?: (sessionCookie: string, host: string) => Promise<string | null>,
 *   renderAgain?: (path: string, headers: import('node:http').IncomingHttpHeaders) => Promise<void>,
 * }} opts seconds: how long a kept page is fresh; staleSeconds: how long after that it is still
 *   answered while the server renders it again (decision 0303), through `renderAgain`, which
 *   asks this server for the page with these headers and settles when the answer has ended
 *   (without it, a page past its seconds is rendered for the next reader); memberAudience: the
 *   class a member's session names (session-audience.mjs); without it, every member's page is
 *   rendered for them
 * @returns {null | VisitorPages} null when off
 */
export function createVisitorPages({ seconds, staleSeconds = 0, maxBytes, memberAudience, renderAgain }) {
  if (!(seconds > 0) || !(maxBytes > 0)) return null;
  const freshMs = seconds * 1000;
  const keptMs = freshMs + (renderAgain && staleSeconds > 0 ? staleSeconds * 1000 : 0);
  /** @type {LRUCache<string, KeptPage>} */
  const pages = new LRUCache({ maxSize: maxBytes, sizeCalculation: (page) => page.bytes + 1024, ttl: keptMs });
  /** @type {Map<string, Promise<KeptPage | undefined>>} renders in flight, by key */
  const rendering = new Map();
  /** The pages answered stale whose render again is under way, by key. */
  const refreshing = new Set();
  const secret = Buffer.from(randomBytes(24).toString('base64url'));
  /** @type {WeakSet<import('node:http').IncomingMessage>} */
  const ownRequests = new WeakSet();

  /** @param {import('node:http').IncomingMessage} req */
  const isRenderAgain = (req) => {
    if (ownRequests.has(req)) return true;
    const value = req.headers[RENDER_AGAIN_HEADER];
    if (value === undefined) return false;
    delete req.headers[RENDER_AGAIN_HEADER];
    const given = Buffer.from(String(value));
    const own = given.length === secret.length && timingSafeEqual(given, secret);
    if (own) ownRequests.add(req);
    return own;
  };

  /**
   * Renders the page of `req` again for the next readers, once at a time per page.
   * @param {import('node:http').IncomingMessage} req
   * @param {string} key
   */
  const refresh = (req, key) => {
    if (!renderAgain || refreshing.has(key)) return;
    refreshing.add(key);
    const headers = { ...req.headers, [RENDER_AGAIN_HEADER]: secret.toString() };
    for (const name of NOT_FOR_RENDER_AGAIN) delete headers[name];
    renderAgain(req.url ?? '/', headers)
      .catch(() => {})
      .finally(() => refreshing.delete(key));
  };

  /** How many drops the api asked for: a render begun before one is not kept. */
  let drops = 0;

  /** @type {VisitorPages} */
  const serve = async (req, res) => {
    const again = isRenderAgain(req);
    const key = await pageKey(req, memberAudience);
    if (!key) return false;
    const found = again ? undefined : (pages.get(key) ?? (await rendering.get(key)));
    const stale = found !== undefined && Date.now() - found.keptAt >= freshMs;
    // A member's stale class page is rendered for them, as before decision 0303: their render
    // goes through the app's proxy, which renews their session and its class (a render again
    // would carry their session without giving the browser what the proxy renewed).
    const member = req.headers[STAMPED_HEADERS.shell] === '1';
    const page = stale && member ? undefined : found;
    if (page) {
      if (stale) refresh(req, key);
      await answer(req, res, page);
      return true;
    }
    if (again || !rendering.has(key)) {
      const started = drops;
      const kept = keep(res).then((found) => {
        // Rendered while the api announced a change: answered, but not kept.
        if (found && drops === started) pages.set(key, found);
        return found;
      });
      const settled = Promise.race([kept, timeout(WAIT_FOR_RENDER_MS)]).finally(() => rendering.delete(key));
      rendering.set(key, settled);
    }
    return false;
  };
  serve.drop = (matches) => {
    drops += 1;
    let dropped = 0;
    const hit = (/** @type {string} */ key) => {
      const [, host = '', path = ''] = key.split('\n');
      return matches(host, new URL(path, 'http://page').pathname);
    };
    for (const key of [...pages.keys()]) {
      if (hit(key)) {
        pages.delete(key);
        dropped += 1;
      }
    }
    // A render that started before the change would keep the old page: let it finish unkept.
    for (const key of [...rendering.keys()]) if (hit(key)) rendering.delete(key);
    return dropped;
  };
  serve.isRenderAgain = isRenderAgain;
  return serve;
}

/**
 * The key of a visitor's page request: everything its render depends on (scheme, host, address,
 * the adult answers, the user agent's kind, and for the viewer the page it was opened from, which
 * its "back" link points to), or null when it must be rendered for this reader. A member's request
 * is keyed by their class instead of the adult answers, and marked so
 * that its render, when there is one, is the class's shell.
 * @param {import('node:http').IncomingMessage} req
 * @param {((sessionCookie: string, host: string) => Promise<string | null>) | undefined} memberAudience
 */
async function pageKey(req, memberAudience) {
  if (req.method !== 'GET' || req.headers.rsc || req.headers['next-router-state-tree']) return null;
  if (req.headers['next-router-prefetch'] || req.headers.purpose === 'prefetch') return null;
  const url = new URL(req.url ?? '/', 'http://page');
  if (!KEPT_PAGES.test(url.pathname) || url.searchParams.has('_rsc')) return null;
  const cookies = cookiesOf(req);
  const agent = req.headers['user-agent'];
  if (isInternetExplorer(agent) || appPlatformOf(agent)) return null;
  const host = req.headers.host ?? '';
  const session = cookies.get(COOKIE_NAMES.session);
  let reader;
  if (session === undefined) {
    reader = [cookies.get(COOKIE_NAMES.notLoggedInAdult) ?? '', cookies.get(COOKIE_NAMES.adultPopup) ?? ''];
  } else {
    const audience = memberAudience ? await memberAudience(session, host) : null;
    if (audience === null) return null;
    req.headers[STAMPED_HEADERS.shell] = '1';
    reader = [`member:${audience}`, ''];
  }
  return [
    req.headers[STAMPED_HEADERS.proto] ?? 'http',
    host,
    url.pathname + url.search,
    ...reader,
    url.pathname.startsWith('/viewer/') ? (req.headers.referer ?? '') : '',
  ].join('\n');
}

/** @param {import('node:http').IncomingMessage} req */
function cookiesOf(req) {
  const found = new Map();
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    const name = pair.slice(0, at).trim();
    if (found.has(name)) continue;
    try {
      found.set(name, decodeURIComponent(pair.slice(at + 1).trim()));
    } catch {
      found.set(name, pair.slice(at + 1).trim());
    }
  }
  return found;
}

/**
 * Answers with the kept page: this response's own nonce in the HTML, the headers and the policy,
 * and the page cookies this request writes, gzipped when the browser takes it.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {KeptPage} page
 */
async function answer(req, res, page) {
  const nonce = newNonce();
  const html = Buffer.concat(page.parts.flatMap((part, i) => (i === 0 ? [part] : [Buffer.from(nonce), part])));
  for (const [name, value] of page.headers) res.appendHeader(name, value.replaceAll(page.nonce, nonce));
  res.setHeader('content-security-policy', contentSecurityPolicy(nonce, false));
  res.setHeader('age', Math.max(0, Math.floor((Date.now() - page.keptAt) / 1000)));
  const secure = req.headers[STAMPED_HEADERS.proto] === 'https';
  const cookies = cookiesOf(req);
  const url = new URL(req.url ?? '/', 'http://page');
  // The proxy marked the page when its brand asks consent (decision 0263): the same gate here.
  const asks = page.headers.some(([name, value]) => name === CONSENT_HEADER && value === 'required');
  const writes = pageCookieWrites(
    (name) => cookies.get(name),
    url.pathname,
    url.searchParams.get('porch'),
    grantedCategories(asks, cookies.get(CONSENT_COOKIE.name)),
  );
  if (writes.length > 0)
    res.setHeader(
      'set-cookie',
      writes.map(([which, value]) => setCookie(which, value, secure)),
    );
  const gzipped = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = gzipped ? await gzipAsync(html, { level: 6 }) : html;
  if (gzipped) res.setHeader('content-encoding', 'gzip');
  res.setHeader('content-length', body.length);
  res.writeHead(200).end(body);
}

/**
 * A Set-Cookie value as Next.js writes the same cookie in src/proxy.ts.
 * @param {keyof typeof PAGE_COOKIES} which
 * @param {string | null} value null expires the cookie (its category is not allowed)
 * @param {boolean} secure
 */
function setCookie(which, value, secure) {
  const { name, httpOnly } = PAGE_COOKIES[which];
  const maxAge = value === null ? 0 : PAGE_COOKIES[which].maxAge;
  const expires = new Date(Date.now() + maxAge * 1000).toUTCString();
  return [
    `${name}=${encodeURIComponent(value ?? '')}`,
    'Path=/',
    `Expires=${expires}`,
    `Max-Age=${maxAge}`,
    ...(httpOnly ? ['HttpOnly'] : []),
    ...(secure ? ['Secure'] : []),
    'SameSite=lax',
  ].join('; ');
}

/**
 * Watches a response rendered by Next.js and resolves to it as a page to keep: a 200 HTML page
 * with a nonce in its policy, complete; otherwise to undefined.
 * @param {import('node:http').ServerResponse} res
 * @returns {Promise<KeptPage | undefined>}
 */
function keep(res) {
  /** @type {{ nonce: string, encoding: string | undefined, headers: [string, string][] } | null} */
  let wanted = null;
  /** @type {Buffer[]} */
  const chunks = [];
  let bytes = 0;

  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    const nonce = /'nonce-([^']+)'/.exec(String(this.getHeader('content-security-policy') ?? ''))?.[1];
    const type = String(this.getHeader('content-type') ?? '');
    const passed = rest.some((arg) => typeof arg === 'object' && arg !== null);
    if (status === 200 && nonce && type.startsWith('text/html') && !passed) {
      const encoding = this.getHeader('content-encoding');
      wanted = { nonce, encoding: encoding === undefined ? undefined : String(encoding), headers: keptHeaders(this) };
    }
    return writeHead.call(this, status, ...rest);
  };
  /** @param {unknown} chunk @param {unknown} encoding */
  const collect = (chunk, encoding) => {
    if (!wanted || chunk == null || typeof chunk === 'function') return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk)
        : Buffer.from(String(chunk), typeof encoding === 'string' ? /** @type {BufferEncoding} */ (encoding) : 'utf8');
    bytes += buffer.length;
    if (bytes > MAX_PAGE_BYTES) wanted = null;
    else chunks.push(buffer);
  };
  const write = res.write;
  res.write = function (chunk, encoding, ...rest) {
    const written = write.call(this, chunk, encoding, ...rest);
    collect(chunk, encoding);
    return written;
  };
  const end = res.end;
  res.end = function (chunk, encoding, ...rest) {
    const ended = end.call(this, chunk, encoding, ...rest);
    collect(chunk, encoding);
    return ended;
  };

  return new Promise((resolve) => {
    res.once('close', () => {
      if (!wanted || !res.writableFinished) return resolve(undefined);
      const decode = wanted.encoding === undefined ? (/** @type {Buffer} */ b) => b : DECODERS[wanted.encoding];
      if (!decode) return resolve(undefined);
      // The page's scripts wait for its first image (paint-first.mjs, decision 0302).
      const html = Buffer.from(paintFirst(decode(Buffer.concat(chunks)).toString('utf8'), wanted.nonce));
      resolve({
        parts: split(html, Buffer.from(wanted.nonce)),
        nonce: wanted.nonce,
        headers: wanted.headers,
        bytes: html.length,
        keptAt: Date.now(),
      });
    });
  });
}

/** @param {Buffer} html @param {Buffer} nonce */
function split(html, nonce) {
  const parts = [];
  let from = 0;
  for (let at = html.indexOf(nonce); at >= 0; at = html.indexOf(nonce, from)) {
    parts.push(html.subarray(from, at));
    from = at + nonce.length;
  }
  parts.push(html.subarray(from));
  return parts;
}

/** @param {import('node:http').ServerResponse} res @returns {[string, string][]} */
function keptHeaders(res) {
  /** @type {[string, string][]} */
  const kept = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (PER_RESPONSE.has(name) || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) kept.push([name, String(one)]);
  }
  return kept;
}

/** @param {number} ms @returns {Promise<undefined>} */
function timeout(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
