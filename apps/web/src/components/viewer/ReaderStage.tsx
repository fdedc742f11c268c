'use client';

import type { ReadingPosition } from '@balcony/contracts';
import { LAYOUT } from '@balcony/contracts/constants';
import { type MouseEvent, type PointerEvent, type ReactNode, type Ref, useRef } from 'react';
import { useTranslations } from 'use-intl';
import { HERO_TIMING, IMAGE_SLOTS, imageSources } from '@/lib/media/media';
import styles from './Viewer.module.css';

export type ReaderPage =
  | { kind: 'IMAGE'; index: number; url: string; width: number; height: number }
  /** A text page, rendered by the server. */
  | { kind: 'TEXT'; index: number; content: ReactNode };

/** What the stage shows in either mode, from the Reader. */
export interface StageContent {
  pages: readonly ReaderPage[];
  /** Paper mode turns right to left (readsRightToLeft). */
  rightToLeft: boolean;
  /** Positions of the pages whose images may be fetched. */
  requested: ReadonlySet<number>;
  /** The freshest address of a page's image (signed URLs are renewed). */
  urlOf(index: number, url: string): string;
  onImageError(): void;
  /** What follows the last page: the episode controls. */
  end: ReactNode;
}

/** What a reading mode gets from the Reader besides the stage's content. */
export interface ReaderModeProps {
  content: StageContent;
  /** False during the server render and hydration: places and measures wait for the browser. */
  hydrated: boolean;
  /** Where the reader is: where the episode opened, until they move. */
  place(): ReadingPosition;
  /** The reader got to `position`: kept for the other mode, and saved. */
  reach(position: ReadingPosition): void;
  /** Lets the images at these positions be fetched. */
  request(positions: readonly number[]): void;
}

/** Paper mode's part of the stage: the spread shown (or the end), and the taps and swipes that turn it. */
export interface PaperStage {
  shown: readonly number[];
  atEnd: boolean;
  onClick(event: MouseEvent<HTMLDivElement>): void;
  onPointerDown(event: PointerEvent<HTMLDivElement>): void;
  onPointerUp(event: PointerEvent<HTMLDivElement>): void;
}

/** Paper mode fits a page to the height left between the top and bottom bars. */
const PAPER_CHROME_PX = LAYOUT.headerBar + LAYOUT.bottomBar;

/**
 * The pages and the end of the episode, drawn the same way in both modes: scroll mode shows
 * them all, paper mode (`paper`) only the spread it is on, or the end.
 */
export function ReaderStage({
  content,
  listRef,
  paper,
}: {
  content: StageContent;
  listRef?: Ref<HTMLOListElement>;
  paper?: PaperStage;
}) {
  const t = useTranslations('Viewer');
  const { pages, rightToLeft, requested, urlOf, onImageError, end } = content;
  const shown = paper?.shown ?? [];
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: taps and swipes only add to the keys and the bottom bar's buttons
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are handled for the whole page (window keydown)
    <div
      className={styles.stage}
      data-direction={rightToLeft ? 'rtl' : 'ltr'}
      data-testid="reader-stage"
      onClick={paper?.onClick}
      onPointerDown={paper?.onPointerDown}
      onPointerUp={paper?.onPointerUp}
    >
      <ol ref={listRef} className={styles.pages} data-mode={paper ? 'PAPER' : 'SCROLL'} hidden={paper?.atEnd}>
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
      <div className={styles.end} hidden={paper && !paper.atEnd} data-testid="episode-end">
        {end}
      </div>
    </div>
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
      // The first page is the LCP image: painted in the first frame it is there for (MediaImage).
      decoding={first ? 'sync' : 'async'}
      {...(first ? HERO_TIMING : {})}
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
