'use client';

import { NoData } from '@balcony/contracts';

import Link from 'next/link';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { frontFetch } from '@/components/session/front-fetch';
import formStyles from '@/components/ui/Form.module.css';
import { TextField } from '@/components/ui/TextField';
import { codeOf, useErrorText } from '@/components/ui/useErrorText';
import { checkPasswordForm, passwordRuleStates } from '@/lib/account/password';
import type { MessageCode } from '@/lib/errors/error-codes';
import { routes } from '@/lib/navigation/routes';
import { LOGIN_PATH } from '@/lib/session/redirects';
import styles from './Account.module.css';
import { PasswordRules } from './PasswordRules';

/** Codes after which this link or code can no longer work: offer to start again. */
const DEAD_END: readonly MessageCode[] = ['TIMEOUT', 'UNKNOWN', 'NOT_FOUND_USER'];

/**
 * The last step of a password reset (spec §2): a new password and its confirmation, sent with
 * the reset pair of a mailed link or a verified SMS code; then the way to log in.
 */
export function NewPasswordForm({
  userId,
  uuid,
  focusOnMount = false,
}: {
  userId: number;
  uuid: string;
  focusOnMount?: boolean;
}) {
  const t = useTranslations('Password');
  const errorText = useErrorText();
  const id = useId();
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldError, setFieldError] = useState<{ field: 'newPassword' | 'confirm'; code: MessageCode } | null>(null);
  const [formError, setFormError] = useState<MessageCode | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const newRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusOnMount) newRef.current?.focus();
  }, [focusOnMount]);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const problem = checkPasswordForm({ newPassword, confirm });
    if (problem) {
      const field = problem.field === 'confirm' ? 'confirm' : 'newPassword';
      setFieldError({ field, code: problem.code });
      (field === 'confirm' ? confirmRef : newRef).current?.focus();
      return;
    }
    setFieldError(null);
    setPending(true);
    try {
      await frontFetch('/auth/local/reset/password', NoData, { method: 'POST', body: { userId, uuid, newPassword } });
      setDone(true);
    } catch (error) {
      const code = codeOf(error);
      if (code === 'INVALID_PW_REGEX' || code === 'EQUAL_PASSWORD') {
        setFieldError({ field: 'newPassword', code });
        newRef.current?.focus();
      } else setFormError(code);
    } finally {
      setPending(false);
    }
  }

  if (done) {
    return (
      <div className={styles.form} data-testid="reset-done">
        <h2 ref={doneRef} tabIndex={-1}>
          {t('resetDoneTitle')}
        </h2>
        <p className={formStyles.success} role="status">
          {t('resetDone')}
        </p>
        <div className={styles.actions}>
          <Link href={LOGIN_PATH} className="button" data-testid="to-login">
            {t('toLogin')}
          </Link>
        </div>
      </div>
    );
  }

  const rulesId = `${id}-rules`;
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="new-password-form">
      <h2>{t('newPasswordTitle')}</h2>
      <TextField
        id="new-password"
        inputRef={newRef}
        label={t('newPassword')}
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onValueChange={setNewPassword}
        describedBy={rulesId}
        error={fieldError?.field === 'newPassword' ? errorText(fieldError.code) : undefined}
        required
      />
      <PasswordRules id={rulesId} states={passwordRuleStates(newPassword)} />
      <TextField
        id="confirm-password"
        inputRef={confirmRef}
        label={t('confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onValueChange={setConfirm}
        hint={confirm.length > 0 && confirm === newPassword ? t('confirmMatches') : undefined}
        error={fieldError?.field === 'confirm' ? errorText(fieldError.code) : undefined}
        required
      />
      {formError && (
        <div role="alert" className={formStyles.error} data-testid="form-error">
          <p>{errorText(formError)}</p>
          {DEAD_END.includes(formError) && (
            // A full load: the request form is the same route without the link's parameters.
            <a href={routes.resetPassword}>{t('requestAgain')}</a>
          )}
        </div>
      )}
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={pending}>
          {pending ? t('saving') : t('submitReset')}
        </button>
      </div>
    </form>
  );
}
