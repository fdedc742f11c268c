import { OTP_LENGTH, validatePassword, validatePasswordConfirmation, validateSignUpEmail } from '@balcony/contracts';
import { type MessageCode, messageCode } from '../errors/error-codes';
import type { SignUpField } from './form-fields';

// The checks of the sign-up screen before anything is sent (spec §5), from the contracts'
// validators: the api applies the same ones and answers the same codes.

/** A failure of a sign-up field: a code with its message, or the unticked terms. */
export type SignUpProblem = MessageCode | 'TERMS_REQUIRED';

export interface SignUpInput {
  email: string;
  password: string;
  passwordConfirm: string;
  agreeTerms: boolean;
}

/** Every field's first failure, so the reader sees all there is to fix at once. */
export function checkSignUpForm(input: SignUpInput): Partial<Record<SignUpField, SignUpProblem>> {
  const problems: Partial<Record<SignUpField, SignUpProblem>> = {};
  const email = validateSignUpEmail(input.email.trim());
  if (!email.ok) problems.email = messageCode(email.code, 'INVALID_MAIL_FORM');
  const password = validatePassword(input.password);
  if (!password.ok) problems.password = messageCode(password.code, 'INVALID_PW_REGEX');
  else if (!validatePasswordConfirmation(input.password, input.passwordConfirm).ok)
    problems.passwordConfirm = 'PASSWORD_MISMATCH';
  if (!input.agreeTerms) problems.agreeTerms = 'TERMS_REQUIRED';
  return problems;
}

/** The order a reader fixes the form in, for the field to focus first. */
export const SIGN_UP_FIELDS: readonly SignUpField[] = ['email', 'password', 'passwordConfirm', 'agreeTerms', 'form'];

/** The typed code with spaces and dashes removed (people copy "123 456" from a mail). */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '');
}

/** Spec §5 "enter the number to verify" / "check the number": empty, or not 6 digits. */
export function checkCode(code: string): 'CODE_REQUIRED' | 'CODE_FORMAT' | null {
  const digits = normalizeCode(code);
  if (digits.length === 0) return 'CODE_REQUIRED';
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(digits) ? null : 'CODE_FORMAT';
}
