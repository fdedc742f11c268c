'use client';

import { IDENTITY_ENCODE_FIELD } from '@balcony/contracts';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import styles from '@/components/auth/Auth.module.css';
import { AuthMessage } from '@/components/auth/AuthMessage';
import { TextField } from '@/components/ui/TextField';
import { codeOf, useErrorText } from '@/components/ui/useErrorText';
import type { MessageCode } from '@/lib/errors/error-codes';
import { sandboxAnswer } from './carrier-calls';

/** A birth date `years` before today, "yyyy-MM-dd": what the tester starts from. */
function yearsBefore(years: number): string {
  const day = new Date();
  day.setUTCFullYear(day.getUTCFullYear() - years);
  return day.toISOString().slice(0, 10);
}

/**
 * The sandbox carrier identity service's page (decision 0270): the tester picks what the carrier
 * found (a birth date, or a cancelled check); the sandbox signs it for this request, and the reader
 * goes back to the callback page with it, as from the real provider.
 */
export function CarrierSandbox({ encodeData }: { encodeData: string | null }) {
  const t = useTranslations('CarrierIdentity');
  const errorText = useErrorText();
  const [birthedAt, setBirthedAt] = useState(() => yearsBefore(30));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<MessageCode | null>(encodeData ? null : 'INVALID_PARAMETER');

  async function send(outcome: 'VERIFIED' | 'CANCELLED') {
    if (!encodeData) return;
    setPending(true);
    setError(null);
    try {
      const answer = await sandboxAnswer(
        outcome === 'VERIFIED' ? { encodeData, outcome, birthedAt } : { encodeData, outcome },
      );
      const back = new URL(answer.returnUrl);
      back.searchParams.set(IDENTITY_ENCODE_FIELD, answer.encodeData);
      window.location.assign(back.href);
    } catch (failure) {
      setError(codeOf(failure));
      setPending(false);
    }
  }

  return (
    <div className={styles.screen} data-testid="carrier-sandbox">
      <h1 className={styles.title}>{t('sandboxTitle')}</h1>
      <p>{t('sandboxText')}</p>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void send('VERIFIED');
        }}
      >
        <TextField
          id="carrier-sandbox-birth"
          type="date"
          label={t('sandboxBirthDate')}
          value={birthedAt}
          onValueChange={setBirthedAt}
          required
          data-testid="carrier-sandbox-birth"
        />
        {error && <AuthMessage code={error} text={errorText(error)} testId="carrier-sandbox-error" />}
        <div className={styles.buttons}>
          <button
            type="submit"
            className="button"
            disabled={pending || !encodeData}
            data-testid="carrier-sandbox-verify"
          >
            {t('sandboxVerify')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={pending || !encodeData}
            onClick={() => void send('CANCELLED')}
            data-testid="carrier-sandbox-cancel"
          >
            {t('sandboxCancel')}
          </button>
        </div>
      </form>
    </div>
  );
}
