// The delivery address of spec §3 (decision 0280) without zod: the values the browser's form needs.

/**
 * The countries an address may be in (ISO 3166-1 alpha-2): the European Union, the other EEA
 * states (Iceland, Liechtenstein, Norway), Switzerland and the United Kingdom, with each one's
 * international calling code (ITU-T E.164, without "+").
 */
export const ADDRESS_COUNTRIES = {
  AT: '43',
  BE: '32',
  BG: '359',
  CH: '41',
  CY: '357',
  CZ: '420',
  DE: '49',
  DK: '45',
  EE: '372',
  ES: '34',
  FI: '358',
  FR: '33',
  GB: '44',
  GR: '30',
  HR: '385',
  HU: '36',
  IE: '353',
  IS: '354',
  IT: '39',
  LI: '423',
  LT: '370',
  LU: '352',
  LV: '371',
  MT: '356',
  NL: '31',
  NO: '47',
  PL: '48',
  PT: '351',
  RO: '40',
  SE: '46',
  SI: '386',
  SK: '421',
} as const;

export type AddressCountry = keyof typeof ADDRESS_COUNTRIES;

export const ADDRESS_COUNTRY_CODES = Object.keys(ADDRESS_COUNTRIES) as AddressCountry[];

/** The calling codes of the countries above, each once, in ascending order. */
export const ADDRESS_CALLING_CODES = [...new Set(Object.values(ADDRESS_COUNTRIES))].sort(
  (a, b) => Number(a) - Number(b),
);

/** Longest value of each field, in UTF-16 units (zipCode: the longest European postcode is 10). */
export const ADDRESS_LIMITS = {
  name: 100,
  address1: 200,
  address2: 200,
  city: 100,
  zipCode: 12,
} as const;

/** Postcodes: letters, digits, spaces and hyphens (e.g. "75001", "SW1A 1AA", "1000-001", "LV-1050"). */
export const ZIP_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

/** The national part of a phone number: digits only; with the calling code at most 15 (E.164). */
export const PHONE_NUMBER_DIGITS = /^\d{4,14}$/;
export const E164_MAX_DIGITS = 15;
