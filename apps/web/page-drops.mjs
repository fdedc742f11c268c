// What the api tells the web after a catalog change (decision 0231): the tags of the shared
// answers it dropped, posted to /_/pages/drop (src/app/%5F/pages/drop/route.ts) and signed with a
// key derived from WEB_RELAY_SECRET (the api's apps/api/src/http/web-pages.ts). The data cache's
// reads and the visitor pages built from them are dropped at once instead of living out their
// 30 seconds:
//   series:{id}  → /detail/{id} on every host;   episode:{id} → /viewer/{id} on every host;
//   lists:|banners:|picks:|tabs:{brand} → / and /home… on the hosts of that brand;
//   null         → every kept page.
// Plain JavaScript for server.mjs; its types are in page-drops.d.mts.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sharedSecretOf } from './shared-secrets.mjs';

export const PAGE_DROP_PATH = '/_/pages/drop';
export const PAGE_DROP_SIGNATURE_HEADER = 'x-balcony-signature';
/** A drop older or newer than this is refused (a replayed one would only cost renders, but still). */
const MAX_SKEW_MS = 60_000;
const MAX_BODY_BYTES = 256 * 1024;
const BRAND_PAGES = /^\/(?:$|home(?:\/.*)?$)/;

/**
 * The brand of a Host header, as src/lib/brand/brand-routing.ts resolves it: an exact
 * `host:port` entry of BRAND_HOSTS, then the bare host name, else BRAND_ID (or the default brand).
 * @param {{ BRAND_ID?: string, BRAND_HOSTS?: string }} env
 * @param {string} defaultBrand
 * @returns {(host: string) => string}
 */
export function brandRouting(env, defaultBrand) {
  const fallback = env.BRAND_ID || defaultBrand;
  const hosts = new Map();
  for (const entry of (env.BRAND_HOSTS ?? '').split(',')) {
    const [host, id] = entry.split('=').map((part) => part.trim());
    if (host && id) hosts.set(host.toLowerCase(), id);
  }
  return (host) => {
    const normalized = host.trim().toLowerCase();
    return hosts.get(normalized) ?? hosts.get(normalized.replace(/:\d+$/, '')) ?? fallback;
  };
}

/**
 * Which kept pages a change's tags reach: `(host, pathname) => boolean`.
 * @param {readonly string[] | null} tags
 * @param {(host: string) => string} brandOfHost
 * @returns {(host: string, pathname: string) => boolean}
 */
export function pagesOfTags(tags, brandOfHost) {
  if (tags === null) return () => true;
  const paths = new Set();
  const brands = new Set();
  for (const tag of tags) {
    const [kind, value] = tag.split(':', 2);
    if (!value) continue;
    if (kind === 'series') paths.add(`/detail/${value}`);
    else if (kind === 'episode') paths.add(`/viewer/${value}`);
    else if (kind === 'lists' || kind === 'banners' || kind === 'picks' || kind === 'tabs') brands.add(value);
  }
  return (host, pathname) => {
    const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
    if (paths.has(path)) return true;
    return brands.size > 0 && BRAND_PAGES.test(path) && brands.has(brandOfHost(host));
  };
}

const VISITOR_PAGES = Symbol.for('balcony.visitorPages');

/**
 * Makes the server's visitor page cache reachable from the app's route handler, which runs in
 * the same process (server.mjs calls this once; under `next dev` there is no such cache).
 * @param {import('./visitor-pages.mjs').VisitorPages | null} pages
 */
export function shareVisitorPages(pages) {
  /** @type {Record<symbol, unknown>} */ (globalThis)[VISITOR_PAGES] = pages;
}

/** @returns {import('./visitor-pages.mjs').VisitorPages | null} */
function visitorPages() {
  const pages = /** @type {Record<symbol, unknown>} */ (globalThis)[VISITOR_PAGES];
  return typeof pages === 'function' ? /** @type {import('./visitor-pages.mjs').VisitorPages} */ (pages) : null;
}

/**
 * The web data cache's tags (src/lib/api/visitor-cache.ts) of the api's tags, for every brand:
 * a series or an episode is the same id on every brand that shows it.
 * @param {readonly string[] | null} tags
 * @param {readonly string[]} brandIds
 */
export function dataTagsOf(tags, brandIds) {
  if (tags === null) return brandIds.map((b) => `catalog:${b}`);
  const out = new Set();
  for (const tag of tags) {
    const [kind, value] = tag.split(':', 2);
    if (!value) continue;
    if (kind === 'series' || kind === 'episode') for (const b of brandIds) out.add(`catalog:${b}:${kind}:${value}`);
    else if (kind === 'lists') {
      out.add(`catalog:${value}:home`);
      out.add(`catalog:${value}:search`);
    } else if (kind === 'banners' || kind === 'picks' || kind === 'tabs') out.add(`catalog:${value}:home`);
  }
  return [...out];
}

/**
 * Checks a page drop the api posted and applies it: the data cache's tags through `revalidate`,
 * then the kept visitor pages. Answers the HTTP status: 204 done, 403 not signed with the relay
 * secret, 400 malformed or stale.
 * @param {{ body: string, signature: string | null, env: NodeJS.ProcessEnv, defaultBrand: string,
 *   brandIds: readonly string[], revalidate: (tag: string) => void }} drop
 */
export function applyPageDrop({ body, signature, env, defaultBrand, brandIds, revalidate }) {
  const secret = sharedSecretOf(env, 'WEB_RELAY_SECRET', 'relay-secret');
  if (!secret || body.length > MAX_BODY_BYTES) return 403;
  const key = createHmac('sha256', secret).update('balcony web page drops').digest();
  const given = Buffer.from(signature ?? '');
  const expected = Buffer.from(createHmac('sha256', key).update(body).digest('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 403;
  /** @type {{ tags?: unknown, at?: unknown }} */
  let message;
  try {
    message = JSON.parse(body);
  } catch {
    return 400;
  }
  const tags = message.tags === null ? null : Array.isArray(message.tags) ? message.tags.map(String) : undefined;
  if (tags === undefined || typeof message.at !== 'number' || Math.abs(Date.now() - message.at) > MAX_SKEW_MS) {
    return 400;
  }
  for (const tag of dataTagsOf(tags, brandIds)) revalidate(tag);
  visitorPages()?.drop(pagesOfTags(tags, brandRouting(env, defaultBrand)));
  return 204;
}
