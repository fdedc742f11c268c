import type { ErrorCode } from '@balcony/contracts';

// The failures the login, sign-up and callback screens explain, each with a message in
// messages/*.json (Auth.errors). Codes of the spec §8 catalogue, the auth client's own names
// (spec §8: Callback, OAuthCallbackError, …, SessionRequired), MissingCSRF from the web's
// auth base and CLIENT_FETCH_ERROR when the browser could not reach the web at all.

export const AUTH_MESSAGE_CODES = [
  // auth client and auth base
  'SessionRequired',
  'Callback',
  'OAuthCallbackError',
  'AccountNotLinkedError',
  'MissingCSRF',
  'UnknownError',
  'CLIENT_FETCH_ERROR',
  // session
  'NOT_LOGIN_USER',
  'MALFORMED_JWT',
  'EXPIRED_REFRESH_TOKEN',
  'NOT_FOUND_REFRESH_TOKEN',
  'NOT_FOUND_ACCESS_TOKEN',
  // login
  'EMPTY_EMAIL',
  'INVALID_MAIL_FORM',
  'INVALID_PASSWORD',
  'INVALID_PW_REGEX',
  'INCORRECT_PASSWORD',
  'NOT_REGISTERED_USER',
  'NOT_LOCAL_LOGIN_USER',
  'WITHDRAWAL',
  'EXCEED_AUTH_COUNT',
  'DUPLICATE_LOGIN',
  'ALREADY_USED_EMAIL',
  'ALREADY_USED_ANOTHER_PLATFORM',
  // sign-up mail and code
  'INVALID_EMAIL',
  'DELETED_USER',
  'INVALID_PARAMETER',
  'EXPIRED_OTP',
  'FREQUENT_REQUEST',
  'NOT_FOUND_USER',
  'ALREADY_AUTH_MAIL',
  'TIMEOUT',
  // anything else
  'TOO_MANY_REQUESTS',
  'INTERNAL_ERROR',
] as const satisfies readonly (ErrorCode | string)[];

export type AuthMessageCode = (typeof AUTH_MESSAGE_CODES)[number];

/** Codes that tell a reader what to do rather than that something failed. */
const NOTICES: ReadonlySet<AuthMessageCode> = new Set(['SessionRequired', 'NOT_LOGIN_USER']);

/**
 * The message to show for an `error` code from a url or an answer: its own when the screens
 * explain it, UnknownError for any other value (the other auth client names of spec §8 among
 * them), null when there is no error.
 */
export function authMessageCode(code: string | null | undefined): AuthMessageCode | null {
  if (!code) return null;
  return (AUTH_MESSAGE_CODES as readonly string[]).includes(code) ? (code as AuthMessageCode) : 'UnknownError';
}

/** Whether the code is a prompt (role="status") rather than a failure (role="alert"). */
export function isNotice(code: AuthMessageCode): boolean {
  return NOTICES.has(code);
}

export type LoginField = 'email' | 'password' | 'form';

const LOGIN_FIELD: Readonly<Partial<Record<AuthMessageCode, LoginField>>> = {
  EMPTY_EMAIL: 'email',
  INVALID_MAIL_FORM: 'email',
  NOT_REGISTERED_USER: 'email',
  INVALID_PASSWORD: 'password',
  INVALID_PW_REGEX: 'password',
  INCORRECT_PASSWORD: 'password',
};

/** The login form field a failure belongs to; account-wide failures (locked, deleted…) belong to the form. */
export function loginErrorField(code: AuthMessageCode): LoginField {
  return LOGIN_FIELD[code] ?? 'form';
}

export type SignUpField = 'email' | 'password' | 'passwordConfirm' | 'agreeTerms' | 'form';

const SIGN_UP_FIELD: Readonly<Partial<Record<AuthMessageCode, SignUpField>>> = {
  EMPTY_EMAIL: 'email',
  INVALID_MAIL_FORM: 'email',
  INVALID_EMAIL: 'email',
  ALREADY_USED_EMAIL: 'email',
  ALREADY_USED_ANOTHER_PLATFORM: 'email',
  DELETED_USER: 'email',
  INVALID_PASSWORD: 'password',
  INVALID_PW_REGEX: 'password',
};

/** The sign-up form field a failure the api answered belongs to. */
export function signUpErrorField(code: AuthMessageCode): SignUpField {
  return SIGN_UP_FIELD[code] ?? 'form';
}
