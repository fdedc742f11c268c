import type { ReadingPosition } from '@balcony/contracts';
import { samePlace } from './position';

/** A reading position is saved this long after the reader stops moving (or at once on leaving). */
export const SAVE_DEBOUNCE_MS = 1000;

/** How a save travels: a plain request, or one that outlives the page (tab hidden, page left). */
export type SaveDelivery = 'request' | 'keepalive';

export interface ProgressSaver {
  /** The reader is here now; saved once they stay SAVE_DEBOUNCE_MS. */
  record(position: ReadingPosition): void;
  /** Saves a recorded position at once (tab hidden, page left, episode changed). */
  flush(delivery: SaveDelivery): void;
}

/**
 * Debounces saving the reading position: a burst of positions while scrolling becomes one save
 * of the last, and a position already saved (the one the episode opened at, say) is not sent again.
 */
export function createProgressSaver(
  save: (position: ReadingPosition, delivery: SaveDelivery) => void,
  saved: ReadingPosition | null,
  delayMs = SAVE_DEBOUNCE_MS,
): ProgressSaver {
  let last = saved;
  let pending: ReadingPosition | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const flush = (delivery: SaveDelivery) => {
    stop();
    const position = pending;
    pending = null;
    if (position === null || samePlace(position, last)) return;
    last = position;
    save(position, delivery);
  };

  return {
    record(position) {
      pending = position;
      stop();
      timer = setTimeout(() => flush('request'), delayMs);
    },
    flush,
  };
}
