'use client';

import type { SandboxOutcome } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { frontErrorCode } from '@/components/session/front-error';
import { useErrorText } from '@/components/ui/useErrorText';
import { routes } from '@/lib/navigation/routes';
import styles from './Shop.module.css';

const OUTCOMES = [
  { outcome: 'SUCCESS', label: 'success', className: 'button' },
  { outcome: 'FAILURE', label: 'failure', className: 'button button-secondary' },
  { outcome: 'CANCEL', label: 'cancel', className: 'button button-secondary' },
] as const satisfies readonly { outcome: SandboxOutcome['outcome']; label: string; className: string }[];

/** The sandbox checkout's three buttons: each settles the order, then the complete page tells the outcome. */
export function SandboxOutcomes({ orderId }: { orderId: number }) {
  const t = useTranslations('Shop.checkout');
  const errorText = useErrorText();
  const router = useRouter();
  const [pending, setPending] = useState<SandboxOutcome['outcome'] | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function settle(outcome: SandboxOutcome['outcome']) {
    if (pending) return;
    setPending(outcome);
    setError(null);
    try {
      const { settleSandbox } = await import('@/components/coins/coin-calls');
      await settleSandbox(orderId, outcome);
      router.replace(routes.shopComplete(orderId));
    } catch (failure) {
      const code = frontErrorCode(failure);
      // ALREADY_PAID and the like: the order is settled already, its complete page says how.
      if (code === 'ALREADY_PAID') {
        router.replace(routes.shopComplete(orderId));
        return;
      }
      setPending(null);
      setError(code);
    }
  }

  return (
    <>
      <fieldset className={styles.outcomes}>
        <legend className="visually-hidden">{t('outcomesLabel')}</legend>
        {OUTCOMES.map(({ outcome, label, className }) => (
          <button
            key={outcome}
            type="button"
            className={className}
            disabled={pending !== null}
            aria-busy={pending === outcome || undefined}
            onClick={() => void settle(outcome)}
            data-testid={`sandbox-${outcome.toLowerCase()}`}
          >
            {pending === outcome ? t('working') : t(label)}
          </button>
        ))}
      </fieldset>
      {error && (
        <p role="alert" className={styles.error} data-testid="sandbox-error">
          {errorText(error)}
        </p>
      )}
    </>
  );
}
