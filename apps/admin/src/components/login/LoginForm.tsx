'use client';

import { AdminLoginRequest } from '@balcony/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { ErrorText } from '@/components/ui/ErrorText';
import ui from '@/components/ui/ui.module.css';
import { failCodeOf } from '@/lib/errors';
import styles from './Login.module.css';

/**
 * E-mail, password and the 6-digit code of the authenticator app. The console's own endpoint
 * (/api/session) calls the api and keeps the session in an httpOnly cookie; this page never sees it.
 */
export function LoginForm() {
  const t = useTranslations('Login');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = AdminLoginRequest.safeParse({
      email: form.get('email'),
      password: form.get('password'),
      totp: String(form.get('totp') ?? '').replace(/\s/g, ''),
    });
    if (!input.success) {
      setError(input.error.issues.some((issue) => issue.path[0] === 'totp') ? 'TOTP_FORMAT' : 'INVALID_PARAMETER');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const response = await fetch('/api/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(input.data),
        credentials: 'same-origin',
      });
      const body: unknown = await response.json().catch(() => null);
      if (response.ok) {
        // A full load, so the console renders with the new cookie from the server.
        window.location.assign('/');
        return;
      }
      setError(failCodeOf(body) ?? 'INTERNAL_ERROR');
    } catch {
      setError('INTERNAL_ERROR');
    }
    setBusy(false);
  }

  return (
    <form className={ui.form} onSubmit={submit} noValidate>
      <label className={ui.field}>
        <span>{t('email')}</span>
        <input name="email" type="email" autoComplete="username" required maxLength={254} />
      </label>
      <label className={ui.field}>
        <span>{t('password')}</span>
        <input name="password" type="password" autoComplete="current-password" required maxLength={200} />
      </label>
      <label className={ui.field}>
        <span>{t('totp')}</span>
        <input
          className={styles.code}
          name="totp"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          aria-describedby="totp-hint"
        />
        <small id="totp-hint" className={ui.hint}>
          {t('totpHint')}
        </small>
      </label>
      {error === 'TOTP_FORMAT' ? (
        <p className={ui.error} role="alert">
          {t('totpFormat')}
        </p>
      ) : (
        <ErrorText code={error} />
      )}
      <button className={ui.button} type="submit" disabled={busy}>
        {busy ? t('submitting') : t('submit')}
      </button>
    </form>
  );
}
