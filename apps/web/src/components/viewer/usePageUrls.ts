import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { frontErrorCode } from '@/components/session/front-error';
import { followUpOf } from '@/lib/errors/error-codes';
import { imageUrls, REFRESH_COOLDOWN_MS, refreshDelay } from '@/lib/viewer/signed-pages';

const NONE: ReadonlyMap<number, string> = new Map();

/**
 * The image URLs of an episode's pages. Signed ones (paid episodes) are fetched again a little
 * before `pagesExpireAt` and when an image fails to load, and swapped in place: page sizes do
 * not change, so the reader does not move. When the api refuses (a rental ended meanwhile), the page is rendered again by the
 * server, which explains why.
 */
export function usePageUrls(episodeId: number, pagesExpireAt: string | null) {
  const router = useRouter();
  const [fresh, setFresh] = useState({ urls: NONE, expiresAt: pagesExpireAt });
  const busy = useRef(false);
  const lastRefresh = useRef(Number.NEGATIVE_INFINITY);

  const refresh = useCallback(async () => {
    if (busy.current || Date.now() - lastRefresh.current < REFRESH_COOLDOWN_MS) return;
    busy.current = true;
    try {
      const { fetchViewer } = await import('./viewer-calls');
      const answer = await fetchViewer(episodeId);
      setFresh({ urls: imageUrls(answer.pages), expiresAt: answer.pagesExpireAt });
    } catch (error) {
      // A failure worth retrying waits for the next expiry or image error; a refusal is explained
      // by the server's render of the page.
      if (followUpOf(frontErrorCode(error)) !== 'reload') router.refresh();
    } finally {
      busy.current = false;
      lastRefresh.current = Date.now();
    }
  }, [episodeId, router]);

  useEffect(() => {
    const delay = refreshDelay(fresh.expiresAt, Date.now());
    if (delay === null) return;
    const timer = setTimeout(() => void refresh(), delay);
    return () => clearTimeout(timer);
  }, [fresh.expiresAt, refresh]);

  const signed = fresh.expiresAt !== null;
  const urlOf = useCallback((index: number, url: string) => fresh.urls.get(index) ?? url, [fresh.urls]);
  const onImageError = useCallback(() => {
    if (signed) void refresh();
  }, [signed, refresh]);
  return { urlOf, onImageError };
}
