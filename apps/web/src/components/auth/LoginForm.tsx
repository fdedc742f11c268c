'use client';

import { validateEmailFormat, validateLoginPassword } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { signInWithPassword } from '@/components/session/client';
import { useSession } from '@/components/session/SessionProvider';
import { TextField } from '@/components/ui/TextField';
import { useErrorText } from '@/components/ui/useErrorText';
import { useFieldErrors } from '@/components/ui/useFieldErrors';
import { type LoginField, loginErrorField } from '@/lib/auth/form-fields';
import { type MessageCode, messageCode } from '@/lib/errors/error-codes';
import styles from './Auth.module.css';
import { AuthMessage } from './AuthMessage';

type Errors = Partial<Record<LoginField, MessageCode>>;

/**
 * E-mail login (spec §7 POST callback/credentials). The contracts' validators check the fields
 * first (spec §5: e-mail required, enter a password); the api's answer comes back as a code tied
 * to its field, or to the form for account-wide failures (locked, deleted). On success the
 * session provider is refreshed and the reader goes on to the callback.
 */
export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const t = useTranslations('Login');
  const tAuth = useTranslations('Auth');
  const errorText = useErrorText();
  const router = useRouter();
  const { update } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors, clearError] = useFieldErrors<LoginField, MessageCode>();
  const [pending, setPending] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const show = (next: Errors) => {
    setErrors(next);
    if (next.email) emailRef.current?.focus();
    else if (next.password) passwordRef.current?.focus();
  };

  // Older accounts keep passwords of 6 characters, so login states its own length rule.
  const text = (code: MessageCode) => (code === 'INVALID_PW_REGEX' ? t('passwordLength') : errorText(code));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const emailCheck = validateEmailFormat(email);
    const passwordCheck = validateLoginPassword(password);
    const invalid: Errors = {};
    if (!emailCheck.ok) invalid.email = messageCode(emailCheck.code, 'INVALID_MAIL_FORM');
    if (!passwordCheck.ok) invalid.password = messageCode(passwordCheck.code, 'INVALID_PASSWORD');
    if (invalid.email || invalid.password) return show(invalid);

    setErrors({});
    setPending(true);
    const result = await signInWithPassword(email.trim(), password, callbackUrl);
    if (result.error !== null || result.url === null) {
      const code = messageCode(result.error, 'UnknownError');
      setPending(false);
      return show({ [loginErrorField(code)]: code });
    }
    await update();
    router.replace(result.url);
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="login-email-heading">
      <h2 id="login-email-heading" className="visually-hidden">
        {t('emailHeading')}
      </h2>
      <TextField
        id="login-email"
        inputRef={emailRef}
        label={tAuth('emailLabel')}
        type="email"
        autoComplete="username"
        inputMode="email"
        spellCheck={false}
        autoCapitalize="none"
        value={email}
        onValueChange={(value) => {
          setEmail(value);
          clearError('email');
        }}
        error={errors.email && text(errors.email)}
        required
      />
      <TextField
        id="login-password"
        inputRef={passwordRef}
        label={tAuth('passwordLabel')}
        type="password"
        autoComplete="current-password"
        value={password}
        onValueChange={(value) => {
          setPassword(value);
          clearError('password');
        }}
        error={errors.password && text(errors.password)}
        required
      />
      {errors.form && <AuthMessage code={errors.form} text={text(errors.form)} testId="login-error" />}
      <button type="submit" className={styles.submit} disabled={pending} data-testid="login-submit">
        {pending ? t('submitting') : t('submit')}
      </button>
    </form>
  );
}
