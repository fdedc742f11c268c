import { z } from 'zod';
import { ADULT_AGE, DATE_FORMAT, POINTS_EARN_PERCENT, POINTS_PER_COIN, POINTS_VALID_DAYS } from './constants.js';
import { type LoginMethod, type NavItem, Weekday } from './enums.js';
import { dateTimeFormat } from './formats.js';

// The nine brands (platform ids) of spec §1 and the pure formatting helpers that depend on a
// brand's locale, currency and time zone. The documented brand is delitoonb-fr (spec §1/§9);
// the others are decided in docs/decisions/0061-other-brands.md.

export const PlatformId = z.enum([
  'delitoonb-fr',
  'delitoon-fr',
  'delitoon-de',
  'delitoonb-de',
  'delitoonx-fr',
  'delitoon-me',
  'bom-tw',
  'bom-th',
  'beltoon-jp',
]);
export type PlatformId = z.infer<typeof PlatformId>;

/** Text locales (spec §1) plus English, the fallback for development and the international brand. */
export const Locale = z.enum(['fr', 'de', 'ja', 'th', 'zh-TW', 'en']);
export type Locale = z.infer<typeof Locale>;

/** Links of the My page (spec §2); the web hides the member-only ones from visitors. */
export const MyPageLink = z.enum([
  'roulette',
  'comment',
  'library',
  'history',
  'gift',
  'coupon',
  'cs',
  'notice',
  'setting',
]);
export type MyPageLink = z.infer<typeof MyPageLink>;

export interface BrandConfig {
  id: PlatformId;
  /** Product name shown to readers and in mails. */
  product: string;
  locale: Locale;
  /** ISO 4217 code. */
  currency: string;
  currencySymbol: string;
  /** Where the symbol goes relative to the amount, whatever the locale's habit (spec §1: "symbol in front"). */
  currencySymbolPosition: 'before' | 'after';
  /** Digits after the decimal separator; prices are stored as integers in this minor unit. */
  currencyMinorUnits: number;
  /** IANA zone of the brand: "today", schedules and history windows are computed in it. */
  timeZone: string;
  adultAge: number;
  /** Tokens yyyy, MM, dd. */
  dateFormat: string;
  /** Adult popup mode (spec §2): birthday entry or a yes/no question. */
  adultCheck: 'BIRTHDAY' | 'YES_NO';
  /** Whether a visitor can confirm adulthood with the not-logged-in-adult cookie (spec §4, Japanese platform). */
  visitorAdultCookie: boolean;
  navDesktop: readonly NavItem[];
  navMobile: readonly NavItem[];
  myLinks: readonly MyPageLink[];
  loginMethods: readonly LoginMethod[];
  /** Points (MILEAGE) exchanged for one bonus coin; must divide MILEAGE_EXCHANGE_UNIT, so no point is lost. */
  pointsPerCoin: number;
  /**
   * Points a paid charge earns, in whole percent of its paid coins' value at `pointsPerCoin`:
   * floor(paid coins × pointsPerCoin × pointsEarnPercent / 100). Bonus and free coins earn none;
   * 0 turns earning off (docs/decisions/0165-points-earned-on-paid-charges.md).
   */
  pointsEarnPercent: number;
  /** Days earned points last before they expire. */
  pointsValidDays: number;
  /** The one variant of spec §4 whose BL is hidden inside the app. */
  blHiddenInApp: boolean;
  /** Birth date counts as present only when birthedAt is set (spec §4: Thai and Taiwanese platforms). */
  birthDateRequired: boolean;
  /** Spec §4 logout: the Android app is also asked to delete its push token (Thai and Taiwanese platforms). */
  androidAppDeletesPushTokenOnLogout: boolean;
  /** The brand is adult-oriented (delitoonx). */
  adultFocused: boolean;
  /** The brand is boys-love-oriented. */
  blFocused: boolean;
  supportEmail: string;
  /**
   * The account transfer of spec §1 (the brand merges into another provider's service): when its
   * period ends, or null where the brand has none. Operators may move it (decision 0250).
   */
  transferEndsAt: string | null;
}

const DESKTOP_NAV: readonly NavItem[] = ['shop', 'gift', 'search', 'my'];
const MOBILE_NAV: readonly NavItem[] = ['home', 'shop', 'gift', 'search', 'my'];
// Every link of spec §2, the roulette's with /roulette (decision 0221, restored by the events issue).
const MY_LINKS: readonly MyPageLink[] = MyPageLink.options;
const ALL_LOGINS: readonly LoginMethod[] = ['google', 'facebook', 'twitter', 'email'];

/** The documented brand's settings, shared by default; each brand below states only what differs. */
const BRAND_DEFAULTS = {
  currency: 'EUR',
  currencySymbol: '€',
  currencySymbolPosition: 'before',
  currencyMinorUnits: 2,
  adultAge: ADULT_AGE,
  dateFormat: DATE_FORMAT,
  adultCheck: 'BIRTHDAY',
  visitorAdultCookie: false,
  navDesktop: DESKTOP_NAV,
  navMobile: MOBILE_NAV,
  myLinks: MY_LINKS,
  loginMethods: ALL_LOGINS,
  pointsPerCoin: POINTS_PER_COIN,
  pointsEarnPercent: POINTS_EARN_PERCENT,
  pointsValidDays: POINTS_VALID_DAYS,
  blHiddenInApp: false,
  birthDateRequired: false,
  androidAppDeletesPushTokenOnLogout: false,
  adultFocused: false,
  blFocused: false,
  transferEndsAt: null,
} as const satisfies Partial<BrandConfig>;

/**
 * Spec §1: the French and German brands' transfer period ends 30.11.2025 at 23:59 in the brand's
 * zone (Paris and Berlin: UTC+1 then).
 */
const TRANSFER_ENDS_AT_CET = '2025-11-30T23:59:59.999+01:00';

export const BRANDS: Readonly<Record<PlatformId, BrandConfig>> = {
  // The documented configuration (spec §1, §9).
  'delitoonb-fr': {
    ...BRAND_DEFAULTS,
    id: 'delitoonb-fr',
    product: 'Delitoon BL',
    locale: 'fr',
    timeZone: 'Europe/Paris',
    blFocused: true,
    supportEmail: 'support.delitoonb-fr@balcony.example',
    transferEndsAt: TRANSFER_ENDS_AT_CET,
  },
  // General French brand; the BL-in-app variant of spec §4 (app-store rating of a general app).
  'delitoon-fr': {
    ...BRAND_DEFAULTS,
    id: 'delitoon-fr',
    product: 'Delitoon',
    locale: 'fr',
    timeZone: 'Europe/Paris',
    blHiddenInApp: true,
    supportEmail: 'support.delitoon-fr@balcony.example',
    transferEndsAt: TRANSFER_ENDS_AT_CET,
  },
  'delitoon-de': {
    ...BRAND_DEFAULTS,
    id: 'delitoon-de',
    product: 'Delitoon',
    locale: 'de',
    timeZone: 'Europe/Berlin',
    supportEmail: 'support.delitoon-de@balcony.example',
    transferEndsAt: TRANSFER_ENDS_AT_CET,
  },
  'delitoonb-de': {
    ...BRAND_DEFAULTS,
    id: 'delitoonb-de',
    product: 'Delitoon BL',
    locale: 'de',
    timeZone: 'Europe/Berlin',
    blFocused: true,
    supportEmail: 'support.delitoonb-de@balcony.example',
    transferEndsAt: TRANSFER_ENDS_AT_CET,
  },
  'delitoonx-fr': {
    ...BRAND_DEFAULTS,
    id: 'delitoonx-fr',
    product: 'Delitoon X',
    locale: 'fr',
    timeZone: 'Europe/Paris',
    adultFocused: true,
    supportEmail: 'support.delitoonx-fr@balcony.example',
    transferEndsAt: TRANSFER_ENDS_AT_CET,
  },
  // International edition in English, run from the French platform (no Arabic or other text exists).
  'delitoon-me': {
    ...BRAND_DEFAULTS,
    id: 'delitoon-me',
    product: 'Delitoon',
    locale: 'en',
    timeZone: 'Europe/Paris',
    supportEmail: 'support.delitoon-me@balcony.example',
  },
  'bom-tw': {
    ...BRAND_DEFAULTS,
    id: 'bom-tw',
    product: 'Bomtoon',
    locale: 'zh-TW',
    currency: 'TWD',
    currencySymbol: 'NT$',
    currencyMinorUnits: 0,
    timeZone: 'Asia/Taipei',
    dateFormat: 'yyyy/MM/dd',
    loginMethods: ['google', 'facebook', 'email'],
    birthDateRequired: true,
    androidAppDeletesPushTokenOnLogout: true,
    blFocused: true,
    supportEmail: 'support.bom-tw@balcony.example',
  },
  'bom-th': {
    ...BRAND_DEFAULTS,
    id: 'bom-th',
    product: 'Bomtoon',
    locale: 'th',
    currency: 'THB',
    currencySymbol: '฿',
    currencyMinorUnits: 2,
    timeZone: 'Asia/Bangkok',
    // Thai age of majority; Thai platforms gate adult content at 20.
    adultAge: 20,
    dateFormat: 'dd/MM/yyyy',
    loginMethods: ['google', 'facebook', 'email'],
    birthDateRequired: true,
    androidAppDeletesPushTokenOnLogout: true,
    blFocused: true,
    supportEmail: 'support.bom-th@balcony.example',
  },
  'beltoon-jp': {
    ...BRAND_DEFAULTS,
    id: 'beltoon-jp',
    product: 'Beltoon',
    locale: 'ja',
    currency: 'JPY',
    currencySymbol: '¥',
    currencyMinorUnits: 0,
    timeZone: 'Asia/Tokyo',
    dateFormat: 'yyyy/MM/dd',
    adultCheck: 'YES_NO',
    visitorAdultCookie: true,
    loginMethods: ['google', 'twitter', 'email'],
    blFocused: true,
    supportEmail: 'support.beltoon-jp@balcony.example',
  },
};

export const DEFAULT_BRAND_ID: PlatformId = 'delitoonb-fr';

export function isPlatformId(id: unknown): id is PlatformId {
  return PlatformId.safeParse(id).success;
}

/** The brand of an `x-balcony-id` value; undefined when missing or unknown (the api answers UNKNOWN_BRAND). */
export function getBrand(id: string | undefined): BrandConfig | undefined {
  return isPlatformId(id) ? BRANDS[id] : undefined;
}

// ——— formatting of weekdays (prices, coins and dates: formats.ts) ———

const WEEKDAY_BY_SHORT_NAME: Readonly<Record<string, Weekday>> = {
  Sun: 'SUNDAY',
  Mon: 'MONDAY',
  Tue: 'TUESDAY',
  Wed: 'WEDNESDAY',
  Thu: 'THURSDAY',
  Fri: 'FRIDAY',
  Sat: 'SATURDAY',
};

/** The weekday of an instant in a time zone (a brand's "today" for the weekly tab). */
export function weekdayIn(timeZone: string, date: Date): Weekday {
  const name = dateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(date);
  const weekday = WEEKDAY_BY_SHORT_NAME[name];
  if (!weekday) throw new RangeError(`Unexpected weekday name: ${name}`);
  return weekday;
}

/** Short weekday names for the calendar (spec §2), e.g. fr → { SUNDAY: 'dim.', … }. */
export function shortWeekdayNames(locale: Locale): Record<Weekday, string> {
  const format = dateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short' });
  // 2023-01-01 was a Sunday; Weekday.options starts with SUNDAY.
  const entries = Weekday.options.map((day, i) => [day, format.format(new Date(Date.UTC(2023, 0, 1 + i)))] as const);
  return Object.fromEntries(entries) as Record<Weekday, string>;
}

/** Short month names January … December for the calendar (spec §2). */
export function shortMonthNames(locale: Locale): string[] {
  const format = dateTimeFormat(locale, { timeZone: 'UTC', month: 'short' });
  return Array.from({ length: 12 }, (_, month) => format.format(new Date(Date.UTC(2023, month, 15))));
}
