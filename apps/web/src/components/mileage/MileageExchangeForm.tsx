'use client';

import {
  type BrandConfig,
  formatDate,
  formatPoints,
  type MileageExchangeInfo,
  quoteMileageExchange,
} from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { useId, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { frontErrorCode } from '@/components/session/front-error';
import { useSession } from '@/components/session/SessionProvider';
import { useErrorText } from '@/components/ui/useErrorText';
import { needsLogin } from '@/lib/errors/error-codes';
import { routes } from '@/lib/navigation/routes';
import styles from './Mileage.module.css';

/**
 * The exchange form: an amount in units of 100 from 3000 up to the points held, what it gives
 * (the contracts' quote, the same arithmetic the api applies) before the member confirms, then
 * POST /coin/mileage/exchange. One key per attempt: a double click or a retry after a lost
 * answer is applied once. After an exchange the header's balance and the facts above are read again.
 */
export function MileageExchangeForm({
  info,
  brand,
  now,
}: {
  info: MileageExchangeInfo;
  brand: BrandConfig;
  /** When the page was rendered: the preview's bonus expiry counts from it, on server and browser alike. */
  now: number;
}) {
  const t = useTranslations('Mileage');
  const errorText = useErrorText();
  const router = useRouter();
  const session = useSession();
  const id = useId();
  const [amount, setAmount] = useState(String(info.minimum));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const attempt = useRef<{ points: number; key: string } | null>(null);
  const points = (n: number) => formatPoints(n, brand.locale);

  const status = (
    <p role="status" className={styles.done} data-testid="mileage-done">
      {done}
    </p>
  );
  if (info.maxPoints === 0) {
    return (
      <div className={styles.form}>
        <p className={styles.tooFew} data-testid="mileage-too-few">
          {t('tooFew', { minimum: points(info.minimum) })}
        </p>
        {status}
      </div>
    );
  }

  const chosen = amount.trim() === '' ? 0 : Number(amount);
  const quote = quoteMileageExchange({
    points: chosen,
    held: info.mileage,
    pointsPerCoin: info.pointsPerCoin,
    now: new Date(now),
  });

  function choose(next: number) {
    const inUnits = next - (next % info.unit);
    setAmount(String(Math.min(info.maxPoints, Math.max(info.minimum, inUnits))));
    setError(null);
    setDone(null);
  }
  const current = Number.isSafeInteger(chosen) && chosen > 0 ? chosen : info.minimum;

  async function submit() {
    if (pending || quote.refusal) return;
    setPending(true);
    setError(null);
    setDone(null);
    // The same amount tried again keeps its key: if the first answer was lost, the api answers it again.
    const key = attempt.current?.points === chosen ? attempt.current.key : crypto.randomUUID();
    attempt.current = { points: chosen, key };
    try {
      const { exchangePoints } = await import('./mileage-calls');
      const answer = await exchangePoints(chosen, key);
      attempt.current = null;
      setDone(t('done', { coins: answer.bonusCoins, date: formatDate(brand, answer.bonusExpiresAt) }));
      setAmount(String(info.minimum));
      await session.update();
      router.refresh();
    } catch (failure) {
      const code = frontErrorCode(failure);
      if (needsLogin(code)) {
        router.push(routes.login(routes.mileageExchange));
        return;
      }
      setError(code);
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="mileage-form"
    >
      <label htmlFor={`${id}-points`} className={styles.label}>
        {t('amountLabel')}
      </label>
      <div className={styles.row}>
        <button
          type="button"
          className={`button button-secondary ${styles.step}`}
          aria-label={t('less', { unit: points(info.unit) })}
          aria-controls={`${id}-points`}
          disabled={current <= info.minimum}
          onClick={() => choose(current - info.unit)}
          data-testid="mileage-less"
        >
          −
        </button>
        <input
          id={`${id}-points`}
          name="points"
          type="number"
          inputMode="numeric"
          className={styles.input}
          min={info.minimum}
          max={info.maxPoints}
          step={info.unit}
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setError(null);
            setDone(null);
          }}
          aria-invalid={quote.refusal ? true : undefined}
          aria-describedby={`${id}-hint ${id}-preview`}
          data-testid="mileage-points"
        />
        <button
          type="button"
          className={`button button-secondary ${styles.step}`}
          aria-label={t('more', { unit: points(info.unit) })}
          aria-controls={`${id}-points`}
          disabled={current >= info.maxPoints}
          onClick={() => choose(current + info.unit)}
          data-testid="mileage-more"
        >
          +
        </button>
        <button
          type="button"
          className={`button button-secondary ${styles.all}`}
          aria-controls={`${id}-points`}
          onClick={() => choose(info.maxPoints)}
          data-testid="mileage-all"
        >
          {t('all')}
        </button>
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {t('amountHint', { minimum: points(info.minimum), maximum: points(info.maxPoints), unit: points(info.unit) })}
      </p>
      <p
        id={`${id}-preview`}
        aria-live="polite"
        className={quote.refusal ? styles.problem : styles.preview}
        data-testid="mileage-preview"
        data-refusal={quote.refusal ?? undefined}
        data-coins={quote.bonusCoins}
      >
        {quote.refusal
          ? errorText(quote.refusal)
          : t('preview', {
              coins: quote.bonusCoins,
              date: formatDate(brand, quote.bonusExpiresAt),
              left: points(quote.pointsLeft),
            })}
      </p>
      <button
        type="submit"
        className={`button ${styles.confirm}`}
        disabled={pending || quote.refusal !== null}
        aria-busy={pending || undefined}
        data-testid="mileage-confirm"
      >
        {pending ? t('exchanging') : quote.refusal ? t('title') : t('confirm', { points: points(chosen) })}
      </button>
      {error && (
        <p role="alert" className={styles.error} data-testid="mileage-error" data-code={error}>
          {errorText(error)}
        </p>
      )}
      {status}
    </form>
  );
}
