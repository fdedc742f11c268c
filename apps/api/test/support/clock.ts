import { BRANDS, DEFAULT_BRAND_ID, type PlatformId } from '@balcony/contracts';
import { vi } from 'vitest';
import { dayIn } from '../../src/modules/events/rules.js';

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
export function yearsAgo(years: number, extraDays = 0, brandId: PlatformId = DEFAULT_BRAND_ID): string {
  const d = new Date(`${dayIn(BRANDS[brandId].timeZone, new Date())}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + extraDays);
  return d.toISOString().slice(0, 10);
}
