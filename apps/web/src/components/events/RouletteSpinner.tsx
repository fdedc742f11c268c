'use client';

import type { RoulettePrize, SpinResult } from '@balcony/contracts';
import { useState } from 'react';
import { ROULETTE_PATH } from '@/lib/events/events';
import styles from './Events.module.css';
import { useEventAction } from './useEventAction';

/**
 * The wheel's prizes and the spin button. The server draws the prize (decision 0242); the
 * page only shows it. Each click sends a new key, so a click spends one ticket at most, and the
 * button stays disabled while a spin is on its way.
 */
export function RouletteSpinner({
  eventId,
  prizes,
  ticketsLeft,
}: {
  eventId: number;
  prizes: readonly RoulettePrize[];
  ticketsLeft: number;
}) {
  const { pending, run, t } = useEventAction(ROULETTE_PATH);
  const [result, setResult] = useState<SpinResult | null>(null);
  const won = result ? prizes.find((p) => p.index === result.spin.prizeIndex) : undefined;
  return (
    <div className={styles.roulette}>
      <ol className={styles.wheel} aria-label={t('prizesHeading')}>
        {prizes.map((p) => (
          <li
            key={p.index}
            className={won?.index === p.index ? `${styles.slice} ${styles.won}` : styles.slice}
            data-testid="roulette-prize"
          >
            {t(`types.${p.type}`, { count: p.amount })}
          </li>
        ))}
      </ol>
      <p className={styles.tickets} data-testid="roulette-tickets">
        {t('ticketsLeft', { count: result?.ticketsLeft ?? ticketsLeft })}
      </p>
      <button
        type="button"
        className="button"
        disabled={pending || (result?.ticketsLeft ?? ticketsLeft) === 0}
        aria-busy={pending || undefined}
        onClick={() =>
          void run(async () => (await import('./event-calls')).spinRoulette(eventId, crypto.randomUUID()), setResult)
        }
        data-testid="roulette-spin"
      >
        {pending ? t('spinning') : t('spin')}
      </button>
      <p
        className={styles.result}
        role="status"
        aria-live="polite"
        data-testid="roulette-result"
        data-prize-amount={result?.spin.prize.amount}
      >
        {result ? t('won', { what: t(`types.${result.spin.prize.type}`, { count: result.spin.prize.amount }) }) : ''}
      </p>
    </div>
  );
}
