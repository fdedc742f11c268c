'use client';

import { validateNickname } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { frontFetch } from '@/components/session/front-fetch';
import { useSession } from '@/components/session/SessionProvider';
import formStyles from '@/components/ui/Form.module.css';
import { TextField } from '@/components/ui/TextField';
import { codeOf, useErrorText } from '@/components/ui/useErrorText';
import { UserUpdated } from '@/lib/api/front-answers';
import type { MessageCode } from '@/lib/errors/error-codes';
import styles from './Account.module.css';

/** The nickname of /my/profile (PUT /user action PROFILE; the proxy stores the new tokens). */
export function NicknameForm({ nickname: initial }: { nickname: string }) {
  const t = useTranslations('Profile');
  const errorText = useErrorText();
  const router = useRouter();
  const session = useSession();
  const [nickname, setNickname] = useState(initial);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<MessageCode | null>(null);
  const [saved, setSaved] = useState(false);
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setSaved(false);
    setFormError(null);
    const checked = validateNickname(nickname);
    if (!checked.ok) {
      setFieldError(t('nicknameInvalid'));
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    setPending(true);
    try {
      await frontFetch('/user', UserUpdated, {
        method: 'PUT',
        body: { action: 'PROFILE', profileRequest: { nickname: checked.nickname } },
      });
      setNickname(checked.nickname);
      setSaved(true);
      await session.update();
      router.refresh();
    } catch (error) {
      const code = codeOf(error);
      if (code === 'INVALID_PARAMETER') {
        setFieldError(t('nicknameInvalid'));
        inputRef.current?.focus();
      } else setFormError(code);
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="nickname-form">
      <TextField
        id="nickname"
        inputRef={inputRef}
        label={t('nickname')}
        autoComplete="nickname"
        value={nickname}
        onValueChange={(value) => {
          setNickname(value);
          setSaved(false);
        }}
        hint={t('nicknameHint')}
        error={fieldError ?? undefined}
        maxLength={60}
        required
      />
      {formError && (
        <p role="alert" className={formStyles.error} data-testid="form-error">
          {errorText(formError)}
        </p>
      )}
      <div role="status">
        {saved && (
          <p className={formStyles.success} data-testid="nickname-saved">
            {t('nicknameSaved')}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={pending}>
          {pending ? t('saving') : t('saveNickname')}
        </button>
      </div>
    </form>
  );
}
