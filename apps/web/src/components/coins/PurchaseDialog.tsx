'use client';

import type { EpisodePurchaseKind } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { useId, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { useToast } from '@/components/feedback/Toast';
import { frontErrorCode } from '@/components/session/front-fetch';
import { useSession } from '@/components/session/SessionProvider';
import { Modal } from '@/components/ui/Modal';
import { useErrorText } from '@/components/ui/useErrorText';
import { balanceAfter, purchaseFailure } from '@/lib/coins/purchase';
import { routes } from '@/lib/navigation/routes';
import { newAttemptKey, purchaseEpisode } from './coin-calls';
import styles from './Purchase.module.css';

export interface PurchasableEpisode {
  id: number;
  number: number;
  title: string;
  /** Coin prices; null where the sale type does not offer it (priceOffers of the contracts). */
  rent: number | null;
  buy: number | null;
}

/**
 * Renting or buying one episode (issue 11): the choice the sale type allows with its price, the
 * member's balance and what is left after, then POST /episodes/{id}/purchase. Success refreshes the
 * session's balance and opens the episode; without enough coins the reader goes to the shop and is
 * brought back to this choice for the episode after charging. Used by the series page and the viewer's binge-read
 * confirmation.
 */
export function PurchaseDialog({
  seriesId,
  episode,
  onClose,
  testId = 'purchase-dialog',
}: {
  seriesId: number;
  episode: PurchasableEpisode;
  onClose(): void;
  testId?: string;
}) {
  const t = useTranslations('Purchase');
  const errorText = useErrorText();
  const toast = useToast();
  const router = useRouter();
  const session = useSession();
  const titleId = useId();
  const textId = useId();
  const [kind, setKind] = useState<EpisodePurchaseKind>(episode.rent !== null ? 'RENT' : 'POSSESSION');
  const [pending, setPending] = useState(false);
  // One key per attempt at one kind: a double click or a retry sends the same one.
  const keys = useRef(new Map<EpisodePurchaseKind, string>());

  const viewerPath = routes.viewer(episode.id);
  // After charging, the reader comes back to this dialog, with the new balance (decision 0151).
  const comeBack = routes.shopReturning(routes.detailEpisodePurchase(seriesId, episode.id));
  const price = (kind === 'RENT' ? episode.rent : episode.buy) ?? 0;
  const balance = session.data?.coin.total ?? 0;
  const after = balanceAfter(balance, price);
  const options = (
    [
      { kind: 'RENT', price: episode.rent, label: t('rent'), hint: t('rentHint') },
      { kind: 'POSSESSION', price: episode.buy, label: t('buy'), hint: t('buyHint') },
    ] as const
  ).filter((option) => option.price !== null);

  async function confirm() {
    if (pending) return;
    if (after < 0) {
      router.push(comeBack);
      return;
    }
    let key = keys.current.get(kind);
    if (!key) {
      key = newAttemptKey();
      keys.current.set(kind, key);
    }
    setPending(true);
    try {
      await purchaseEpisode(episode.id, kind, key);
      toast.show(t('unlocked', { number: episode.number }));
      await session.update();
      router.push(viewerPath);
    } catch (error) {
      const code = frontErrorCode(error);
      const failure = purchaseFailure(code);
      setPending(false);
      if (failure.kind === 'shop') router.push(comeBack);
      else if (failure.kind === 'login') router.push(routes.login(viewerPath));
      else {
        // The api refused this attempt: another one gets a new key; a failure to reach it keeps it.
        if (code !== 'CLIENT_FETCH_ERROR' && code !== 'INTERNAL_ERROR') keys.current.delete(kind);
        toast.show(errorText(failure.code));
        onClose();
      }
    }
  }

  return (
    <Modal labelledBy={titleId} describedBy={textId} onClose={onClose} testId={testId}>
      <div className={styles.body}>
        <h2 id={titleId}>{t('title', { number: episode.number })}</h2>
        <p className={styles.episodeTitle}>{episode.title}</p>
        <fieldset className={styles.choices}>
          <legend>{t('choiceLabel')}</legend>
          {options.map((option) => (
            <label key={option.kind} className={styles.choice}>
              <input
                type="radio"
                name={`purchase-${episode.id}`}
                value={option.kind}
                checked={kind === option.kind}
                onChange={() => setKind(option.kind)}
                data-testid={`purchase-${option.kind === 'RENT' ? 'rent' : 'buy'}`}
              />
              <span className={styles.choiceText}>
                <span>{option.label}</span>
                <span className={styles.hint}>{option.hint}</span>
              </span>
              <span className={styles.price}>{t('coins', { coins: option.price ?? 0 })}</span>
            </label>
          ))}
        </fieldset>
        <div id={textId} className={styles.balance} aria-live="polite">
          <span data-testid="purchase-balance">{t('balance', { coins: balance })}</span>
          {after >= 0 ? (
            <span>{t('after', { coins: after })}</span>
          ) : (
            <span className={styles.missing} data-testid="purchase-missing">
              {t('missing', { coins: -after })}
            </span>
          )}
        </div>
        <div className={styles.actions}>
          <button
            type="button"
            className="button"
            disabled={pending}
            aria-busy={pending || undefined}
            onClick={() => void confirm()}
            data-autofocus=""
            data-testid="purchase-confirm"
            data-action={after < 0 ? 'shop' : 'purchase'}
          >
            {pending ? t('working') : after < 0 ? t('toShop') : t('confirm')}
          </button>
          <button type="button" className="button button-secondary" onClick={onClose} data-testid="purchase-cancel">
            {t('cancel')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
