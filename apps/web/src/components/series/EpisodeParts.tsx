'use client';

import type { EpisodePurchaseKind, EpisodeSummary } from '@balcony/contracts';
import { isReadable, priceOffers } from '@balcony/contracts/plain';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { useTranslations } from 'use-intl';
import { PurchaseAllActions } from '@/components/coins/PurchaseAllActions';
import { PurchaseTrigger } from '@/components/coins/PurchaseTrigger';
import { LockIcon } from '@/components/ui/LockIcon';
import { routes } from '@/lib/navigation/routes';
import styles from './EpisodeList.module.css';
import { ticketStatus } from './episode-state';
import { FreetimeTrigger } from './FreetimeTrigger';
import { useEpisodeView, useSeriesView } from './SeriesView';
import { TimeLeft } from './TimeLeft';

// The parts of the series page that are the reader's own (decision 0293): each episode's state,
// its read mark and what tapping it does, the series' ticket, the "every remaining episode"
// actions and where the reader goes on. They read the reader's view (SeriesView), so a member's
// kept page shows them once the member's view has arrived; the rest of the page is the server's.

type SeriesT = ReturnType<typeof useTranslations<'Series'>>;

/** Locked episodes that coins can open: paid ones, and those waiting for a free-time ticket. */
function isPurchasable(episode: EpisodeSummary): boolean {
  return episode.access.state === 'PAID' || episode.access.state === 'FREETIME_WAIT';
}

/** The coins a locked episode costs, to rent and / or to buy as its sale type allows. */
function Prices({ episode, t }: { episode: EpisodeSummary; t: SeriesT }) {
  const { rent, buy } = priceOffers(episode);
  return (
    <span className={styles.prices}>
      {rent !== null && <span>{t('rentPrice', { coins: rent })}</span>}
      {buy !== null && <span>{t('buyPrice', { coins: buy })}</span>}
    </span>
  );
}

/** What the reader may do with an episode now (spec §3 ownership, DESIGN §6), as the row's right side. */
function AccessBadge({ episode, t, renderedAt }: { episode: EpisodeSummary; t: SeriesT; renderedAt: number }) {
  const { state, expiresAt, ticketAt } = episode.access;
  switch (state) {
    case 'FREE':
      return <span className={`${styles.badge} ${styles.free}`}>{t('free')}</span>;
    case 'OWNED':
      return <span className={`${styles.badge} ${styles.owned}`}>{t('stateOwned')}</span>;
    case 'RENTED':
    case 'FREETIME_UNLOCKED':
      return (
        <span className={styles.state}>
          <span className={`${styles.badge} ${styles.owned}`}>
            {state === 'RENTED' ? t('stateRented') : t('stateUnlocked')}
          </span>
          {expiresAt && <TimeLeft until={expiresAt} kind="left" renderedAt={renderedAt} />}
        </span>
      );
    case 'FREETIME_READY':
      return <span className={`${styles.badge} ${styles.ticket}`}>{t('stateTicketReady')}</span>;
    case 'FREETIME_WAIT':
      return (
        <span className={styles.state}>
          {ticketAt && (
            <span className={styles.wait}>
              <TimeLeft until={ticketAt} kind="freeIn" renderedAt={renderedAt} />
            </span>
          )}
          <Prices episode={episode} t={t} />
        </span>
      );
    case 'PAID':
      return (
        <span className={styles.state}>
          <LockIcon />
          <Prices episode={episode} t={t} />
        </span>
      );
  }
}

/**
 * The row's right side. While a member's view is on its way it shows the visitors' state (the
 * row keeps its size; the row itself is busy and does nothing yet).
 */
export function EpisodeAccessState({ episodeId }: { episodeId: number }) {
  const t = useTranslations('Series');
  const { episode, renderedAt } = useEpisodeView(episodeId);
  return (
    <>
      {!isReadable(episode.access) && <span className="visually-hidden">{t('locked')}</span>}
      <AccessBadge episode={episode} t={t} renderedAt={renderedAt} />
    </>
  );
}

/** "Read" beside the number of an episode the reader has read. */
export function EpisodeReadMark({ episodeId }: { episodeId: number }) {
  const t = useTranslations('Series');
  const { episode, pending } = useEpisodeView(episodeId);
  return !pending && episode.read ? <span className={styles.readTag}>{t('read')}</span> : null;
}

/**
 * One row of the list, around its server-rendered `children`: a readable episode opens the
 * viewer; a locked one opens the rent-or-buy dialog; one the ticket opens now, the free-time
 * popup. While a member's view is on its way the row does nothing yet (it is busy), so that a tap
 * never buys an episode the member holds.
 */
export function EpisodeRow({
  seriesId,
  episodeId,
  highlighted,
  openPurchase,
  children,
}: {
  seriesId: number;
  episodeId: number;
  highlighted: boolean;
  /** Open the highlighted episode's rent-or-buy dialog (back from the shop). */
  openPurchase: boolean;
  children: ReactNode;
}) {
  const { series } = useSeriesView();
  const { episode, pending } = useEpisodeView(episodeId);
  const readable = isReadable(episode.access);
  const className = [styles.row, readable ? '' : styles.locked, !pending && episode.read ? styles.read : '']
    .filter(Boolean)
    .join(' ');
  const known = pending ? undefined : episode.access.state;
  return (
    <li
      id={`episode-${episode.id}`}
      className={highlighted ? styles.highlighted : undefined}
      aria-current={highlighted ? 'true' : undefined}
      aria-busy={pending || undefined}
      tabIndex={highlighted ? -1 : undefined}
      data-testid="episode"
      data-state={known}
      data-read={!pending && episode.read ? '' : undefined}
    >
      {pending ? (
        <div className={className}>{children}</div>
      ) : readable ? (
        // A reader opens one episode of the list: prefetching every visible one is not worth it.
        <Link
          href={routes.viewer(episode.id)}
          prefetch={false}
          className={className}
          data-testid={episode.access.state === 'FREE' ? 'free-episode' : undefined}
        >
          {children}
        </Link>
      ) : isPurchasable(episode) ? (
        <PurchaseTrigger
          seriesId={seriesId}
          episode={{ id: episode.id, number: episode.number, title: episode.title, ...priceOffers(episode) }}
          className={className}
          autoOpen={highlighted && openPurchase}
        >
          {children}
        </PurchaseTrigger>
      ) : episode.access.state === 'FREETIME_READY' ? (
        <FreetimeTrigger
          seriesId={seriesId}
          episode={{ id: episode.id, number: episode.number, title: episode.title }}
          intervalHours={series.freetimeIntervalHours}
          className={className}
        >
          {children}
        </FreetimeTrigger>
      ) : (
        <div className={className}>{children}</div>
      )}
    </li>
  );
}

/** The series' wait-until-free ticket: how often it comes back, and whether it is ready or when it is back. */
export function TicketLine() {
  const t = useTranslations('Series');
  const { series, pending, renderedAt } = useSeriesView();
  const status = pending ? null : ticketStatus(series.episodes, series.freetimeIntervalHours);
  if (status === null || series.freetimeIntervalHours === null) return null;
  return (
    <p className={styles.ticketLine} data-testid="ticket-status" data-ticket={status.kind}>
      <span>{t('ticketEvery', { hours: series.freetimeIntervalHours })}</span>{' '}
      {status.kind === 'ready' ? (
        <span className={`${styles.badge} ${styles.ticket}`}>{t('ticketReady')}</span>
      ) : (
        <span className={styles.wait}>
          <TimeLeft until={status.ticketAt} kind="ticketIn" renderedAt={renderedAt} />
        </span>
      )}
    </p>
  );
}

/** "Rent / buy every remaining episode", for the kinds the reader's locked episodes are sold at. */
export function PurchaseAll() {
  const { series, pending } = useSeriesView();
  if (pending) return null;
  const locked = series.episodes.filter(isPurchasable).map((episode) => priceOffers(episode));
  const kinds: EpisodePurchaseKind[] = [
    ...(locked.some((offer) => offer.rent !== null) ? (['RENT'] as const) : []),
    ...(locked.some((offer) => offer.buy !== null) ? (['POSSESSION'] as const) : []),
  ];
  return <PurchaseAllActions seriesId={series.id} kinds={kinds} />;
}

/** The main button: where this member stopped, else the first episode. */
export function ReadAction() {
  const t = useTranslations('Series');
  const { series, pending } = useSeriesView();
  const first = series.episodes.reduce<EpisodeSummary | undefined>(
    (lowest, episode) => (lowest === undefined || episode.number < lowest.number ? episode : lowest),
    undefined,
  );
  const action = series.lastRead
    ? { href: routes.viewer(series.lastRead.episodeId), text: t('continueEpisode', { number: series.lastRead.number }) }
    : first
      ? { href: routes.viewer(first.id), text: t('readEpisode', { number: first.number }) }
      : null;
  if (!action) return null;
  if (pending) {
    // Where the member stopped is not known yet: the button keeps its place, not yet pressable.
    return (
      <span className="button" aria-busy="true" aria-disabled="true" data-testid="read-action-pending">
        {action.text}
      </span>
    );
  }
  return (
    <Link href={action.href} className="button" data-testid="read-action">
      {action.text}
    </Link>
  );
}
