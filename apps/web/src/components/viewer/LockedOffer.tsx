'use client';

import type { EpisodeOffer, EpisodePurchaseKind } from '@balcony/contracts';
import { isReadable, priceOffers } from '@balcony/contracts/plain';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslations } from 'use-intl';
import { TimeLeft } from '@/components/series/TimeLeft';
import { useSession } from '@/components/session/SessionProvider';
import { codeOf } from '@/components/ui/useErrorText';
import type { MessageCode } from '@/lib/errors/error-codes';
import { routes } from '@/lib/navigation/routes';
import styles from './Viewer.module.css';

const PurchaseDialog = lazy(() =>
  import('@/components/coins/PurchaseDialog').then((module) => ({ default: module.PurchaseDialog })),
);
const FreetimeDialog = lazy(() =>
  import('@/components/series/FreetimeDialog').then((module) => ({ default: module.FreetimeDialog })),
);

type Open = { kind: 'purchase'; initial: EpisodePurchaseKind } | { kind: 'freetime' } | null;

/**
 * What a member can do with a locked episode: its prices and their balance, rent or buy (the
 * purchase dialog), and the wait-until-free ticket when it is ready or when it is back. Once it is
 * unlocked the page is fetched again and the episode opens in place.
 */
export function LockedOffer({ episodeId }: { episodeId: number }) {
  const t = useTranslations('Viewer');
  const tPurchase = useTranslations('Purchase');
  const tErrors = useTranslations('Errors');
  const router = useRouter();
  const session = useSession();
  const [offer, setOffer] = useState<EpisodeOffer | { failed: MessageCode } | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [renderedAt] = useState(() => Date.now());

  useEffect(() => {
    let current = true;
    import('./viewer-calls')
      .then(({ fetchEpisodeOffer }) => fetchEpisodeOffer(episodeId))
      .then(
        (answer) => current && setOffer(answer),
        (error: unknown) => current && setOffer({ failed: codeOf(error) }),
      );
    return () => {
      current = false;
    };
  }, [episodeId]);

  // A member's page kept as their class's shell shows every paid episode locked (decision 0293):
  // one the member may read is rendered for them again, with its pages.
  const readable = offer !== null && !('failed' in offer) && isReadable(offer.episode.access);
  useEffect(() => {
    if (readable) router.refresh();
  }, [readable, router]);

  if (offer === null || readable) return <p role="status">{t('lockedLoading')}</p>;
  if ('failed' in offer) return <p role="alert">{tErrors(offer.failed)}</p>;

  const { series, episode } = offer;
  const { rent, buy } = priceOffers(episode);
  const { state, ticketAt } = episode.access;
  const close = () => setOpen(null);
  const openInPlace = () => {
    setOpen(null);
    router.refresh();
  };
  return (
    <>
      <p className={styles.lockedEpisode} data-testid="locked-episode-name">
        <Link href={routes.detailEpisode(series.id, episode.id)} prefetch={false}>
          {series.title}
        </Link>
        <span>{t('lockedEpisode', { number: episode.number, title: episode.title })}</span>
      </p>
      <p className={styles.lockedBalance} data-testid="locked-balance">
        {tPurchase('balance', { coins: session.data?.coin.total ?? 0 })}
      </p>
      <div className={styles.lockedActions}>
        {state === 'FREETIME_READY' && (
          <button
            type="button"
            className="button"
            aria-haspopup="dialog"
            onClick={() => setOpen({ kind: 'freetime' })}
            data-testid="locked-freetime"
          >
            {t('lockedUseTicket')}
          </button>
        )}
        {rent !== null && (
          <button
            type="button"
            className={state === 'FREETIME_READY' ? 'button button-secondary' : 'button'}
            aria-haspopup="dialog"
            onClick={() => setOpen({ kind: 'purchase', initial: 'RENT' })}
            data-testid="locked-rent"
          >
            {t('lockedRent', { coins: rent })}
          </button>
        )}
        {buy !== null && (
          <button
            type="button"
            className="button button-secondary"
            aria-haspopup="dialog"
            onClick={() => setOpen({ kind: 'purchase', initial: 'POSSESSION' })}
            data-testid="locked-buy"
          >
            {t('lockedBuy', { coins: buy })}
          </button>
        )}
      </div>
      {state === 'FREETIME_WAIT' && ticketAt && (
        <p className={styles.lockedTicket} data-testid="locked-ticket-wait">
          <TimeLeft until={ticketAt} kind="ticketIn" renderedAt={renderedAt} />
        </p>
      )}
      <Suspense fallback={null}>
        {open?.kind === 'purchase' && (
          <PurchaseDialog
            seriesId={series.id}
            episode={{ id: episode.id, number: episode.number, title: episode.title, rent, buy }}
            initialKind={open.initial}
            onClose={close}
            onPurchased={openInPlace}
            returnPath={routes.viewer(episode.id)}
          />
        )}
        {open?.kind === 'freetime' && (
          <FreetimeDialog
            episode={{ id: episode.id, number: episode.number, title: episode.title }}
            intervalHours={series.freetimeIntervalHours}
            onClose={close}
            onUsed={openInPlace}
          />
        )}
      </Suspense>
    </>
  );
}
