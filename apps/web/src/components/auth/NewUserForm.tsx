'use client';

import { validateNickname } from '@balcony/contracts';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { getCsrfToken } from '@/components/session/client';
import { TextField } from '@/components/ui/TextField';
import { useErrorText } from '@/components/ui/useErrorText';
import { type MessageCode, messageCode } from '@/lib/errors/error-codes';
import styles from './Auth.module.css';
import { AuthMessage } from './AuthMessage';
import { Consent, TermsLabel } from './Consent';

type Answer = { url?: string; code?: string };

/** Posts the new-user step to the auth base (CSRF token in the header); answers its url or code. */
async function postNewUser(fields: { nickname: string; agreeTerms: boolean; agreeMail: boolean }) {
  const csrfToken = await getCsrfToken();
  const response = await fetch('/api/auth/newuser', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
    body: JSON.stringify({ ...fields, csrfToken }),
    credentials: 'same-origin',
  });
  const answer = (await response.json()) as Answer;
  if (response.ok && answer.url) return { url: answer.url, code: null };
  const fromUrl = answer.url ? new URL(answer.url, window.location.origin).searchParams.get('error') : null;
  return { url: null, code: answer.code ?? fromUrl ?? 'UnknownError' };
}

/**
 * The new-user step of a first social login (spec §2 /callback/login-newuser): nickname and
 * consents, then the account exists and the reader goes through login-success. An expired
 * sign-up ticket (TIMEOUT) sends the reader back to login.
 */
export function NewUserForm({ defaultNickname, loginHref }: { defaultNickname: string; loginHref: string }) {
  const t = useTranslations('Callback');
  const tAuth = useTranslations('Auth');
  const errorText = useErrorText();
  const router = useRouter();
  const [nickname, setNickname] = useState(defaultNickname);
  const [agreeTerms, setAgreeTerms] = useState(false);
  const [agreeMail, setAgreeMail] = useState(false);
  const [nicknameError, setNicknameError] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [formError, setFormError] = useState<MessageCode | null>(null);
  const [expired, setExpired] = useState(false);
  const [pending, setPending] = useState(false);
  const nicknameRef = useRef<HTMLInputElement>(null);
  const termsRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const checked = validateNickname(nickname);
    setNicknameError(!checked.ok);
    setTermsError(!agreeTerms);
    setFormError(null);
    if (!checked.ok) return nicknameRef.current?.focus();
    if (!agreeTerms) return termsRef.current?.focus();
    setPending(true);
    try {
      const answer = await postNewUser({ nickname: checked.nickname, agreeTerms, agreeMail });
      if (answer.url) return router.replace(answer.url);
      if (answer.code === 'TIMEOUT') setExpired(true);
      else setFormError(messageCode(answer.code, 'UnknownError'));
    } catch {
      setFormError('CLIENT_FETCH_ERROR');
    }
    setPending(false);
  }

  if (expired)
    return (
      <div className={styles.form}>
        <p role="alert" data-testid="newuser-expired">
          {t('ticketExpired')}
        </p>
        <Link href={loginHref} prefetch={false} className={styles.submit}>
          {t('login')}
        </Link>
      </div>
    );

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="newuser-form">
      <TextField
        id="newuser-nickname"
        inputRef={nicknameRef}
        label={t('nicknameLabel')}
        autoComplete="nickname"
        value={nickname}
        onValueChange={(value) => {
          setNickname(value);
          setNicknameError(false);
        }}
        hint={t('nicknameHint')}
        error={nicknameError ? t('nicknameInvalid') : undefined}
        required
      />
      <fieldset className={styles.consents}>
        <Consent
          id="newuser-terms"
          inputRef={termsRef}
          checked={agreeTerms}
          onChange={(value) => {
            setAgreeTerms(value);
            if (value) setTermsError(false);
          }}
          label={<TermsLabel />}
          note={tAuth('required')}
          error={termsError ? tAuth('agreeTermsRequired') : undefined}
          required
        />
        <Consent
          id="newuser-mail"
          checked={agreeMail}
          onChange={setAgreeMail}
          label={tAuth('agreeMail')}
          note={tAuth('optional')}
        />
      </fieldset>
      {formError && <AuthMessage code={formError} text={errorText(formError)} testId="newuser-error" />}
      <button type="submit" className={styles.submit} disabled={pending} data-testid="newuser-submit">
        {pending ? t('creating') : t('create')}
      </button>
    </form>
  );
}
