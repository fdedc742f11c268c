import type { ReaderHeaders } from './api-client';

// The web's data cache of visitors' catalogue reads (decision 0140): what the api answers every
// visitor of a brand who reads in the same way (platform, answer to the adult question) is kept
// for a short while and shared, so a visitor's page does not wait on the api. A member's read,
// with its bearer, never goes through it.

/** Seconds a shared visitor answer is served before it is fetched again (in the background). */
export const VISITOR_CACHE_SECONDS = 30;

/** What a cached read is about, for its tags. */
export type VisitorCacheKey =
  | { kind: 'home' }
  | { kind: 'search' }
  | { kind: 'series'; seriesId: number }
  | { kind: 'episode'; episodeId: number };

/**
 * The tags a cached read carries, so that `revalidateTag` can drop precisely what a catalogue
 * change touches: everything of a brand, a part of it, or one series or episode.
 */
export function catalogTags(brandId: string, key: VisitorCacheKey): string[] {
  const brand = `catalog:${brandId}`;
  switch (key.kind) {
    case 'home':
    case 'search':
      return [brand, `${brand}:${key.kind}`];
    case 'series':
      return [brand, `${brand}:series:${key.seriesId}`];
    case 'episode':
      return [brand, `${brand}:episode:${key.episodeId}`];
  }
}

/** The cache key of a visitor read: everything the api's answer depends on, and nothing else. */
export function visitorCacheKey(
  brandId: string,
  path: string,
  query: Readonly<Record<string, string | undefined>> | undefined,
  reader: ReaderHeaders,
): string[] {
  const params = Object.entries(query ?? {})
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return ['visitor-read', brandId, `${path}?${params}`, reader.platform ?? 'WEB', reader.visitorAdultAnswer ?? ''];
}

/**
 * Whether a cached answer may still be used: signed page addresses (`pagesExpireAt`) must outlive
 * the page that shows them by more than the cache's own lifetime, else the read goes to the api.
 */
export function visitorReadIsFresh(data: unknown, now: number): boolean {
  if (typeof data !== 'object' || data === null || !('pagesExpireAt' in data)) return true;
  const expiresAt = data.pagesExpireAt;
  if (typeof expiresAt !== 'string') return true;
  return Date.parse(expiresAt) - now > 2 * VISITOR_CACHE_SECONDS * 1000;
}
