import {
  passwordChecks,
  validateNewPassword,
  validatePassword,
  validatePasswordConfirmation,
} from '@balcony/contracts';
import type { MessageCode } from '../errors/error-codes';

// Live feedback and the final check of a new password, from the contracts' validators (spec §5).

export type PasswordRule = 'length' | 'classes' | 'noSpaces' | 'differs';

export interface PasswordRuleState {
  rule: PasswordRule;
  met: boolean;
}

/** The rules shown under a new password as it is typed; `differs` only when the old one is known. */
export function passwordRuleStates(newPassword: string, oldPassword?: string): PasswordRuleState[] {
  const checks = passwordChecks(newPassword);
  const states: PasswordRuleState[] = [
    { rule: 'length', met: checks.length },
    { rule: 'classes', met: checks.classes },
    { rule: 'noSpaces', met: checks.noSpaces && newPassword.length > 0 },
  ];
  if (oldPassword !== undefined) {
    states.push({
      rule: 'differs',
      met: newPassword.length > 0 && validateNewPassword(oldPassword, newPassword).ok,
    });
  }
  return states;
}

export type PasswordField = 'oldPassword' | 'newPassword' | 'confirm';

/** The first problem of a password form, in the order a person fixes it, with the field it belongs to. */
export function checkPasswordForm(input: {
  oldPassword?: string;
  newPassword: string;
  confirm: string;
}): { field: PasswordField; code: MessageCode } | null {
  if (input.oldPassword !== undefined && input.oldPassword.length === 0)
    return { field: 'oldPassword', code: 'INVALID_PASSWORD' };
  const rules = validatePassword(input.newPassword);
  if (!rules.ok)
    return { field: 'newPassword', code: rules.code === 'INVALID_PASSWORD' ? 'INVALID_PASSWORD' : 'INVALID_PW_REGEX' };
  if (input.oldPassword !== undefined && !validateNewPassword(input.oldPassword, input.newPassword).ok)
    return { field: 'newPassword', code: 'EQUAL_PASSWORD' };
  if (!validatePasswordConfirmation(input.newPassword, input.confirm).ok)
    return { field: 'confirm', code: 'PASSWORD_MISMATCH' };
  return null;
}
