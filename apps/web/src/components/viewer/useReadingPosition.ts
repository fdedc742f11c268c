import type { PlatformId, ReadingPosition } from '@balcony/contracts';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { getCsrfToken } from '@/components/session/client';
import { clampPosition, positionsStorageKey, START, storedPosition, withStoredPosition } from '@/lib/viewer/position';
import { createProgressSaver, type ProgressSaver } from '@/lib/viewer/progress';
import { saveProgress, saveProgressOnLeave } from './progress-client';

interface ReadingPositionOptions {
  brandId: PlatformId;
  episodeId: number;
  pageCount: number;
  /** A member's position is kept by the api (and arrives as `resume`); a visitor's on the device. */
  member: boolean;
  resume: ReadingPosition | null;
  /** False while a member's kept page waits for their place: nothing is saved yet (ViewerView). */
  ready: boolean;
}

function readDevice(brandId: PlatformId, episodeId: number): ReadingPosition | null {
  try {
    return storedPosition(window.localStorage.getItem(positionsStorageKey(brandId)), episodeId);
  } catch {
    return null;
  }
}

function writeDevice(brandId: PlatformId, episodeId: number, position: ReadingPosition): void {
  const key = positionsStorageKey(brandId);
  try {
    window.localStorage.setItem(
      key,
      withStoredPosition(window.localStorage.getItem(key), episodeId, position, Date.now()),
    );
  } catch {
    // Storage full or blocked: the visitor starts this episode from the top next time.
  }
}

/**
 * Spec reading position: where the episode opens (`opening`, browser only), and `record` for
 * where the reader is now, saved after a pause of SAVE_DEBOUNCE_MS, and at once when the tab is
 * hidden, the page is left or another episode opens.
 */
export function useReadingPosition({ brandId, episodeId, pageCount, member, resume, ready }: ReadingPositionOptions) {
  const saverRef = useRef<ProgressSaver | null>(null);
  // A place reached before the saver exists: the reader's own layout effects run before this
  // hook's, and a member's kept page waits for their place (`ready`).
  const earlyRef = useRef<ReadingPosition | null>(null);
  const openingRef = useRef<ReadingPosition | null>(null);
  const csrfRef = useRef<string | null>(null);

  const opening = useCallback((): ReadingPosition => {
    openingRef.current ??= clampPosition((member ? resume : readDevice(brandId, episodeId)) ?? START, pageCount);
    return openingRef.current;
  }, [brandId, episodeId, member, pageCount, resume]);

  // A layout effect: it is ready before the reader's own layout effects place and measure.
  useLayoutEffect(() => {
    if (!ready) return;
    const saver = createProgressSaver((position, delivery) => {
      if (!member) writeDevice(brandId, episodeId, position);
      else if (delivery === 'keepalive' && csrfRef.current) saveProgressOnLeave(episodeId, position, csrfRef.current);
      else saveProgress(episodeId, position);
    }, opening());
    saverRef.current = saver;
    if (earlyRef.current) saver.record(earlyRef.current);
    earlyRef.current = null;
    // Fetched now: a page that is going away can no longer wait for it.
    if (member)
      getCsrfToken().then(
        (token) => {
          csrfRef.current = token;
        },
        () => {},
      );
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') saver.flush('keepalive');
    };
    const onPageHide = () => saver.flush('keepalive');
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      // Another episode opened within the app: the page lives on, so a plain request does.
      saver.flush('request');
      saverRef.current = null;
    };
  }, [brandId, episodeId, member, opening, ready]);

  const record = useCallback((position: ReadingPosition) => {
    if (saverRef.current) saverRef.current.record(position);
    else earlyRef.current = position;
  }, []);
  return { opening, record };
}
