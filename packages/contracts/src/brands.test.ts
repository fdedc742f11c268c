import { describe, expect, it } from 'vitest';
import {
  BRANDS,
  type BrandConfig,
  DEFAULT_BRAND_ID,
  getBrand,
  isPlatformId,
  Locale,
  PlatformId,
  shortMonthNames,
  shortWeekdayNames,
  weekdayIn,
} from './brands.js';
import { calendarDateIn, formatCoins, formatDate, formatPoints, formatPrice } from './formats.js';

const all = Object.values(BRANDS);

describe('brands', () => {
  it('configures all nine platform ids of spec §1, each under its own id', () => {
    expect(Object.keys(BRANDS).sort()).toEqual([...PlatformId.options].sort());
    expect(PlatformId.options).toHaveLength(9);
    for (const [id, brand] of Object.entries(BRANDS)) expect(brand.id).toBe(id);
  });

  it.each(all)('$id has a known locale, a real time zone and a usable format', (brand) => {
    expect(Locale.options).toContain(brand.locale);
    expect(() => new Intl.DateTimeFormat('en', { timeZone: brand.timeZone })).not.toThrow();
    expect(() => new Intl.NumberFormat('en', { style: 'currency', currency: brand.currency })).not.toThrow();
    expect(brand.dateFormat).toMatch(/yyyy/);
    expect(brand.dateFormat).toMatch(/MM/);
    expect(brand.dateFormat).toMatch(/dd/);
    expect(brand.adultAge).toBeGreaterThanOrEqual(18);
    expect(brand.loginMethods.length).toBeGreaterThan(0);
    expect(brand.supportEmail).toMatch(/^[^@\s]+@[^@\s]+$/);
  });

  it('matches the documented French BL configuration (spec §1, §9)', () => {
    expect(BRANDS['delitoonb-fr']).toMatchObject({
      product: 'Delitoon BL',
      locale: 'fr',
      currency: 'EUR',
      currencySymbol: '€',
      currencySymbolPosition: 'before',
      currencyMinorUnits: 2,
      timeZone: 'Europe/Paris',
      adultAge: 18,
      dateFormat: 'dd.MM.yyyy',
      adultCheck: 'BIRTHDAY',
      navDesktop: ['shop', 'gift', 'search', 'my'],
      navMobile: ['home', 'shop', 'gift', 'search', 'my'],
      // Spec §2's links, the roulette's leading to /roulette (decision 0221, events issue).
      myLinks: ['roulette', 'comment', 'library', 'history', 'gift', 'coupon', 'cs', 'notice', 'setting'],
      loginMethods: ['google', 'facebook', 'twitter', 'email'],
      pointsPerCoin: 20,
      pointsEarnPercent: 5,
      pointsValidDays: 180,
      blFocused: true,
      blHiddenInApp: false,
      birthDateRequired: false,
    });
    expect(DEFAULT_BRAND_ID).toBe('delitoonb-fr');
  });

  it('hides BL in the app on exactly one brand (spec §4)', () => {
    expect(all.filter((b) => b.blHiddenInApp).map((b) => b.id)).toEqual(['delitoon-fr']);
  });

  it('requires a birth date only on the Thai and Taiwanese brands (spec §4)', () => {
    expect(all.filter((b) => b.birthDateRequired).map((b) => b.id)).toEqual(['bom-tw', 'bom-th']);
  });

  it('asks yes/no and keeps the visitor adult cookie only on the Japanese brand', () => {
    expect(all.filter((b) => b.adultCheck === 'YES_NO').map((b) => b.id)).toEqual(['beltoon-jp']);
    expect(all.filter((b) => b.visitorAdultCookie).map((b) => b.id)).toEqual(['beltoon-jp']);
  });

  it('finds a brand only by a known id', () => {
    expect(getBrand('bom-th')?.currency).toBe('THB');
    expect(getBrand('BOM-TH')).toBeUndefined();
    expect(getBrand('')).toBeUndefined();
    expect(getBrand(undefined)).toBeUndefined();
    expect(isPlatformId('beltoon-jp')).toBe(true);
    expect(isPlatformId('{product}-fr')).toBe(false);
    expect(isPlatformId(42)).toBe(false);
  });
});

describe('formatPrice', () => {
  const fr = BRANDS['delitoonb-fr'];

  it('puts the euro symbol in front on the documented brand', () => {
    expect(formatPrice(fr, 199)).toBe('€1,99');
    expect(formatPrice(fr, 199).startsWith('€')).toBe(true);
    expect(formatPrice(fr, 0)).toBe('€0,00');
    expect(formatPrice(fr, 123456)).toMatch(/^€1\s234,56$/u);
  });

  it('uses each currency minor unit and locale separators', () => {
    expect(formatPrice(BRANDS['beltoon-jp'], 1200)).toBe('¥1,200');
    expect(formatPrice(BRANDS['bom-tw'], 150)).toBe('NT$150');
    expect(formatPrice(BRANDS['bom-th'], 3500)).toBe('฿35.00');
    expect(formatPrice(BRANDS['delitoon-me'], 199)).toBe('€1.99');
  });

  it('places the symbol after the amount, with a no-break space, when the brand says so', () => {
    const after: BrandConfig = { ...BRANDS['delitoon-de'], currencySymbolPosition: 'after' };
    expect(formatPrice(after, 199)).toBe('1,99\u00a0€');
  });

  it('keeps the sign in front of a negative amount (refunds)', () => {
    expect(formatPrice(fr, -199)).toBe('-€1,99');
  });
});

describe('coins and points', () => {
  it('groups digits per locale', () => {
    expect(formatCoins(1500)).toBe('1,500');
    expect(formatCoins(1500, 'fr')).toMatch(/^1\s500$/u);
    expect(formatCoins(7, 'ja')).toBe('7');
  });

  it('writes points with the P symbol (spec §3)', () => {
    expect(formatPoints(3000)).toBe('3,000\u00a0P');
  });
});

describe('dates in the brand time zone', () => {
  // 23:30 UTC on Sunday 22 November 2026 is already Monday the 23rd in Paris and Tokyo.
  const lateSunday = new Date('2026-11-22T23:30:00Z');

  it('formats dd.MM.yyyy in the brand zone', () => {
    expect(formatDate(BRANDS['delitoonb-fr'], lateSunday)).toBe('23.11.2026');
    expect(formatDate(BRANDS['delitoonb-fr'], '2026-01-05T12:00:00Z')).toBe('05.01.2026');
  });

  it('follows each brand format', () => {
    expect(formatDate(BRANDS['beltoon-jp'], lateSunday)).toBe('2026/11/23');
    expect(formatDate(BRANDS['bom-th'], lateSunday)).toBe('23/11/2026');
    expect(formatDate(BRANDS['bom-tw'], lateSunday)).toBe('2026/11/23');
  });

  it('takes a date-only string as a calendar date, never shifted by a zone', () => {
    expect(formatDate(BRANDS['delitoonb-fr'], '2000-05-31')).toBe('31.05.2000');
    expect(calendarDateIn('Pacific/Honolulu', '2000-05-31')).toEqual({ year: 2000, month: 5, day: 31 });
  });

  it('refuses an invalid date', () => {
    expect(() => formatDate(BRANDS['delitoonb-fr'], 'not a date')).toThrow(RangeError);
  });

  it('finds the weekday across a day boundary', () => {
    expect(weekdayIn('UTC', lateSunday)).toBe('SUNDAY');
    expect(weekdayIn('Asia/Tokyo', lateSunday)).toBe('MONDAY');
    expect(weekdayIn('Europe/Paris', lateSunday)).toBe('MONDAY');
    expect(weekdayIn('America/New_York', lateSunday)).toBe('SUNDAY');
  });
});

describe('calendar names (spec §2)', () => {
  it('gives short weekday names for every weekday', () => {
    expect(shortWeekdayNames('en')).toEqual({
      SUNDAY: 'Sun',
      MONDAY: 'Mon',
      TUESDAY: 'Tue',
      WEDNESDAY: 'Wed',
      THURSDAY: 'Thu',
      FRIDAY: 'Fri',
      SATURDAY: 'Sat',
    });
    expect(shortWeekdayNames('fr').SUNDAY).toBe('dim.');
    expect(shortWeekdayNames('ja').MONDAY).toBe('月');
  });

  it('gives twelve short month names', () => {
    expect(shortMonthNames('en')).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
    expect(shortMonthNames('fr')[1]).toBe('févr.');
    for (const locale of Locale.options) expect(new Set(shortMonthNames(locale)).size).toBe(12);
  });
});
