import { z } from 'zod';
import {
  BIRTHDAY_PICKER_YEARS,
  COMMENT_MAX_LENGTH,
  CONTACT_MAX_IMAGE_BYTES,
  CONTACT_MAX_IMAGES,
  LEGACY_PASSWORD_MIN_LENGTH,
  MILEAGE_EXCHANGE_UNIT,
  MILEAGE_MIN_EXCHANGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './constants.js';
import { ErrorCode } from './errors.js';
import { type CalendarDate, calendarDateIn } from './formats.js';
import { CONTROL_CHARACTERS } from './inputs.js';

// The validation rules of spec §5 as pure functions, shared by the web (instant feedback) and the
// api (the authority). Each answers the catalogue code a client should show, so both sides report
// the same failure the same way. Choices the spec leaves open are in docs/decisions/ (0067–0072).

export type Validation = { ok: true } | { ok: false; code: ErrorCode };

const OK: Validation = { ok: true };
const fail = (code: ErrorCode): Validation => ({ ok: false, code });

/** Spec §5 emptiness: null, undefined, the strings "null" or "undefined", or zero length. 0 and false are values. */
export function isEmpty(v: unknown): boolean {
  if (v === null || v === undefined || v === 'null' || v === 'undefined') return true;
  return (typeof v === 'string' || Array.isArray(v)) && v.length === 0;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Number of user-perceived characters, so an emoji or an accented letter counts once. */
function characterCount(text: string): number {
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
}

// ——— e-mail ———

/** Disposable-mail domains refused at sign-up (a subdomain of one is refused too). */
export const DENIED_EMAIL_DOMAINS: readonly string[] = [
  'mailinator.com',
  'guerrillamail.com',
  'sharklasers.com',
  '10minutemail.com',
  'temp-mail.org',
  'tempmail.com',
  'throwawaymail.com',
  'trashmail.com',
  'maildrop.cc',
  'getnada.com',
  'dispostable.com',
  'yopmail.com',
  'yopmail.fr',
  'jetable.org',
];

// Local part: RFC 5322 atoms joined by single dots. Domain: at least two LDH labels, a letter TLD.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN = /^([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** Format only: EMPTY_EMAIL when blank, INVALID_MAIL_FORM when it is not an address. */
export function validateEmailFormat(email: string): Validation {
  if (isEmpty(email.trim())) return fail('EMPTY_EMAIL');
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const wellFormed =
    at > 0 && email.length <= 254 && local.length <= 64 && LOCAL_PART.test(local) && DOMAIN.test(domain);
  return wellFormed ? OK : fail('INVALID_MAIL_FORM');
}

function isDeniedDomain(domain: string): boolean {
  const d = domain.toLowerCase();
  return DENIED_EMAIL_DOMAINS.some((denied) => d === denied || d.endsWith(`.${denied}`));
}

/**
 * Sign-up address (spec §5): a comma answers INVALID_EMAIL (checked first: it usually means two
 * addresses were pasted), then the format (INVALID_MAIL_FORM), then denied domains (INVALID_EMAIL).
 */
export function validateSignUpEmail(email: string): Validation {
  if (email.includes(',')) return fail('INVALID_EMAIL');
  const format = validateEmailFormat(email);
  if (!format.ok) return format;
  return isDeniedDomain(email.slice(email.lastIndexOf('@') + 1)) ? fail('INVALID_EMAIL') : OK;
}

// ——— passwords ———

const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;
const SPECIAL = /[^\p{L}\p{Nd}\s]/u;
const WHITESPACE_OR_CONTROL = /[\s\p{Cc}]/u;

/** Each rule of a new password (spec §5) on its own, for live feedback while it is typed. */
export interface PasswordChecks {
  /** 8 to 20 characters (code points). */
  length: boolean;
  /** At least two of: letters (either case), digits, special characters. */
  classes: boolean;
  /** No space or control character. */
  noSpaces: boolean;
}

export function passwordChecks(pw: string): PasswordChecks {
  const length = Array.from(pw).length;
  return {
    length: length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH,
    classes: [LETTER, DIGIT, SPECIAL].filter((re) => re.test(pw)).length >= 2,
    noSpaces: !WHITESPACE_OR_CONTROL.test(pw),
  };
}

/**
 * New passwords (spec §5): 8–20 characters, no spaces, and at least two of three classes:
 * letters (either case), digits, special characters. Empty answers INVALID_PASSWORD ("enter a password").
 */
export function validatePassword(pw: string): Validation {
  if (pw.length === 0) return fail('INVALID_PASSWORD');
  const checks = passwordChecks(pw);
  return checks.length && checks.classes && checks.noSpaces ? OK : fail('INVALID_PW_REGEX');
}

/**
 * Login only checks a password could exist: non-empty and 6–20 characters, so that accounts made
 * under the older 6-character rule still log in, and absurd input is refused without a lookup.
 */
export function validateLoginPassword(pw: string): Validation {
  if (pw.length === 0) return fail('INVALID_PASSWORD');
  const length = Array.from(pw).length;
  return length < LEGACY_PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH ? fail('INVALID_PW_REGEX') : OK;
}

export function validatePasswordConfirmation(pw: string, confirm: string): Validation {
  return pw === confirm ? OK : fail('INVALID_PARAMETER');
}

/** A new password must differ from the old one (spec §5 EQUAL_PASSWORD); the rules are checked apart. */
export function validateNewPassword(oldPassword: string, newPassword: string): Validation {
  return oldPassword === newPassword ? fail('EQUAL_PASSWORD') : OK;
}

// ——— comments, coupons, points ———

function normalizeForMatch(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/**
 * Comments (spec §5): not blank, at most 500 characters once trimmed (counted as a reader sees
 * them), and free of prohibited words (case-insensitive, also inside longer words).
 */
export function validateComment(text: string, prohibitedWords: readonly string[]): Validation {
  const trimmed = text.trim();
  if (trimmed.length === 0 || characterCount(trimmed) > COMMENT_MAX_LENGTH) return fail('INVALID_PARAMETER');
  const haystack = normalizeForMatch(trimmed);
  const hit = prohibitedWords.some((word) => {
    const needle = normalizeForMatch(word.trim());
    return needle.length > 0 && haystack.includes(needle);
  });
  return hit ? fail('INVALID_PARAMETER') : OK;
}

const COUPON_CODE = /^[A-Z0-9-]{4,32}$/;

/** Coupon codes are compared trimmed and upper-case. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Coupon code (spec §5 "non-empty"): blank → INVALID_PARAMETER; a shape no coupon can have
 * (other than 4–32 of A–Z, 0–9, "-") → NOT_FOUND_COUPON, the same answer as an unknown code.
 */
export function validateCouponCode(code: string): Validation {
  const normalized = normalizeCouponCode(code);
  if (normalized.length === 0) return fail('INVALID_PARAMETER');
  return COUPON_CODE.test(normalized) ? OK : fail('NOT_FOUND_COUPON');
}

/**
 * Points exchange (spec §5, §9): a whole amount, at least 3000, in steps of 100, within the
 * balance. An amount under the minimum or between two steps is EXCHANGE_MILEAGE_INSUFFICIENT
 * (not enough points for that exchange; docs/decisions/0166-exchanging-points.md).
 */
export function validateMileageExchange(points: number, balance: number): Validation {
  if (!Number.isSafeInteger(points) || points <= 0) return fail('INVALID_PARAMETER');
  if (points < MILEAGE_MIN_EXCHANGE || points % MILEAGE_EXCHANGE_UNIT !== 0) {
    return fail('EXCHANGE_MILEAGE_INSUFFICIENT');
  }
  return points > balance ? fail('MILEAGE_INSUFFICIENT') : OK;
}

// ——— birthday and age ———

/**
 * A birth date is a calendar date. A string must be "yyyy-MM-dd"; a Date is read by its UTC
 * fields (how "yyyy-MM-dd" parses). Returns undefined for a date that does not exist.
 */
function birthCalendarDate(birth: Date | string): CalendarDate | undefined {
  const date = typeof birth === 'string' ? new Date(`${birth}T00:00:00Z`) : birth;
  if (Number.isNaN(date.getTime())) return undefined;
  // "2001-02-29" would roll over to March 1: a date that does not exist.
  if (typeof birth === 'string' && birth !== date.toISOString().slice(0, 10)) return undefined;
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** Completed years on `now` as seen in `timeZone` (someone born on 29 February ages on 1 March). */
export function ageOn(birth: Date | string, now: Date, timeZone: string): number {
  const b = birthCalendarDate(birth);
  if (!b) return Number.NaN;
  const today = calendarDateIn(timeZone, now);
  const beforeBirthday = today.month < b.month || (today.month === b.month && today.day < b.day);
  return today.year - b.year - (beforeBirthday ? 1 : 0);
}

export function isOfAge(birth: Date | string, adultAge: number, now: Date, timeZone: string): boolean {
  return ageOn(birth, now, timeZone) >= adultAge;
}

const dayNumber = (d: CalendarDate): number => d.year * 10000 + d.month * 100 + d.day;

/**
 * A birthday the adult popup may send: a real date, not after today in the brand's zone, and not
 * before the picker's first year (the last 100 years). Being under age is not an error (spec §4
 * asks the user to confirm): see `isOfAge`.
 */
export function validateBirthday(
  birth: Date | string,
  now: Date,
  timeZone: string,
): { ok: true } | { ok: false; code: 'INVALID_PARAMETER' } {
  const b = birthCalendarDate(birth);
  const today = calendarDateIn(timeZone, now);
  const possible = b !== undefined && dayNumber(b) <= dayNumber(today) && b.year >= today.year - BIRTHDAY_PICKER_YEARS;
  return possible ? { ok: true } : { ok: false, code: 'INVALID_PARAMETER' };
}

// ——— contact form, agreements ———

/** Image types a browser shows safely (no SVG: it can carry script). */
export const CONTACT_IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** Contact attachments (spec §5): at most 3, each a non-empty image of at most 3 MB. */
export function validateContactImages(files: readonly { size: number; type: string }[]): Validation {
  if (files.length > CONTACT_MAX_IMAGES) return fail('INVALID_PARAMETER');
  const allFit = files.every(
    (f) => f.size > 0 && f.size <= CONTACT_MAX_IMAGE_BYTES && CONTACT_IMAGE_TYPES.includes(f.type.toLowerCase()),
  );
  return allFit ? OK : fail('INVALID_PARAMETER');
}

/** The shop requires every required agreement box to be checked (spec §5). */
export function validateRequiredAgreements(boxes: readonly { required: boolean; checked: boolean }[]): Validation {
  return boxes.every((b) => !b.required || b.checked) ? OK : fail('INVALID_PARAMETER');
}

// ——— request bodies ———

// Every issue's message is a catalogue code, so the api answers it as is and the web can show
// the matching text; `firstErrorCode` reads it back.
const INVALID = { error: 'INVALID_PARAMETER' } as const;
const text = (max: number) =>
  z
    .string(INVALID)
    .max(max, INVALID)
    .refine((s) => !CONTROL_CHARACTERS.test(s), INVALID);

/** Reports the first failing check only: one code at a time, in the order a user fixes the form. */
function reportFirst(ctx: z.RefinementCtx, checks: readonly (readonly [string, () => Validation])[]): void {
  for (const [path, check] of checks) {
    const result = check();
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.code, path: [path] });
      return;
    }
  }
}

/** The catalogue code carried by the first issue of a failed parse, INVALID_PARAMETER otherwise. */
export function firstErrorCode(error: z.ZodError): ErrorCode {
  const parsed = ErrorCode.safeParse(error.issues[0]?.message);
  return parsed.success ? parsed.data : 'INVALID_PARAMETER';
}

export const SignUpRequest = z
  .object({
    email: text(254).trim(),
    password: text(100),
    passwordConfirm: text(100),
    agreeTerms: z.literal(true, INVALID),
    agreeMail: z.boolean(INVALID).optional(),
  })
  .superRefine((v, ctx) =>
    reportFirst(ctx, [
      ['email', () => validateSignUpEmail(v.email)],
      ['password', () => validatePassword(v.password)],
      ['passwordConfirm', () => validatePasswordConfirmation(v.password, v.passwordConfirm)],
    ]),
  );
export type SignUpRequest = z.infer<typeof SignUpRequest>;

export const EmailLoginRequest = z.object({ email: text(254).trim(), password: text(100) }).superRefine((v, ctx) =>
  reportFirst(ctx, [
    ['email', () => validateEmailFormat(v.email)],
    ['password', () => validateLoginPassword(v.password)],
  ]),
);
export type EmailLoginRequest = z.infer<typeof EmailLoginRequest>;

export const ChangePasswordRequest = z
  .object({ oldPassword: text(100), newPassword: text(100) })
  .superRefine((v, ctx) =>
    reportFirst(ctx, [
      ['oldPassword', () => (v.oldPassword.length > 0 ? OK : fail('INVALID_PASSWORD'))],
      ['newPassword', () => validateNewPassword(v.oldPassword, v.newPassword)],
      ['newPassword', () => validatePassword(v.newPassword)],
    ]),
  );
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/**
 * A comment body checked against a prohibited-word list. `CommentInput` (no list) is the request
 * schema; the api checks its current list with `commentInput(words)` or `validateComment`.
 */
export const commentInput = (prohibitedWords: readonly string[]) =>
  z
    // A raw bound refuses a huge body before it is segmented; 16 code units per character covers
    // the longest emoji sequences.
    .object({ content: text(16 * COMMENT_MAX_LENGTH) })
    .superRefine((v, ctx) => reportFirst(ctx, [['content', () => validateComment(v.content, prohibitedWords)]]));
export const CommentInput = commentInput([]);
export type CommentInput = z.infer<typeof CommentInput>;
