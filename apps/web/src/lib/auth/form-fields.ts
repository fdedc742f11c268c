import type { MessageCode } from '../errors/error-codes';

// Which field of the login and sign-up forms a failure belongs to, so its message is shown under
// that field (aria-describedby); account-wide failures (locked, deleted…) belong to the form.

export type LoginField = 'email' | 'password' | 'form';

const LOGIN_FIELD: Readonly<Partial<Record<MessageCode, LoginField>>> = {
  EMPTY_EMAIL: 'email',
  INVALID_MAIL_FORM: 'email',
  NOT_REGISTERED_USER: 'email',
  INVALID_PASSWORD: 'password',
  INVALID_PW_REGEX: 'password',
  INCORRECT_PASSWORD: 'password',
};

export function loginErrorField(code: MessageCode): LoginField {
  return LOGIN_FIELD[code] ?? 'form';
}

export type SignUpField = 'email' | 'password' | 'passwordConfirm' | 'agreeTerms' | 'form';

const SIGN_UP_FIELD: Readonly<Partial<Record<MessageCode, SignUpField>>> = {
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
export function signUpErrorField(code: MessageCode): SignUpField {
  return SIGN_UP_FIELD[code] ?? 'form';
}
