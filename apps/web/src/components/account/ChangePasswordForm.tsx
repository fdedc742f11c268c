'use client';

import { NoData } from '@balcony/contracts';

import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { frontFetch } from '@/components/session/front-fetch';
import formStyles from '@/components/ui/Form.module.css';
import { TextField } from '@/components/ui/TextField';
import { codeOf, useErrorText } from '@/components/ui/useErrorText';
import { useFieldErrors } from '@/components/ui/useFieldErrors';
import { checkPasswordForm, type PasswordField, passwordRuleStates } from '@/lib/account/password';
import type { MessageCode } from '@/lib/errors/error-codes';
import styles from './Account.module.css';
import { PasswordRules } from './PasswordRules';

/** Which field a code the api answers belongs to; others are shown for the whole form. */
const FIELD_OF: Partial<Record<MessageCode, PasswordField>> = {
  INCORRECT_PASSWORD: 'oldPassword',
  INVALID_PASSWORD: 'oldPassword',
  EQUAL_PASSWORD: 'newPassword',
  INVALID_PW_REGEX: 'newPassword',
};

/** /user/changePassword: current password, new password with live rules, confirmation. */
export function ChangePasswordForm() {
  const t = useTranslations('Password');
  const errorText = useErrorText();
  const id = useId();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors, clearError] = useFieldErrors<PasswordField, MessageCode>();
  const [formError, setFormError] = useState<MessageCode | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const refs = {
    oldPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
  };

  const showError = (field: PasswordField, code: MessageCode) => {
    setErrors({ [field]: code });
    refs[field].current?.focus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setDone(false);
    setFormError(null);
    const problem = checkPasswordForm({ oldPassword, newPassword, confirm });
    if (problem) return showError(problem.field, problem.code);
    setErrors({});
    setPending(true);
    try {
      await frontFetch('/auth/local/change/password', NoData, { method: 'POST', body: { oldPassword, newPassword } });
      setOldPassword('');
      setNewPassword('');
      setConfirm('');
      setDone(true);
    } catch (error) {
      const code = codeOf(error);
      const field = FIELD_OF[code];
      if (field) showError(field, code);
      else setFormError(code);
    } finally {
      setPending(false);
    }
  }

  const rulesId = `${id}-rules`;
  const matches = confirm.length > 0 && confirm === newPassword;
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="change-password-form">
      <TextField
        id="old-password"
        inputRef={refs.oldPassword}
        label={t('oldPassword')}
        type="password"
        autoComplete="current-password"
        value={oldPassword}
        onValueChange={(value) => {
          setOldPassword(value);
          clearError('oldPassword');
        }}
        error={errors.oldPassword && errorText(errors.oldPassword)}
        required
      />
      <TextField
        id="new-password"
        inputRef={refs.newPassword}
        label={t('newPassword')}
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onValueChange={(value) => {
          setNewPassword(value);
          clearError('newPassword');
        }}
        describedBy={rulesId}
        error={errors.newPassword && errorText(errors.newPassword)}
        required
      />
      <PasswordRules id={rulesId} states={passwordRuleStates(newPassword, oldPassword)} />
      <TextField
        id="confirm-password"
        inputRef={refs.confirm}
        label={t('confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onValueChange={(value) => {
          setConfirm(value);
          clearError('confirm');
        }}
        hint={matches ? t('confirmMatches') : undefined}
        error={errors.confirm && errorText(errors.confirm)}
        required
      />
      {formError && (
        <p role="alert" className={formStyles.error} data-testid="form-error">
          {errorText(formError)}
        </p>
      )}
      <div role="status" aria-live="polite">
        {done && (
          <p className={formStyles.success} data-testid="password-changed">
            {t('changed')}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={pending}>
          {pending ? t('saving') : t('submitChange')}
        </button>
      </div>
    </form>
  );
}
