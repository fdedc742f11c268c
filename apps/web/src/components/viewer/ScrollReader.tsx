'use client';

import { LAYOUT, LAZY_MARGIN_PX, SCROLL_THROTTLE_MS } from '@balcony/contracts/constants';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { throttle } from '@/lib/shell/throttle';
import { type PageBox, positionAt, START, samePlace, scrollDeltaFor } from '@/lib/viewer/position';
import { type ReaderModeProps, ReaderStage } from './ReaderStage';

/** Besides the pages near the viewport, this many after each are fetched ahead. */
const PRELOAD_AHEAD = 2;
/** The reading line sits under the sticky top bar. */
const READING_LINE_PX = LAYOUT.headerBar;

const pageBoxes = (list: HTMLOListElement | null): PageBox[] =>
  list ? Array.from(list.children, (item) => item.getBoundingClientRect()) : [];

/**
 * Scroll mode: one long strip whose pages reserve their size, load when they come within
 * LAZY_MARGIN_PX (and the next PRELOAD_AHEAD with them), and report where the reader is as they
 * scroll. On opening, or coming from paper mode, the reader's place comes to the reading line.
 */
export function ScrollReader({
  content,
  hydrated,
  place,
  reach,
  request,
  scrollTop,
}: ReaderModeProps & {
  /** The way back to the top of a long strip. */
  scrollTop: ReactNode;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const pageCount = content.pages.length;
  const hasText = content.pages.some((page) => page.kind === 'TEXT');

  useLayoutEffect(() => {
    if (!hydrated) return;
    const target = place();
    if (samePlace(target, START) && window.scrollY > 0) {
      // The reader scrolled before the page came to life (or the browser put them back): they stay.
      reach(positionAt(pageBoxes(listRef.current), READING_LINE_PX));
      return;
    }
    const moveTo = () => {
      const delta = scrollDeltaFor(target, pageBoxes(listRef.current), READING_LINE_PX);
      if (delta !== 0) window.scrollBy({ top: delta, behavior: 'instant' });
    };
    moveTo();
    if (!hasText) return;
    // Text pages change height once their font arrives: place the reader again then, unless
    // they scrolled meanwhile.
    const scrolled = window.scrollY;
    void document.fonts.ready.then(() => {
      if (window.scrollY === scrolled) moveTo();
    });
  }, [hydrated, place, hasText, reach]);

  // Pages near the viewport, and the ones after them, are fetched.
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const near = entries.flatMap((entry) => {
          if (!entry.isIntersecting || !(entry.target instanceof HTMLElement)) return [];
          const at = Number(entry.target.dataset.position);
          return Array.from({ length: PRELOAD_AHEAD + 1 }, (_, i) => at + i).filter((p) => p < pageCount);
        });
        if (near.length > 0) request(near);
      },
      { rootMargin: `${LAZY_MARGIN_PX}px 0px` },
    );
    for (const item of list.children) observer.observe(item);
    return () => observer.disconnect();
  }, [pageCount, request]);

  // Where the reader is, at most every SCROLL_THROTTLE_MS.
  useEffect(() => {
    if (!hydrated) return;
    const onScroll = throttle(() => reach(positionAt(pageBoxes(listRef.current), READING_LINE_PX)), SCROLL_THROTTLE_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      onScroll.cancel();
      window.removeEventListener('scroll', onScroll);
    };
  }, [hydrated, reach]);

  return (
    <>
      <ReaderStage content={content} listRef={listRef} />
      {scrollTop}
    </>
  );
}
