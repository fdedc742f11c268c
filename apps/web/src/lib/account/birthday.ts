import { BIRTHDAY_PICKER_YEARS, type CalendarDate, calendarDateIn } from '@balcony/contracts';

// The birthday picker of the adult popup (spec §2): a year select over the last 100 years plus
// the next one, a month select and a day grid. Pure, so the popup and its tests agree.

/** Years the picker offers, newest first: next year, this year, … 100 years back (brand's zone). */
export function birthdayPickerYears(now: Date, timeZone: string): number[] {
  const { year } = calendarDateIn(timeZone, now);
  return Array.from({ length: BIRTHDAY_PICKER_YEARS + 2 }, (_, i) => year + 1 - i);
}

/** Days in a month of the Gregorian calendar (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The day grid of a month in weeks from Monday to Sunday (the order of the site's calendar):
 * `null` pads the first and last week.
 */
export function monthWeeks(year: number, month: number): (number | null)[][] {
  // getUTCDay: 0 = Sunday; Monday-first offset.
  const offset = (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 6) % 7;
  const cells: (number | null)[] = [
    ...Array.from({ length: offset }, () => null),
    ...Array.from({ length: daysInMonth(year, month) }, (_, i) => i + 1),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (number | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Keeps a chosen day inside a month that may be shorter (31 → 28 when February is chosen). */
export function clampDay(year: number, month: number, day: number): number {
  return Math.min(day, daysInMonth(year, month));
}

/** The "yyyy-MM-dd" form PUT /user ADULT expects. */
export function toIsoDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
