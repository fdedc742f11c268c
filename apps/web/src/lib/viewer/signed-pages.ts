import type { ViewerPage } from '@balcony/contracts';

// Page images of paid episodes come as signed URLs that expire (ViewerResponse.pagesExpireAt).
// The viewer asks for fresh ones a little before then, and when an image fails to load.

/** Fresh URLs are fetched this long before the old ones expire. */
export const REFRESH_AHEAD_MS = 60_000;
/** After a refresh, a failing image does not trigger another one for this long. */
export const REFRESH_COOLDOWN_MS = 10_000;

/** Milliseconds until the URLs should be refreshed, or null when they never expire. */
export function refreshDelay(pagesExpireAt: string | null, now: number): number | null {
  if (pagesExpireAt === null) return null;
  const expires = Date.parse(pagesExpireAt);
  // setTimeout takes at most 2^31 - 1 ms; a longer wait would fire at once.
  return Number.isNaN(expires) ? null : Math.min(2 ** 31 - 1, Math.max(0, expires - REFRESH_AHEAD_MS - now));
}

/** The image URL of each page of a fresh answer, by page index. */
export function imageUrls(pages: readonly ViewerPage[]): ReadonlyMap<number, string> {
  return new Map(pages.flatMap((page) => (page.kind === 'IMAGE' ? [[page.index, page.url] as const] : [])));
}
