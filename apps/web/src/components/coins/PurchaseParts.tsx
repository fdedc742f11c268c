'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useTranslations } from 'use-intl';
import { useToast } from '@/components/feedback/Toast';
import { frontErrorCode } from '@/components/session/front-error';
import { useErrorText } from '@/components/ui/useErrorText';
import { balanceAfter, purchaseFailure } from '@/lib/coins/purchase';
import { routes } from '@/lib/navigation/routes';
import styles from './Purchase.module.css';

// What the dialogs that spend something share (an episode, every remaining episode, a
// wait-until-free ticket): the balance rows, the confirm and cancel buttons, and one attempt with
// its failures (spec §8 purchase codes and their follow-ups).

/** The member's balance and what is left after paying `price`, or how many coins are missing. */
export function BalanceRows({ balance, price }: { balance: number; price: number }) {
  const t = useTranslations('Purchase');
  const after = balanceAfter(balance, price);
  return (
    <>
      <span data-testid="purchase-balance">{t('balance', { coins: balance })}</span>
      {after >= 0 ? (
        <span>{t('after', { coins: after })}</span>
      ) : (
        <span className={styles.missing} data-testid="purchase-missing">
          {t('missing', { coins: -after })}
        </span>
      )}
    </>
  );
}

/** Confirm (or "buy coins" when the balance is short) and cancel; confirm has the dialog's first focus. */
export function DialogActions({
  pending,
  short = false,
  confirmLabel,
  onConfirm,
  onCancel,
  confirmTestId,
}: {
  pending: boolean;
  /** The balance does not cover the price: confirming goes to the shop. */
  short?: boolean;
  confirmLabel?: string;
  onConfirm: (() => void) | null;
  onCancel(): void;
  confirmTestId: string;
}) {
  const t = useTranslations('Purchase');
  return (
    <div className={styles.actions}>
      {onConfirm && (
        <button
          type="button"
          className="button"
          disabled={pending}
          aria-busy={pending || undefined}
          onClick={onConfirm}
          data-autofocus=""
          data-testid={confirmTestId}
          data-action={short ? 'shop' : 'purchase'}
        >
          {pending ? t('working') : short ? t('toShop') : (confirmLabel ?? t('confirm'))}
        </button>
      )}
      <button type="button" className="button button-secondary" onClick={onCancel} data-testid="purchase-cancel">
        {t('cancel')}
      </button>
    </div>
  );
}

/**
 * One attempt at spending: pending while it runs; on failure, to the shop (COIN_INSUFFICIENT,
 * back to `shopReturn` after charging), to login (the session is gone), or a toast and the dialog
 * closes. `forgetKey` drops the attempt's idempotency key when the api refused it, so the next try
 * is a new attempt; a failure to reach the api keeps it, so a retry cannot apply twice.
 */
export function useSpendAttempt({
  shopReturn,
  loginReturn,
  onClose,
}: {
  shopReturn: string;
  loginReturn: string;
  onClose(): void;
}) {
  const router = useRouter();
  const toast = useToast();
  const errorText = useErrorText();
  const [pending, setPending] = useState(false);

  async function attempt<T>(call: () => Promise<T>, done: (result: T) => Promise<void>, forgetKey: () => void) {
    if (pending) return;
    setPending(true);
    let result: T;
    try {
      result = await call();
    } catch (error) {
      const code = frontErrorCode(error);
      const failure = purchaseFailure(code);
      setPending(false);
      if (failure.kind === 'shop') router.push(routes.shopReturning(shopReturn));
      else if (failure.kind === 'login') router.push(routes.login(loginReturn));
      else {
        if (code !== 'CLIENT_FETCH_ERROR' && code !== 'INTERNAL_ERROR') forgetKey();
        toast.show(errorText(failure.code));
        onClose();
      }
      return;
    }
    await done(result);
  }

  return { pending, attempt, toShop: () => router.push(routes.shopReturning(shopReturn)) };
}
