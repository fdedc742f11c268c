import { DEFAULT_BRAND_ID, getBrand } from '@balcony/contracts';
import { vi } from 'vitest';

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

/**
 * Moves the clock of the api (ctx.now) forward; timers keep running. A file that calls it
 * puts the clock back after each test with `afterEach(() => { vi.useRealTimers(); })`.
 */
export function later(ms: number): void {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + ms);
}

/**
 * A birth date `years` years (and `extraDays` days) before today in the brand's zone, "yyyy-MM-dd".
 * Ages are counted in the brand's zone, so "today" must be the brand's day too: near midnight UTC,
 * Paris is already a day ahead of UTC.
 */
export function yearsAgo(years: number, extraDays = 0, brandId: string = DEFAULT_BRAND_ID): string {
  const timeZone = getBrand(brandId)?.timeZone ?? 'UTC';
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + extraDays);
  return d.toISOString().slice(0, 10);
}
