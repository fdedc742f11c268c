'use client';

import { NoData, OTP_TTL_MS, SignUpStarted } from '@balcony/contracts';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { PasswordRules } from '@/components/account/PasswordRules';
import { frontFetch } from '@/components/session/front-fetch';
import formStyles from '@/components/ui/Form.module.css';
import { TextField } from '@/components/ui/TextField';
import { codeOf, useErrorText } from '@/components/ui/useErrorText';
import { useFieldErrors } from '@/components/ui/useFieldErrors';
import { passwordRuleStates } from '@/lib/account/password';
import { SignUpVerified } from '@/lib/api/front-answers';
import { loginSuccessPath } from '@/lib/auth/callbacks';
import { type SignUpField, signUpErrorField } from '@/lib/auth/form-fields';
import { checkCode, checkSignUpForm, normalizeCode, SIGN_UP_FIELDS, type SignUpProblem } from '@/lib/auth/sign-up';
import type { MessageCode } from '@/lib/errors/error-codes';
import { routes } from '@/lib/navigation/routes';
import styles from './Auth.module.css';
import { AuthMessage } from './AuthMessage';
import { Consent, TermsLabel } from './Consent';

const HOUR_MS = 3_600_000;

/** The code a failed front-proxy call answered; like the login screens, sign-up calls an unexplained one UnknownError. */
const failureCode = (error: unknown): MessageCode => codeOf(error, 'UnknownError');

/**
 * /user/signup (spec §2, §5): e-mail, password with live rules, confirmation and consents; then
 * the 6-digit code mailed to the address (valid 1 hour, can be sent again). The verified sign-up
 * answers a session (kept by the front proxy in the sealed cookie) and the reader goes through
 * /callback/login-success to the callback.
 */
export function SignUpFlow({ callbackUrl }: { callbackUrl: string }) {
  const [pending, setPending] = useState<SignUpStarted | null>(null);
  const [draftEmail, setDraftEmail] = useState('');
  return pending ? (
    <CodeStep attempt={pending} callbackUrl={callbackUrl} onChangeEmail={() => setPending(null)} />
  ) : (
    <SignUpForm
      callbackUrl={callbackUrl}
      initialEmail={draftEmail}
      onStarted={(started) => {
        setDraftEmail(started.email);
        setPending(started);
      }}
    />
  );
}

function SignUpForm({
  callbackUrl,
  initialEmail,
  onStarted,
}: {
  callbackUrl: string;
  initialEmail: string;
  onStarted(started: SignUpStarted): void;
}) {
  const t = useTranslations('SignUp');
  const tAuth = useTranslations('Auth');
  const errorText = useErrorText();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [confirmTouched, setConfirmTouched] = useState(false);
  const [agreeTerms, setAgreeTerms] = useState(false);
  const [agreeMail, setAgreeMail] = useState(false);
  const [errors, setErrors, clearError] = useFieldErrors<SignUpField, SignUpProblem>();
  const [sending, setSending] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const termsRef = useRef<HTMLInputElement>(null);
  const inputs = { email: emailRef, password: passwordRef, passwordConfirm: confirmRef, agreeTerms: termsRef };

  const text = (problem: SignUpProblem) =>
    problem === 'TERMS_REQUIRED' ? tAuth('agreeTermsRequired') : errorText(problem);

  const show = (next: Partial<Record<SignUpField, SignUpProblem>>) => {
    setErrors(next);
    const first = SIGN_UP_FIELDS.find((field) => next[field]);
    if (first && first !== 'form') inputs[first].current?.focus();
  };

  // The confirmation is checked live once the reader has left it, and again on every change.
  const liveMismatch = confirmTouched && passwordConfirm.length > 0 && passwordConfirm !== password;
  const confirmError = errors.passwordConfirm ?? (liveMismatch ? 'PASSWORD_MISMATCH' : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const problems = checkSignUpForm({ email, password, passwordConfirm, agreeTerms });
    if (Object.keys(problems).length > 0) return show(problems);
    setErrors({});
    setSending(true);
    try {
      const started = await frontFetch('/auth/local/signup', SignUpStarted, {
        method: 'POST',
        body: { email: email.trim(), password, passwordConfirm, agreeTerms: true, agreeMail },
      });
      onStarted(started);
    } catch (error) {
      const code = failureCode(error);
      setSending(false);
      show({ [signUpErrorField(code)]: code });
    }
  }

  return (
    <>
      <p className={styles.intro}>{t('intro')}</p>
      <form className={styles.form} onSubmit={submit} noValidate data-testid="signup-form">
        <TextField
          id="signup-email"
          inputRef={emailRef}
          label={tAuth('emailLabel')}
          type="email"
          autoComplete="email"
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
          id="signup-password"
          inputRef={passwordRef}
          label={tAuth('passwordLabel')}
          type="password"
          autoComplete="new-password"
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            clearError('password');
          }}
          describedBy="signup-password-rules"
          error={errors.password && text(errors.password)}
          required
        />
        <PasswordRules id="signup-password-rules" states={passwordRuleStates(password)} />
        <TextField
          id="signup-confirm"
          inputRef={confirmRef}
          label={t('confirmLabel')}
          type="password"
          autoComplete="new-password"
          value={passwordConfirm}
          onValueChange={(value) => {
            setPasswordConfirm(value);
            clearError('passwordConfirm');
          }}
          onBlur={() => setConfirmTouched(true)}
          error={confirmError && text(confirmError)}
          required
        />
        <fieldset className={styles.consents}>
          <Consent
            id="signup-terms"
            inputRef={termsRef}
            checked={agreeTerms}
            onChange={(checked) => {
              setAgreeTerms(checked);
              if (checked) clearError('agreeTerms');
            }}
            label={<TermsLabel />}
            note={tAuth('required')}
            error={errors.agreeTerms && text(errors.agreeTerms)}
            required
          />
          <Consent
            id="signup-mail"
            checked={agreeMail}
            onChange={setAgreeMail}
            label={tAuth('agreeMail')}
            note={tAuth('optional')}
          />
        </fieldset>
        {errors.form && errors.form !== 'TERMS_REQUIRED' && (
          <AuthMessage code={errors.form} text={text(errors.form)} testId="signup-error" />
        )}
        <button type="submit" className={styles.submit} disabled={sending} data-testid="signup-submit">
          {sending ? t('submitting') : t('submit')}
        </button>
      </form>
      <p>
        {t('haveAccount')}{' '}
        <Link href={routes.login(callbackUrl)} prefetch={false}>
          {t('login')}
        </Link>
      </p>
    </>
  );
}

type CodeProblem = MessageCode | 'CODE_REQUIRED' | 'CODE_FORMAT';

function CodeStep({
  attempt,
  callbackUrl,
  onChangeEmail,
}: {
  /** The attempt the code belongs to: the code opens the account only together with it. */
  attempt: SignUpStarted;
  callbackUrl: string;
  onChangeEmail(): void;
}) {
  const t = useTranslations('SignUp');
  const errorText = useErrorText();
  const router = useRouter();
  const [code, setCode] = useState('');
  const [error, setError] = useState<CodeProblem | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // The step replaces the form: move the reader's focus to its heading.
  useEffect(() => headingRef.current?.focus(), []);

  const text = (problem: CodeProblem) =>
    problem === 'CODE_REQUIRED' ? t('codeRequired') : problem === 'CODE_FORMAT' ? t('codeFormat') : errorText(problem);

  const fail = (problem: CodeProblem) => {
    setError(problem);
    inputRef.current?.focus();
  };

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (verifying) return;
    setResent(false);
    const problem = checkCode(code);
    if (problem) return fail(problem);
    setError(null);
    setVerifying(true);
    try {
      await frontFetch('/auth/local/signup/verify', SignUpVerified, {
        method: 'POST',
        body: { userId: attempt.userId, signUpId: attempt.signUpId, code: normalizeCode(code) },
      });
      router.replace(loginSuccessPath(callbackUrl));
    } catch (failure) {
      setVerifying(false);
      fail(failureCode(failure));
    }
  }

  async function resend() {
    if (resending) return;
    setResending(true);
    setResent(false);
    setError(null);
    try {
      await frontFetch('/user/mail/auth', NoData, {
        method: 'POST',
        body: { userId: attempt.userId, signUpId: attempt.signUpId },
      });
      setResent(true);
      setCode('');
    } catch (failure) {
      fail(failureCode(failure));
    } finally {
      setResending(false);
    }
  }

  return (
    <section className={styles.form} aria-labelledby="signup-code-heading" data-testid="signup-code-step">
      <h2 id="signup-code-heading" ref={headingRef} tabIndex={-1} className={styles.heading}>
        {t('codeTitle')}
      </h2>
      <p className={styles.intro}>
        {t('codeSent', { email: attempt.email })} {t('codeValidity', { hours: OTP_TTL_MS / HOUR_MS })}
      </p>
      <form className={styles.form} onSubmit={verify} noValidate>
        <div className={styles.codeField}>
          <TextField
            id="signup-code"
            inputRef={inputRef}
            label={t('codeLabel')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={7}
            value={code}
            onValueChange={setCode}
            hint={t('spamHint')}
            error={error ? text(error) : undefined}
            required
          />
        </div>
        <div role="status" aria-live="polite">
          {resent && (
            <p className={formStyles.success} data-testid="signup-code-resent">
              {t('resent', { email: attempt.email })}
            </p>
          )}
        </div>
        <button type="submit" className={styles.submit} disabled={verifying} data-testid="signup-verify">
          {verifying ? t('verifying') : t('verify')}
        </button>
      </form>
      <div className={styles.buttons}>
        <button
          type="button"
          className={`${styles.submit} ${styles.secondary}`}
          onClick={resend}
          disabled={resending}
          data-testid="signup-resend"
        >
          {resending ? t('resending') : t('resend')}
        </button>
        <button type="button" className={`${styles.submit} ${styles.secondary}`} onClick={onChangeEmail}>
          {t('changeEmail')}
        </button>
      </div>
    </section>
  );
}
