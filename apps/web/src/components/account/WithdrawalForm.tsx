'use client';

import { NoData } from '@balcony/contracts';

import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { signOut } from '@/components/session/client';
import { frontFetch } from '@/components/session/front-fetch';
import { useSession } from '@/components/session/SessionProvider';
import formStyles from '@/components/ui/Form.module.css';
import { TextField } from '@/components/ui/TextField';
import { codeOf, useErrorText } from '@/components/ui/useErrorText';
import { useFieldErrors } from '@/components/ui/useFieldErrors';
import {
  WITHDRAWAL_DETAILS_MAX_LENGTH,
  WITHDRAWAL_REASONS,
  type WithdrawalReason,
  withdrawalReasonText,
} from '@/lib/account/withdrawal';
import type { MessageCode } from '@/lib/errors/error-codes';
import styles from './Account.module.css';

type Field = 'reason' | 'password' | 'confirm';

/**
 * /my/withdrawal: a reason, the password of an e-mail account (a social account must have logged
 * in recently instead), and an explicit confirmation; on success the session ends here and the
 * screen says goodbye.
 */
export function WithdrawalForm({ needsPassword, loginHref }: { needsPassword: boolean; loginHref: string }) {
  const t = useTranslations('Withdrawal');
  const errorText = useErrorText();
  const session = useSession();
  const [reason, setReason] = useState<WithdrawalReason | ''>('');
  const [details, setDetails] = useState('');
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors, clearError] = useFieldErrors<Field, string>();
  const [formError, setFormError] = useState<MessageCode | null>(null);
  const [pending, setPending] = useState(false);
  const [gone, setGone] = useState(false);
  const refs = {
    reason: useRef<HTMLSelectElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
  };
  const goodbyeRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (gone) goodbyeRef.current?.focus();
  }, [gone]);

  const fieldError = (field: Field, message: string) => {
    setErrors({ [field]: message });
    refs[field].current?.focus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    if (!reason) return fieldError('reason', t('reasonRequired'));
    if (needsPassword && password.length === 0) return fieldError('password', errorText('INVALID_PASSWORD'));
    if (!confirmed) return fieldError('confirm', t('confirmRequired'));
    setErrors({});
    setPending(true);
    try {
      await frontFetch('/user/withdrawal', NoData, {
        method: 'POST',
        body: {
          reason: withdrawalReasonText(reason, details),
          ...(needsPassword ? { password } : {}),
          confirm: true,
        },
      });
    } catch (error) {
      const code = codeOf(error);
      setPending(false);
      if (code === 'INCORRECT_PASSWORD' || code === 'INVALID_PASSWORD') return fieldError('password', errorText(code));
      setFormError(code);
      return;
    }
    // The account is gone: end the session here and in other tabs; stay on this screen.
    await signOut('/');
    session.clear();
    setGone(true);
  }

  if (gone) {
    return (
      <div className={styles.form} data-testid="withdrawal-done">
        <h2 ref={goodbyeRef} tabIndex={-1}>
          {t('goodbyeTitle')}
        </h2>
        <p role="status">{t('goodbye')}</p>
        <div className={styles.actions}>
          {/* A full load, so every part of the page forgets the member. */}
          <a href="/" className="button">
            {t('home')}
          </a>
        </div>
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="withdrawal-form">
      <div className={formStyles.field}>
        <label htmlFor="withdrawal-reason" className={formStyles.label}>
          {t('reason')}
        </label>
        <select
          id="withdrawal-reason"
          ref={refs.reason}
          className={formStyles.select}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value as WithdrawalReason | '');
            clearError('reason');
          }}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? 'withdrawal-reason-error' : undefined}
          required
        >
          <option value="">{t('reasonPlaceholder')}</option>
          {WITHDRAWAL_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`reasons.${r}`)}
            </option>
          ))}
        </select>
        {errors.reason && (
          <p id="withdrawal-reason-error" className={formStyles.fieldError}>
            {errors.reason}
          </p>
        )}
      </div>
      <div className={formStyles.field}>
        <label htmlFor="withdrawal-details" className={formStyles.label}>
          {t('details')}
        </label>
        <textarea
          id="withdrawal-details"
          className={formStyles.textarea}
          value={details}
          maxLength={WITHDRAWAL_DETAILS_MAX_LENGTH}
          onChange={(event) => setDetails(event.target.value)}
        />
      </div>
      {needsPassword ? (
        <TextField
          id="withdrawal-password"
          inputRef={refs.password}
          label={t('password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            clearError('password');
          }}
          hint={t('passwordHint')}
          error={errors.password}
          required
        />
      ) : (
        <p className={formStyles.hint}>{t('socialHint')}</p>
      )}
      <div className={formStyles.field}>
        <label className={formStyles.check}>
          <input
            ref={refs.confirm}
            type="checkbox"
            checked={confirmed}
            onChange={(event) => {
              setConfirmed(event.target.checked);
              clearError('confirm');
            }}
            aria-invalid={errors.confirm ? true : undefined}
            aria-describedby={errors.confirm ? 'withdrawal-confirm-error' : undefined}
            data-testid="withdrawal-confirm"
          />
          <span>{t('confirm')}</span>
        </label>
        {errors.confirm && (
          <p id="withdrawal-confirm-error" className={formStyles.fieldError}>
            {errors.confirm}
          </p>
        )}
      </div>
      {formError && (
        <div role="alert" className={formStyles.error} data-testid="form-error">
          {formError === 'TIMEOUT' ? (
            <>
              <p>{t('reloginRequired')}</p>
              <a href={loginHref}>{t('relogin')}</a>
            </>
          ) : (
            <p>{errorText(formError)}</p>
          )}
        </div>
      )}
      <div className={styles.actions}>
        <button type="submit" className={`button ${styles.danger}`} disabled={pending} data-testid="withdrawal-submit">
          {pending ? t('deleting') : t('submit')}
        </button>
      </div>
    </form>
  );
}
