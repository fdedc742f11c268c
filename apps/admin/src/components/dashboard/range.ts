import { daysBetween, REPORT_MAX_DAYS, ReportQuery } from '@balcony/contracts';

// The dashboard's range and brands, from the page's query: checked by the api's own schema, so
// the page never asks for what the api would refuse; the last 30 days of the brand by default.

export const DEFAULT_RANGE_DAYS = 30;

/** Today in `timeZone`, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** `day` moved by `days` (negative: back), as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export interface DashboardRange {
  from: string;
  to: string;
  /** The api's `brands`: absent for the brand in scope, `all`, or one brand id. */
  brands: string | undefined;
  /** Whether the query asked for something the api would refuse (the defaults are shown instead). */
  invalid: boolean;
}

export function rangeOf(
  query: { from?: string | undefined; to?: string | undefined; brands?: string | undefined },
  timeZone: string,
  now = new Date(),
): DashboardRange {
  const to = todayIn(timeZone, now);
  const fallback = { from: addDays(to, -(DEFAULT_RANGE_DAYS - 1)), to, brands: query.brands };
  if (!query.from && !query.to && !query.brands) return { ...fallback, invalid: false };
  const parsed = ReportQuery.safeParse({
    from: query.from ?? fallback.from,
    to: query.to ?? fallback.to,
    brands: query.brands,
  });
  if (!parsed.success) return { ...fallback, brands: undefined, invalid: true };
  return { from: parsed.data.from, to: parsed.data.to, brands: parsed.data.brands, invalid: false };
}

/** Every day of the range with its row, or a row of zeros (a chart's axis has no holes). */
export function fillDays<R extends { day: string }>(
  rows: readonly R[],
  from: string,
  to: string,
  empty: (day: string) => R,
): R[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysBetween(from, to).map((day) => byDay.get(day) ?? empty(day));
}

export { REPORT_MAX_DAYS };
