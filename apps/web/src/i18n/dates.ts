import { type Locale, type ScheduleKey, Weekday } from '@balcony/contracts';

/** Long weekday names in a locale, e.g. fr → { MONDAY: 'lundi', … }. */
export function longWeekdayNames(locale: Locale): Record<Weekday, string> {
  const format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long' });
  // 2023-01-01 was a Sunday and Weekday.options starts with SUNDAY.
  const entries = Weekday.options.map((day, i) => [day, format.format(new Date(Date.UTC(2023, 0, 1 + i)))] as const);
  return Object.fromEntries(entries) as Record<Weekday, string>;
}

/** "lundi et jeudi", "Montag und Donnerstag", … */
export function formatList(locale: Locale, items: readonly string[]): string {
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items);
}

/** The calendar runs Monday to Sunday, then the every-ten-days key (docs/decisions/0090-calendar-order.md). */
export const CALENDAR_KEYS: readonly ScheduleKey[] = [...Weekday.options.slice(1), 'SUNDAY', 'TEN'];

/** A series' weekdays in calendar order (the api may list them in any order). */
export function scheduledWeekdays(schedule: readonly ScheduleKey[]): Weekday[] {
  return CALENDAR_KEYS.filter((key): key is Weekday => key !== 'TEN' && schedule.includes(key));
}
