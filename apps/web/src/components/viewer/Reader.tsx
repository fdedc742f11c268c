'use client';

import type { PlatformId, ReadingPosition } from '@balcony/contracts';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useScreenSize } from '@/components/shell/useScreenSize';
import { PaperReader } from './PaperReader';
import type { ReaderPage, StageContent } from './ReaderStage';
import { ScrollReader } from './ScrollReader';
import { useViewerSettings } from './settings-store';
import { useHydrated } from './useHydrated';
import { usePageUrls } from './usePageUrls';
import { useReadingPosition } from './useReadingPosition';
import { useViewerView } from './ViewerView';

interface ReaderProps {
  brandId: PlatformId;
  episodeId: number;
  pages: readonly ReaderPage[];
  pagesExpireAt: string | null;
  /** Paper mode turns right to left (readsRightToLeft). */
  rightToLeft: boolean;
  /** What follows the last page: the episode controls. */
  end: ReactNode;
  /** Scroll mode's way back to the top of a long strip. */
  scrollTop: ReactNode;
}

/**
 * An episode's pages in the reader's mode (ScrollReader or PaperReader). What both modes share
 * lives here, so switching modes keeps it: where the reader is (the episode opens where they
 * stopped last time, and a switch keeps their page), which pages may be fetched, and the
 * freshest addresses of signed pages.
 */
export function Reader({ brandId, episodeId, pages, pagesExpireAt, rightToLeft, end, scrollTop }: ReaderProps) {
  const settings = useViewerSettings();
  // A member's kept page places the reader once their place is known (ViewerView).
  const { member, resume, pending } = useViewerView();
  const hydrated = useHydrated() && !pending;
  const { isDesktop } = useScreenSize();
  const { urlOf, onImageError } = usePageUrls(episodeId, pagesExpireAt);
  const { opening, record } = useReadingPosition({
    brandId,
    episodeId,
    pageCount: pages.length,
    member,
    resume,
    ready: !pending,
  });
  const position = useRef<ReadingPosition | null>(null);
  const [requested, setRequested] = useState<ReadonlySet<number>>(() => new Set([0]));

  const request = useCallback((positions: readonly number[]) => {
    setRequested((previous) =>
      positions.every((p) => previous.has(p)) ? previous : new Set([...previous, ...positions]),
    );
  }, []);

  const place = useCallback((): ReadingPosition => {
    position.current ??= opening();
    return position.current;
  }, [opening]);

  const reach = useCallback(
    (reached: ReadingPosition) => {
      position.current = reached;
      record(reached);
    },
    [record],
  );

  const content: StageContent = { pages, rightToLeft, requested, urlOf, onImageError, end };
  const mode = { content, hydrated, place, reach, request };
  return settings.mode === 'PAPER' ? (
    <PaperReader {...mode} double={settings.layout === 'DOUBLE' && isDesktop} />
  ) : (
    <ScrollReader {...mode} scrollTop={scrollTop} />
  );
}
