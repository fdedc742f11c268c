import type { BrandConfig, Locale } from './brands.js';

// Prices, coins, points and dates in a brand's or locale's format. Pure and free of schemas, so
// the browser's components import them (`@balcony/contracts/plain`) without zod.

// Building an Intl formatter costs far more than using one, and these run per list item.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: string, digits: number): Intl.NumberFormat {
  const key = `n|${locale}|${digits}`;
  let f = formatters.get(key);
  if (!(f instanceof Intl.NumberFormat)) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formatters.set(key, f);
  }
  return f;
}

/** A cached Intl.DateTimeFormat (also for the weekday helpers of brands.ts). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!(f instanceof Intl.DateTimeFormat)) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

/**
 * A price in the brand's currency from an integer amount in its minor unit, e.g. 199 → "€1,99" on
 * delitoonb-fr. The brand's symbol and position win over the locale's habit; an amount after the
 * number is separated by a no-break space.
 */
export function formatPrice(brand: BrandConfig, amountMinor: number): string {
  const number = numberFormat(brand.locale, brand.currencyMinorUnits).format(
    Math.abs(amountMinor) / 10 ** brand.currencyMinorUnits,
  );
  const sign = amountMinor < 0 ? '-' : '';
  return brand.currencySymbolPosition === 'before'
    ? `${sign}${brand.currencySymbol}${number}`
    : `${sign}${number}\u00a0${brand.currencySymbol}`;
}

/** A whole number of coins with the locale's grouping, e.g. 1500 → "1 500" in French. */
export function formatCoins(n: number, locale: Locale = 'en'): string {
  return numberFormat(locale, 0).format(n);
}

/** Points carry the symbol P (spec §3), e.g. 3000 → "3,000 P". */
export function formatPoints(n: number, locale: Locale = 'en'): string {
  return `${formatCoins(n, locale)}\u00a0P`;
}

export interface CalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The calendar date of an instant in a time zone. A date-only string ("2000-05-31", as birthedAt
 * is stored) is a calendar date already and is taken as it is, never shifted by a zone.
 * Throws RangeError for an invalid date.
 */
export function calendarDateIn(timeZone: string, date: Date | string): CalendarDate {
  if (typeof date === 'string') {
    const m = DATE_ONLY.exec(date);
    if (m) return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  }
  const parts = dateTimeFormat('en-US', {
    timeZone,
    calendar: 'gregory',
    numberingSystem: 'latn',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(typeof date === 'string' ? new Date(date) : date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** A date in the brand's format (tokens yyyy, MM, dd) as seen in the brand's time zone. */
export function formatDate(brand: BrandConfig, date: Date | string): string {
  const { year, month, day } = calendarDateIn(brand.timeZone, date);
  const values: Record<string, string> = {
    yyyy: String(year).padStart(4, '0'),
    MM: String(month).padStart(2, '0'),
    dd: String(day).padStart(2, '0'),
  };
  return brand.dateFormat.replace(/yyyy|MM|dd/g, (token) => values[token] ?? token);
}
