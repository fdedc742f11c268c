'use client';

import type { EpisodePurchaseKind, PurchaseAllQuote } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { useToast } from '@/components/feedback/Toast';
import { frontErrorCode } from '@/components/session/front-fetch';
import { useSession } from '@/components/session/SessionProvider';
import { Modal } from '@/components/ui/Modal';
import { useErrorText } from '@/components/ui/useErrorText';
import { balanceAfter, purchaseFailure } from '@/lib/coins/purchase';
import { routes } from '@/lib/navigation/routes';
import { newAttemptKey, purchaseAll, quotePurchaseAll } from './coin-calls';
import styles from './Purchase.module.css';

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
  const [pending, setPending] = useState(false);
  const key = useRef<string | null>(null);
  const returnPath = routes.detail(seriesId);

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
  const after = quote ? balanceAfter(balance, quote.price) : 0;
  const nothing = quote !== null && quote.episodeIds.length === 0;

  async function confirm() {
    if (pending || !quote || nothing) return;
    if (after < 0) {
      router.push(routes.shopReturning(returnPath));
      return;
    }
    key.current ??= newAttemptKey();
    setPending(true);
    try {
      const result = await purchaseAll(seriesId, kind, key.current);
      toast.show(t('allUnlocked', { count: result.episodeIds.length }));
      await session.update();
      onClose();
      router.refresh();
    } catch (error) {
      const code = frontErrorCode(error);
      const failure = purchaseFailure(code);
      setPending(false);
      if (failure.kind === 'shop') router.push(routes.shopReturning(returnPath));
      else if (failure.kind === 'login') router.push(routes.login(returnPath));
      else {
        if (code !== 'CLIENT_FETCH_ERROR' && code !== 'INTERNAL_ERROR') key.current = null;
        toast.show(errorText(failure.code));
        onClose();
      }
    }
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
            <span>{t('balance', { coins: balance })}</span>
            {after >= 0 ? (
              <span>{t('after', { coins: after })}</span>
            ) : (
              <span className={styles.missing}>{t('missing', { coins: -after })}</span>
            )}
          </div>
        )}
        <div className={styles.actions}>
          {quote !== null && !nothing && (
            <button
              type="button"
              className="button"
              disabled={pending}
              aria-busy={pending || undefined}
              onClick={() => void confirm()}
              data-autofocus=""
              data-testid="purchase-all-confirm"
            >
              {pending ? t('working') : after < 0 ? t('toShop') : t('confirm')}
            </button>
          )}
          <button type="button" className="button button-secondary" onClick={onClose} data-testid="purchase-cancel">
            {t('cancel')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
