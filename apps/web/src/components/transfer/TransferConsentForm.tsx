'use client';

import { TRANSFER_CONSENT_ITEMS, type TransferConsentItem, TransferStatus } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { useTranslations } from 'use-intl';
import { frontErrorCode } from '@/components/session/front-error';
import { frontFetch } from '@/components/session/front-fetch';
import { useSession } from '@/components/session/SessionProvider';
import { useErrorText } from '@/components/ui/useErrorText';
import { TRANSFER_PATHS } from '@/lib/transfer/paths';
import styles from './Transfer.module.css';

/** Where a refusal sends the member: the invalid-access page says why. */
const WRONG_REASONS: Partial<Record<string, string>> = {
  NOT_LOGIN_USER: 'login',
  ALREADY_TRANSFERRED: 'done',
  NOT_TRANSFER_PERIOD: 'closed',
  NOT_EXIST: 'none',
};

/**
 * The explicit consent of /transfer/apply/confirm: one box per thing agreed to (all required),
 * the text's version sent with them, then POST /transfer through the front proxy. The api records
 * what was agreed to, the version, the time and the address; the member goes on to the status.
 */
export function TransferConsentForm({ version }: { version: string }) {
  const t = useTranslations('Transfer');
  const errorText = useErrorText();
  const router = useRouter();
  const { update } = useSession();
  const [checked, setChecked] = useState<ReadonlySet<TransferConsentItem>>(new Set());
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const complete = TRANSFER_CONSENT_ITEMS.every((item) => checked.has(item));

  const toggle = (item: TransferConsentItem, on: boolean) => {
    const next = new Set(checked);
    if (on) next.add(item);
    else next.delete(item);
    setChecked(next);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete || pending) return;
    setPending(true);
    setError(null);
    try {
      await frontFetch('/transfer', TransferStatus, { method: 'POST', body: { consent: [...checked], version } });
      await update();
      router.push(TRANSFER_PATHS.status);
    } catch (failure) {
      const code = frontErrorCode(failure);
      const reason = WRONG_REASONS[code];
      if (reason) {
        router.push(`${TRANSFER_PATHS.wrong}?reason=${reason}`);
        return;
      }
      setError(errorText(code));
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="transfer-consent">
      <fieldset className={styles.consent}>
        <legend>{t('consentLegend')}</legend>
        {TRANSFER_CONSENT_ITEMS.map((item) => (
          <label key={item} className={styles.box}>
            <input
              type="checkbox"
              checked={checked.has(item)}
              onChange={(e) => toggle(item, e.currentTarget.checked)}
              data-testid={`transfer-consent-${item}`}
            />
            <span>{t(`consent${item}`)}</span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="button"
        disabled={!complete || pending}
        aria-busy={pending || undefined}
        data-testid="transfer-submit"
      >
        {t('submit')}
      </button>
    </form>
  );
}
