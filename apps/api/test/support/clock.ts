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

/** A birth date `years` years before today (UTC), "yyyy-MM-dd". */
export function yearsAgo(years: number, extraDays = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + extraDays);
  return d.toISOString().slice(0, 10);
}
