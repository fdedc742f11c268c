// Pure rules of the gift box screen and the header count (spec §2 /gift).

/** The gift box's path (spec §2 routes). */
export const GIFT_PATH = '/gift';

/**
 * The window event that tells the header how many gifts still wait after one was received on this
 * page (`detail` is the count), so the header need not ask the api again.
 */
export const GIFTS_CHANGED_EVENT = 'balcony:gifts-changed';

/** The most the header badge writes out; more reads "99+". */
export const BADGE_MAX = 99;

export function badgeText(count: number): string {
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

/**
 * Episode numbers as a reader writes them: runs of consecutive numbers joined by an en dash,
 * the rest by commas ("1–3, 5, 7–8").
 */
export function episodeNumbers(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const runs: string[] = [];
  let start = sorted[0];
  let end = start;
  for (const n of [...sorted.slice(1), Number.NaN]) {
    if (end !== undefined && n === end + 1) {
      end = n;
      continue;
    }
    if (start !== undefined && end !== undefined) runs.push(start === end ? String(start) : `${start}\u2013${end}`);
    start = n;
    end = n;
  }
  return runs.join(', ');
}
