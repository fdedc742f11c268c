import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CacheTags } from '../shared-cache.js';

// The web keeps visitors' catalogue pages for a short while (apps/web/visitor-pages.mjs). When a
// change drops shared answers here, the same tags are posted to every web replica, which drops
// the pages built from them (decision 0231): `series:{id}` → /detail/{id}, `episode:{id}` →
// /viewer/{id}, a brand's `lists:`/`banners:`/`picks:`/`tabs:` → its / and /home… pages, and
// null → every page. The post is signed with a key derived from WEB_RELAY_SECRET, which the web
// also holds, so nobody else can empty its cache.

/** The path the web's server answers (apps/web/page-drops.mjs). */
export const PAGE_DROP_PATH = '/_/pages/drop';
export const PAGE_DROP_SIGNATURE_HEADER = 'x-balcony-signature';
const POST_TIMEOUT_MS = 2000;

/** The key of page-drop signatures: derived, so it can never pass for a relayed address's signature. */
export function pageDropKey(relaySecret: Uint8Array | string): Buffer {
  return createHmac('sha256', relaySecret).update('balcony web page drops').digest();
}

export function signPageDrop(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(body).digest('base64url');
}

/**
 * A listener for the shared cache's invalidations that tells each web at `baseUrls` which pages
 * to drop. Fire and forget: a web that is down has nothing to drop, and its pages end by
 * themselves within WEB_PAGE_CACHE_SECONDS and one more reader anyway (decision 0303).
 */
export function webPageDrops(opts: {
  baseUrls: readonly string[];
  relaySecret: Uint8Array;
  log: FastifyBaseLogger;
}): (tags: CacheTags | null) => void {
  const key = pageDropKey(opts.relaySecret);
  const targets = opts.baseUrls.map((base) => new URL(PAGE_DROP_PATH, base).toString());
  return (tags) => {
    if (targets.length === 0) return;
    const body = JSON.stringify({ tags, at: Date.now() });
    const headers = { 'content-type': 'application/json', [PAGE_DROP_SIGNATURE_HEADER]: signPageDrop(key, body) };
    for (const target of targets) {
      fetch(target, { method: 'POST', headers, body, signal: AbortSignal.timeout(POST_TIMEOUT_MS) })
        .then((res) => {
          if (!res.ok) opts.log.warn({ target, status: res.status }, 'web refused a page drop');
        })
        .catch((err: unknown) => opts.log.debug({ err, target }, 'web not told of a page drop'));
    }
  };
}
