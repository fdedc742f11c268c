'use client';

import { LAYOUT, LAZY_MARGIN_PX, type PlatformId, type ReadingPosition, SCROLL_THROTTLE_MS } from '@balcony/contracts';
import {
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useFormatter, useTranslations } from 'use-intl';
import { useScreenSize } from '@/components/shell/useScreenSize';
import { IMAGE_SLOTS, imageSources } from '@/lib/media';
import { throttle } from '@/lib/shell/throttle';
import { buildSpreads, spreadOf, type Turn, turnForKey, turnForSwipe, turnForTap, turnTo } from '@/lib/viewer/paper';
import { type PageBox, positionAt, START, samePlace, scrollDeltaFor } from '@/lib/viewer/position';
import { Chevron } from './icons';
import { useViewerSettings } from './settings-store';
import { useHydrated } from './useHydrated';
import { usePageUrls } from './usePageUrls';
import { useReadingPosition } from './useReadingPosition';
import styles from './Viewer.module.css';

export type ReaderPage =
  | { kind: 'IMAGE'; index: number; url: string; width: number; height: number }
  /** A text page, rendered by the server. */
  | { kind: 'TEXT'; index: number; content: ReactNode };

interface ReaderProps {
  brandId: PlatformId;
  episodeId: number;
  pages: readonly ReaderPage[];
  pagesExpireAt: string | null;
  member: boolean;
  resume: ReadingPosition | null;
  /** Paper mode turns right to left (readsRightToLeft). */
  rightToLeft: boolean;
  /** What follows the last page: the episode controls. */
  end: ReactNode;
  /** Scroll mode's way back to the top of a long strip. */
  scrollTop: ReactNode;
}

/** Scroll mode: besides the pages near the viewport, this many after each are fetched ahead. */
const PRELOAD_AHEAD = 2;
/** The reading line sits under the sticky top bar. */
const READING_LINE_PX = LAYOUT.headerBar;
/** Paper mode fits a page to the height left between the top and bottom bars. */
const PAPER_CHROME_PX = LAYOUT.headerBar + LAYOUT.bottomBar;

const pageBoxes = (list: HTMLOListElement | null): PageBox[] =>
  list ? Array.from(list.children, (item) => item.getBoundingClientRect()) : [];

/** Keys typed into a control, or meant for a dialog, are not page turns. */
function isForControl(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return true;
  return key === ' ' && target.closest('a[href], button') !== null;
}

/**
 * An episode's pages in the reader's mode. Scroll: one long strip whose pages reserve their
 * size, load when they come within LAZY_MARGIN_PX (and the next PRELOAD_AHEAD with them), and
 * report where the reader is as they scroll. Paper: one page or a two-page spread at a time,
 * turned by keys, taps on the outer thirds, swipes or the bottom bar, the next spread preloaded.
 * Either way the episode opens where the reader stopped last time.
 */
export function Reader({
  brandId,
  episodeId,
  pages,
  pagesExpireAt,
  member,
  resume,
  rightToLeft,
  end,
  scrollTop,
}: ReaderProps) {
  const t = useTranslations('Viewer');
  const format = useFormatter();
  const settings = useViewerSettings();
  const hydrated = useHydrated();
  const { isDesktop } = useScreenSize();
  const { urlOf, onImageError } = usePageUrls(episodeId, pagesExpireAt);
  const { opening, record } = useReadingPosition({ brandId, episodeId, pageCount: pages.length, member, resume });

  const paper = settings.mode === 'PAPER';
  const double = paper && settings.layout === 'DOUBLE' && isDesktop;
  const spreads = useMemo(
    () =>
      buildSpreads(
        pages.map((page) => ({ wide: page.kind === 'IMAGE' && page.width > page.height })),
        double,
      ),
    [pages, double],
  );
  const listRef = useRef<HTMLOListElement>(null);
  const position = useRef<ReadingPosition | null>(null);
  /** Paper mode: the spread shown; `spreads.length` is the end of the episode. */
  const [spread, setSpread] = useState(0);
  const [requested, setRequested] = useState<ReadonlySet<number>>(() => new Set([0]));

  const request = useCallback((positions: readonly number[]) => {
    setRequested((previous) =>
      positions.every((p) => previous.has(p)) ? previous : new Set([...previous, ...positions]),
    );
  }, []);

  const hasText = pages.some((page) => page.kind === 'TEXT');
  const currentPosition = useCallback((): ReadingPosition => {
    position.current ??= opening();
    return position.current;
  }, [opening]);

  // Scroll mode, on opening or coming from paper mode: the reader's place comes to the reading line.
  useLayoutEffect(() => {
    if (!hydrated || paper) return;
    const target = currentPosition();
    if (samePlace(target, START) && window.scrollY > 0) {
      // The reader scrolled before the page came to life (or the browser put them back): they stay.
      const reached = positionAt(pageBoxes(listRef.current), READING_LINE_PX);
      position.current = reached;
      record(reached);
      return;
    }
    const place = () => {
      const delta = scrollDeltaFor(target, pageBoxes(listRef.current), READING_LINE_PX);
      if (delta !== 0) window.scrollBy({ top: delta, behavior: 'instant' });
    };
    place();
    if (!hasText) return;
    // Text pages change height once their font arrives: place the reader again then, unless
    // they scrolled meanwhile.
    const scrolled = window.scrollY;
    void document.fonts.ready.then(() => {
      if (window.scrollY === scrolled) place();
    });
  }, [hydrated, paper, currentPosition, hasText, record]);

  // Paper mode, on opening, coming from scroll mode, or between one and two pages: the spread
  // holding the reader's page (or the end, for a reader who got there).
  useLayoutEffect(() => {
    if (!hydrated || !paper) return;
    const target = currentPosition();
    const finished = target.page >= pages.length - 1 && target.offset === 1;
    setSpread(finished ? spreads.length : spreadOf(spreads, target.page));
  }, [hydrated, paper, currentPosition, spreads, pages.length]);

  // Scroll mode: pages near the viewport, and the ones after them, are fetched.
  useEffect(() => {
    const list = listRef.current;
    if (paper || !list) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const near = entries.flatMap((entry) => {
          if (!entry.isIntersecting || !(entry.target instanceof HTMLElement)) return [];
          const at = Number(entry.target.dataset.position);
          return Array.from({ length: PRELOAD_AHEAD + 1 }, (_, i) => at + i).filter((p) => p < pages.length);
        });
        if (near.length > 0) request(near);
      },
      { rootMargin: `${LAZY_MARGIN_PX}px 0px` },
    );
    for (const item of list.children) observer.observe(item);
    return () => observer.disconnect();
  }, [paper, pages.length, request]);

  // Scroll mode: where the reader is, at most every SCROLL_THROTTLE_MS.
  useEffect(() => {
    if (paper || !hydrated) return;
    const onScroll = throttle(() => {
      const reached = positionAt(pageBoxes(listRef.current), READING_LINE_PX);
      position.current = reached;
      record(reached);
    }, SCROLL_THROTTLE_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      onScroll.cancel();
      window.removeEventListener('scroll', onScroll);
    };
  }, [paper, hydrated, record]);

  // Paper mode: the spread shown, the one before and the next one are fetched.
  useEffect(() => {
    if (paper) request(spreads.slice(Math.max(0, spread - 1), spread + 2).flat());
  }, [paper, spread, spreads, request]);

  const turn = useCallback(
    (to: Turn) => {
      const next = turnTo(spread, to, spreads.length);
      if (next === spread) return;
      const first = spreads[next]?.[0];
      const reached = first === undefined ? { page: pages.length - 1, offset: 1 } : { page: first, offset: 0 };
      position.current = reached;
      record(reached);
      setSpread(next);
    },
    [spread, spreads, pages.length, record],
  );

  useEffect(() => {
    if (!paper) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isForControl(event.target, event.key)) return;
      const to = turnForKey(event, rightToLeft);
      if (to === null) return;
      event.preventDefault();
      turn(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [paper, rightToLeft, turn]);

  // Paper mode: a swipe turns the page, and the click that ends it is not also a tap.
  const swipe = useRef<{ id: number; x: number; y: number; turned: boolean } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY, turned: false };
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipe.current;
    if (!start || start.id !== event.pointerId) return;
    const to = turnForSwipe(event.clientX - start.x, event.clientY - start.y, rightToLeft);
    if (to === null) return;
    start.turned = true;
    turn(to);
  };
  const onStageClick = (event: MouseEvent<HTMLDivElement>) => {
    if (swipe.current?.turned || (event.target instanceof Element && event.target.closest('a[href], button'))) return;
    const box = event.currentTarget.getBoundingClientRect();
    const to = turnForTap(event.clientX - box.left, box.width, rightToLeft);
    if (to !== null) turn(to);
  };

  const shown = paper ? (spreads[spread] ?? []) : [];
  const atEnd = paper && spread >= spreads.length;
  const [first = 0, last = first] = atEnd ? [pages.length - 1] : [shown[0], shown.at(-1)];
  // Seen as "3 / 24" (or "2–3 / 24" for a spread), heard as a sentence.
  const counter = {
    heard:
      last > first
        ? t('spreadCounter', { first: first + 1, last: last + 1, total: pages.length })
        : t('pageCounter', { page: first + 1, total: pages.length }),
    seen: `${last > first ? `${format.number(first + 1)}–${format.number(last + 1)}` : format.number(first + 1)} / ${format.number(pages.length)}`,
  };
  // The bottom bar's buttons lie the way the pages turn.
  const [leftTurn, rightTurn]: [Turn, Turn] = rightToLeft ? ['next', 'previous'] : ['previous', 'next'];
  const turnLabel = (to: Turn) => (to === 'next' ? t('nextPage') : t('previousPage'));

  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: taps and swipes only add to the keys and the bottom bar's buttons */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keys are handled for the whole page (window keydown) */}
      <div
        className={styles.stage}
        data-direction={rightToLeft ? 'rtl' : 'ltr'}
        data-testid="reader-stage"
        onClick={paper ? onStageClick : undefined}
        onPointerDown={paper ? onPointerDown : undefined}
        onPointerUp={paper ? onPointerUp : undefined}
      >
        <ol ref={listRef} className={styles.pages} data-mode={settings.mode} hidden={atEnd}>
          {pages.map((page, at) => {
            const side = shown.length > 1 ? (at === shown[0] ? 'start' : 'end') : undefined;
            return (
              <li key={page.index} data-position={at} data-side={side} hidden={paper && !shown.includes(at)}>
                {page.kind === 'IMAGE' ? (
                  <PageImage
                    page={page}
                    url={urlOf(page.index, page.url)}
                    requested={requested.has(at)}
                    first={at === 0}
                    sizes={paper ? paperSizes(page) : IMAGE_SLOTS.page.sizes}
                    alt={t('pageAlt', { number: at + 1 })}
                    onError={onImageError}
                  />
                ) : (
                  page.content
                )}
              </li>
            );
          })}
        </ol>
        <div className={styles.end} hidden={paper && !atEnd} data-testid="episode-end">
          {end}
        </div>
      </div>
      {!paper && scrollTop}
      {paper && (
        <nav className={styles.paperBar} aria-label={t('pageNav')} data-testid="paper-bar">
          <button
            type="button"
            className={styles.iconButton}
            onClick={() => turn(leftTurn)}
            aria-label={turnLabel(leftTurn)}
            data-testid={`page-${leftTurn}`}
          >
            <Chevron direction="left" />
          </button>
          <output className={styles.counter} aria-live="polite" data-testid="page-counter">
            <span className="visually-hidden">{counter.heard}</span>
            <span aria-hidden="true">{counter.seen}</span>
          </output>
          <button
            type="button"
            className={styles.iconButton}
            onClick={() => turn(rightTurn)}
            aria-label={turnLabel(rightTurn)}
            data-testid={`page-${rightTurn}`}
          >
            <Chevron direction="right" />
          </button>
        </nav>
      )}
    </>
  );
}

/** In paper mode a page is as wide as the screen height lets it be (or the whole screen on mobile). */
function paperSizes(page: { width: number; height: number }): string {
  const ratio = (page.width / page.height).toFixed(3);
  return `(max-width: ${LAYOUT.desktopMinWidth}px) 100vw, calc((100vh - ${PAPER_CHROME_PX}px) * ${ratio})`;
}

function PageImage({
  page,
  url,
  requested,
  first,
  sizes,
  alt,
  onError,
}: {
  page: { width: number; height: number };
  url: string;
  requested: boolean;
  first: boolean;
  sizes: string;
  alt: string;
  onError(): void;
}) {
  // A page keeps the address it was first requested from, so fresh signed URLs do not fetch it
  // again; once it failed, it takes the next different one.
  const shown = useRef<string | null>(null);
  const failed = useRef(false);
  if (requested && (shown.current === null || (failed.current && url !== shown.current))) {
    shown.current = url;
    failed.current = false;
  }
  const sources = shown.current === null ? null : imageSources(shown.current, 'page');
  return (
    // biome-ignore lint/performance/noImgElement: the api makes the renditions; loading is driven here
    <img
      src={sources?.src}
      srcSet={sources?.srcSet}
      sizes={sizes}
      width={page.width}
      height={page.height}
      alt={alt}
      fetchPriority={first ? 'high' : undefined}
      decoding="async"
      // A drag would start the browser's image drag-and-drop and cancel a paper-mode swipe.
      draggable={false}
      onError={() => {
        failed.current = true;
        onError();
      }}
      style={{ aspectRatio: `${page.width} / ${page.height}` }}
    />
  );
}
