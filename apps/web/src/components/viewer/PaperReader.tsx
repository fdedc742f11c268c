'use client';

import {
  type MouseEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useFormatter, useTranslations } from 'use-intl';
import { buildSpreads, spreadOf, type Turn, turnForKey, turnForSwipe, turnForTap, turnTo } from '@/lib/viewer/paper';
import { Chevron } from './icons';
import { type ReaderModeProps, ReaderStage } from './ReaderStage';
import styles from './Viewer.module.css';

/** Keys typed into a control, or meant for a dialog, are not page turns. */
function isForControl(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return true;
  return key === ' ' && target.closest('a[href], button') !== null;
}

/**
 * Paper mode: one page or a two-page spread at a time, turned by keys, taps on the outer thirds,
 * swipes or the bottom bar, the spreads around it preloaded. On opening, coming from scroll mode,
 * or between one and two pages, it shows the spread holding the reader's page (or the end, for a
 * reader who got there).
 */
export function PaperReader({
  content,
  hydrated,
  place,
  reach,
  request,
  double,
}: ReaderModeProps & {
  /** Two-page spreads (the reader's choice, on a desktop-wide screen). */
  double: boolean;
}) {
  const t = useTranslations('Viewer');
  const format = useFormatter();
  const { pages, rightToLeft } = content;
  const spreads = useMemo(
    () =>
      buildSpreads(
        pages.map((page) => ({ wide: page.kind === 'IMAGE' && page.width > page.height })),
        double,
      ),
    [pages, double],
  );
  /** The spread shown; `spreads.length` is the end of the episode. */
  const [spread, setSpread] = useState(0);

  useLayoutEffect(() => {
    if (!hydrated) return;
    const target = place();
    const finished = target.page >= pages.length - 1 && target.offset === 1;
    setSpread(finished ? spreads.length : spreadOf(spreads, target.page));
  }, [hydrated, place, spreads, pages.length]);

  // The spread shown, the one before and the next one are fetched.
  useEffect(() => {
    request(spreads.slice(Math.max(0, spread - 1), spread + 2).flat());
  }, [spread, spreads, request]);

  const turn = useCallback(
    (to: Turn) => {
      const next = turnTo(spread, to, spreads.length);
      if (next === spread) return;
      const first = spreads[next]?.[0];
      reach(first === undefined ? { page: pages.length - 1, offset: 1 } : { page: first, offset: 0 });
      setSpread(next);
    },
    [spread, spreads, pages.length, reach],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isForControl(event.target, event.key)) return;
      const to = turnForKey(event, rightToLeft);
      if (to === null) return;
      event.preventDefault();
      turn(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [rightToLeft, turn]);

  // A swipe turns the page, and the click that ends it is not also a tap.
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
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (swipe.current?.turned || (event.target instanceof Element && event.target.closest('a[href], button'))) return;
    const box = event.currentTarget.getBoundingClientRect();
    const to = turnForTap(event.clientX - box.left, box.width, rightToLeft);
    if (to !== null) turn(to);
  };

  const shown = spreads[spread] ?? [];
  const atEnd = spread >= spreads.length;
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
      <ReaderStage content={content} paper={{ shown, atEnd, onClick, onPointerDown, onPointerUp }} />
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
    </>
  );
}
