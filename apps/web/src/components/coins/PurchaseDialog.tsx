'use client';

import type { EpisodePurchaseKind } from '@balcony/contracts';
import { useRouter } from 'next/navigation';
import { useId, useRef, useState } from 'react';
import { useTranslations } from 'use-intl';
import { useToast } from '@/components/feedback/Toast';
import { useSession } from '@/components/session/SessionProvider';
import { Modal } from '@/components/ui/Modal';
import { balanceAfter } from '@/lib/coins/purchase';
import { routes } from '@/lib/navigation/routes';
import { newAttemptKey, purchaseEpisode } from './coin-calls';
import styles from './Purchase.module.css';
import { BalanceRows, DialogActions, useSpendAttempt } from './PurchaseParts';

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
 * session's balance and opens the episode (`onPurchased`: the locked viewer opens it in place);
 * without enough coins the reader goes to the shop and is brought back to this choice after
 * charging (`returnPath`, decision 0151). Used by the series page and the viewer.
 */
export function PurchaseDialog({
  seriesId,
  episode,
  initialKind,
  onClose,
  onPurchased,
  returnPath,
  testId = 'purchase-dialog',
}: {
  seriesId: number;
  episode: PurchasableEpisode;
  /** The choice selected first (the rent one when offered, unless this says otherwise). */
  initialKind?: EpisodePurchaseKind;
  onClose(): void;
  onPurchased?: () => void;
  returnPath?: string;
  testId?: string;
}) {
  const t = useTranslations('Purchase');
  const toast = useToast();
  const router = useRouter();
  const session = useSession();
  const titleId = useId();
  const textId = useId();
  const offered = (k: EpisodePurchaseKind) => (k === 'RENT' ? episode.rent : episode.buy) !== null;
  const [kind, setKind] = useState<EpisodePurchaseKind>(
    initialKind && offered(initialKind) ? initialKind : offered('RENT') ? 'RENT' : 'POSSESSION',
  );
  // One key per attempt at one kind: a double click or a retry sends the same one.
  const keys = useRef(new Map<EpisodePurchaseKind, string>());
  const viewerPath = routes.viewer(episode.id);
  const { pending, attempt, toShop } = useSpendAttempt({
    shopReturn: returnPath ?? routes.detailEpisodePurchase(seriesId, episode.id),
    loginReturn: viewerPath,
    onClose,
  });

  const price = (kind === 'RENT' ? episode.rent : episode.buy) ?? 0;
  const balance = session.data?.coin.total ?? 0;
  const short = balanceAfter(balance, price) < 0;
  const options = (
    [
      { kind: 'RENT', price: episode.rent, label: t('rent'), hint: t('rentHint') },
      { kind: 'POSSESSION', price: episode.buy, label: t('buy'), hint: t('buyHint') },
    ] as const
  ).filter((option) => option.price !== null);

  function confirm() {
    if (short) {
      toShop();
      return;
    }
    const key = keys.current.get(kind) ?? newAttemptKey();
    keys.current.set(kind, key);
    void attempt(
      () => purchaseEpisode(episode.id, kind, key),
      async () => {
        toast.show(t('unlocked', { number: episode.number }));
        await session.update();
        if (onPurchased) onPurchased();
        else router.push(viewerPath);
      },
      () => keys.current.delete(kind),
    );
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
          <BalanceRows balance={balance} price={price} />
        </div>
        <DialogActions
          pending={pending}
          short={short}
          onConfirm={confirm}
          onCancel={onClose}
          confirmTestId="purchase-confirm"
        />
      </div>
    </Modal>
  );
}
