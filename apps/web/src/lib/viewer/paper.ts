import type { BrandConfig } from '@balcony/contracts';

// Paper mode (spec §2 viewer: one-page or two-page): how pages group into spreads, and how keys,
// taps and swipes turn them. A brand that reads right to left mirrors every direction.

/**
 * Japanese readers turn pages right to left (manga), so the Japanese brand does in paper mode:
 * the first page of a spread lies on the right, and ←, a tap on the left and a swipe to the right
 * go forward. Scroll mode runs top to bottom for everyone.
 */
export function readsRightToLeft(brand: Pick<BrandConfig, 'locale'>): boolean {
  return brand.locale === 'ja';
}

/** A page as paper mode sees it: a landscape page fills a spread alone. */
export interface PaperPage {
  wide: boolean;
}

/**
 * The spreads of an episode, each a list of page positions in reading order. One-page: every
 * page alone. Two-page: the first page alone as the cover, then pairs; a wide page stands alone,
 * and so does a page left without a partner before it or at the end.
 */
export function buildSpreads(pages: readonly PaperPage[], double: boolean): number[][] {
  const spreads: number[][] = [];
  let position = 0;
  while (position < pages.length) {
    const next = pages[position + 1];
    const pairs = double && position > 0 && !pages[position]?.wide && next !== undefined && !next.wide;
    spreads.push(pairs ? [position, position + 1] : [position]);
    position += pairs ? 2 : 1;
  }
  return spreads;
}

/** The spread that shows a page (the last one when the page is past the end). */
export function spreadOf(spreads: readonly (readonly number[])[], page: number): number {
  const found = spreads.findIndex((spread) => spread.includes(page));
  return found === -1 ? Math.max(0, spreads.length - 1) : found;
}

export type Turn = 'next' | 'previous' | 'first' | 'last';

export interface TurnKey {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/**
 * ←/→ turn the way the pages lie (mirrored right to left); PageDown, Space and PageUp,
 * Shift+Space go forward and back in reading order; Home and End go to the first and last page.
 * Keys with a modifier belong to the browser.
 */
export function turnForKey(event: TurnKey, rightToLeft: boolean): Turn | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  switch (event.key) {
    case 'ArrowRight':
      return rightToLeft ? 'previous' : 'next';
    case 'ArrowLeft':
      return rightToLeft ? 'next' : 'previous';
    case 'PageDown':
      return 'next';
    case 'PageUp':
      return 'previous';
    case ' ':
      return event.shiftKey ? 'previous' : 'next';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
}

/** A tap in the left or right third of the page turns back or forward; the middle does nothing. */
export function turnForTap(x: number, width: number, rightToLeft: boolean): Turn | null {
  if (width <= 0) return null;
  const third = width / 3;
  const side = x < third ? 'left' : x > width - third ? 'right' : null;
  if (side === null) return null;
  return (side === 'right') !== rightToLeft ? 'next' : 'previous';
}

/** Shortest horizontal travel of a swipe, in CSS pixels. */
export const SWIPE_MIN_PX = 48;

/**
 * A mostly horizontal swipe turns the page: dragging the page to the left shows the next one
 * (to the right, when reading right to left). Vertical drags are left to scrolling.
 */
export function turnForSwipe(dx: number, dy: number, rightToLeft: boolean): Turn | null {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy) * 1.5) return null;
  return dx < 0 !== rightToLeft ? 'next' : 'previous';
}

/**
 * The spread a turn leads to. `count` spreads are followed by the end of the episode (index
 * `count`), where the next-episode controls are.
 */
export function turnTo(current: number, turn: Turn, count: number): number {
  switch (turn) {
    case 'next':
      return Math.min(current + 1, count);
    case 'previous':
      return Math.max(current - 1, 0);
    case 'first':
      return 0;
    case 'last':
      return Math.max(count - 1, 0);
  }
}
