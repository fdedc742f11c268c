'use client';

import type { EpisodePurchaseKind, PurchaseAllQuote } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { useToast } from '@/components/feedback/Toast';
import { frontErrorCode } from '@/components/session/front-error';
import { useSession } from '@/components/session/SessionProvider';
import { Modal } from '@/components/ui/Modal';
import { useErrorText } from '@/components/ui/useErrorText';
import { balanceAfter } from '@/lib/coins/purchase';
import { routes } from '@/lib/navigation/routes';
import { newAttemptKey, purchaseAll, quotePurchaseAll } from './coin-calls';
import styles from './Purchase.module.css';
import { BalanceRows, DialogActions, useSpendAttempt } from './PurchaseParts';

/**
 * Renting or buying every remaining episode of a series at the series' discount: the quote
 * (GET /contents/{id}/purchase-all), the balance, then POST with one key per attempt. The page is
 * fetched again afterwards so that the rows show what was unlocked.
 */
export function PurchaseAllDialog({
  seriesId,
  kind,
  onClose,
}: {
  seriesId: number;
  kind: EpisodePurchaseKind;
  onClose(): void;
}) {
  const t = useTranslations('Purchase');
  const errorText = useErrorText();
  const toast = useToast();
  const router = useRouter();
  const session = useSession();
  const titleId = useId();
  const textId = useId();
  const [quote, setQuote] = useState<PurchaseAllQuote | null>(null);
  const key = useRef<string | null>(null);
  const returnPath = routes.detail(seriesId);
  const { pending, attempt, toShop } = useSpendAttempt({ shopReturn: returnPath, loginReturn: returnPath, onClose });

  useEffect(() => {
    let current = true;
    quotePurchaseAll(seriesId, kind).then(
      (answer) => current && setQuote(answer),
      (error: unknown) => {
        if (!current) return;
        toast.show(errorText(frontErrorCode(error)));
        onClose();
      },
    );
    return () => {
      current = false;
    };
  }, [seriesId, kind, toast, errorText, onClose]);

  const balance = session.data?.coin.total ?? 0;
  const short = quote !== null && balanceAfter(balance, quote.price) < 0;
  const nothing = quote !== null && quote.episodeIds.length === 0;

  function confirm() {
    if (short) {
      toShop();
      return;
    }
    key.current ??= newAttemptKey();
    const attemptKey = key.current;
    void attempt(
      () => purchaseAll(seriesId, kind, attemptKey),
      async (result) => {
        toast.show(t('allUnlocked', { count: result.episodeIds.length }));
        await session.update();
        onClose();
        router.refresh();
      },
      () => {
        key.current = null;
      },
    );
  }

  return (
    <Modal labelledBy={titleId} describedBy={textId} onClose={onClose} testId="purchase-all-dialog">
      <div className={styles.body}>
        <h2 id={titleId}>{kind === 'RENT' ? t('rentAll') : t('buyAll')}</h2>
        {quote === null ? (
          <p id={textId} role="status">
            {t('loading')}
          </p>
        ) : nothing ? (
          <p id={textId}>{t('nothingLeft')}</p>
        ) : (
          <div id={textId} className={styles.balance} aria-live="polite">
            <span data-testid="purchase-all-count">{t('allCount', { count: quote.episodeIds.length })}</span>
            {quote.discountPercent > 0 && (
              <>
                <span className={styles.hint}>{t('listPrice', { coins: quote.listPrice })}</span>
                <span>{t('discount', { percent: quote.discountPercent })}</span>
              </>
            )}
            <span className={styles.price} data-testid="purchase-all-price">
              {t('coins', { coins: quote.price })}
            </span>
            <BalanceRows balance={balance} price={quote.price} />
          </div>
        )}
        <DialogActions
          pending={pending}
          short={short}
          onConfirm={quote !== null && !nothing ? confirm : null}
          onCancel={onClose}
          confirmTestId="purchase-all-confirm"
        />
      </div>
    </Modal>
  );
}
