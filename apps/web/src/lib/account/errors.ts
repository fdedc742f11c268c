import type { ErrorCode } from '@balcony/contracts';

// The codes the account screens (password, reset, settings, profile, withdrawal, adult popup)
// explain, each with a message in messages/*.json under AccountErrors. Any other failure reads as
// INTERNAL_ERROR; a browser that could not reach the web at all reads as CLIENT_FETCH_ERROR.

export const ACCOUNT_ERROR_CODES = [
  'NOT_LOGIN_USER',
  'EMPTY_EMAIL',
  'INVALID_MAIL_FORM',
  'INVALID_PASSWORD',
  'INVALID_PW_REGEX',
  'INCORRECT_PASSWORD',
  'EQUAL_PASSWORD',
  'TIMEOUT',
  'UNKNOWN',
  'NOT_LOCAL_LOGIN_USER',
  'FREQUENT_REQUEST',
  'NOT_FOUND_USER',
  'NOT_FOUND_SMS_USER',
  'ALREADY_SEND_SMS',
  'ALREADY_USE_SMS',
  'EXPIRED_OTP',
  'INVALID_PARAMETER',
  'WITHDRAWAL',
  'TOO_MANY_REQUESTS',
  'INTERNAL_ERROR',
] as const satisfies readonly ErrorCode[];

/** Codes of the screens themselves, found before anything is sent. */
export const ACCOUNT_LOCAL_CODES = [
  'PASSWORD_MISMATCH',
  'INVALID_PHONE',
  'INVALID_CODE',
  'CLIENT_FETCH_ERROR',
] as const;

export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number] | (typeof ACCOUNT_LOCAL_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set<string>([...ACCOUNT_ERROR_CODES, ...ACCOUNT_LOCAL_CODES]);

/** The message key of any code a call answered; unknown codes (a server fault) read as INTERNAL_ERROR. */
export function accountErrorKey(code: string): AccountErrorCode {
  return KNOWN.has(code) ? (code as AccountErrorCode) : 'INTERNAL_ERROR';
}
