import type { PlatformId, ReadingPosition } from '@balcony/contracts';

// Where a reader stands in an episode (the page index and how far through it, 0 to 1), measured
// from the page boxes of scroll mode, and kept on the device for visitors.

export const START: ReadingPosition = { page: 0, offset: 0 };

/** A page's box, as getBoundingClientRect gives it (top relative to the viewport). */
export interface PageBox {
  top: number;
  height: number;
}

/** Four decimals are far finer than a pixel of any page, and keep saved values short. */
const round = (offset: number) => Math.round(Math.min(1, Math.max(0, offset)) * 10_000) / 10_000;

/**
 * The position of the reading line (the top of the reading area, under the bar): the last page
 * starting at or above it, and how far the line is into that page.
 */
export function positionAt(boxes: readonly PageBox[], line: number): ReadingPosition {
  let page = 0;
  for (let i = 0; i < boxes.length; i++) {
    const box = boxes[i];
    if (box && box.top <= line) page = i;
    else break;
  }
  const box = boxes[page];
  if (!box || box.height <= 0) return START;
  return { page, offset: round((line - box.top) / box.height) };
}

/** How far to scroll so that `position` comes to the reading line (negative: upwards). */
export function scrollDeltaFor(position: ReadingPosition, boxes: readonly PageBox[], line: number): number {
  const box = boxes[position.page];
  return box ? box.top + position.offset * box.height - line : 0;
}

/** The position within an episode of `pageCount` pages (a page that no longer exists: the last). */
export function clampPosition(position: ReadingPosition, pageCount: number): ReadingPosition {
  if (pageCount <= 0) return START;
  if (position.page < pageCount) return { page: Math.max(0, position.page), offset: round(position.offset) };
  return { page: pageCount - 1, offset: 1 };
}

/** Two positions closer than a hundredth of a page are the same place for saving. */
export function samePlace(a: ReadingPosition | null, b: ReadingPosition | null): boolean {
  return a !== null && b !== null && a.page === b.page && Math.abs(a.offset - b.offset) < 0.01;
}

// ——— visitors: positions on the device ———

/** Episodes remembered per brand; the least recently read are forgotten past this. */
export const STORED_POSITIONS_MAX = 200;

export const positionsStorageKey = (brand: PlatformId) => `balcony:reading-positions:${brand}`;

interface StoredPosition extends ReadingPosition {
  /** When it was saved (epoch ms), to forget the oldest. */
  at: number;
}

type StoredPositions = Record<string, StoredPosition>;

function isStoredPosition(value: unknown): value is StoredPosition {
  const v = value as Partial<StoredPosition> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    Number.isInteger(v.page) &&
    (v.page ?? -1) >= 0 &&
    typeof v.offset === 'number' &&
    v.offset >= 0 &&
    v.offset <= 1 &&
    typeof v.at === 'number'
  );
}

function readAll(raw: string | null): StoredPositions {
  let parsed: unknown;
  try {
    parsed = raw === null ? null : JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => isStoredPosition(value))) as StoredPositions;
}

/** The position saved for an episode, from the brand's stored value. */
export function storedPosition(raw: string | null, episodeId: number): ReadingPosition | null {
  const entry = readAll(raw)[String(episodeId)];
  return entry ? { page: entry.page, offset: entry.offset } : null;
}

/** The brand's stored value with this episode's position put first, and the oldest dropped. */
export function withStoredPosition(
  raw: string | null,
  episodeId: number,
  position: ReadingPosition,
  now: number,
): string {
  const others = Object.entries(readAll(raw))
    .filter(([id]) => id !== String(episodeId))
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, STORED_POSITIONS_MAX - 1);
  const entries: [string, StoredPosition][] = [[String(episodeId), { ...position, at: now }], ...others];
  return JSON.stringify(Object.fromEntries(entries));
}
