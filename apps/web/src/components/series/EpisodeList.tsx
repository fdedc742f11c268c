import type { EpisodeSummary, SeriesDetail } from '@balcony/contracts';
import { formatDate, isReadable, priceOffers } from '@balcony/contracts/plain';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { PurchaseAllActions } from '@/components/coins/PurchaseAllActions';
import { PurchaseTrigger } from '@/components/coins/PurchaseTrigger';
import { LockIcon } from '@/components/ui/LockIcon';
import { getMarkLabels, MarkBadges, type MarkLabels } from '@/components/ui/MarkBadges';
import { MediaImage } from '@/components/ui/MediaImage';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { routes } from '@/lib/navigation/routes';
import styles from './EpisodeList.module.css';
import { EpisodeOrder } from './EpisodeOrder';
import { ticketStatus } from './episode-state';
import { FreetimeTrigger } from './FreetimeTrigger';
import { TimeLeft } from './TimeLeft';

type SeriesT = Awaited<ReturnType<typeof getT<'Series'>>>;

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
function AccessState({ episode, t, renderedAt }: { episode: EpisodeSummary; t: SeriesT; renderedAt: number }) {
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

/** Locked episodes that coins can open: paid ones, and those waiting for a free-time ticket. */
function isPurchasable(episode: EpisodeSummary): boolean {
  return episode.access.state === 'PAID' || episode.access.state === 'FREETIME_WAIT';
}

/** The series' wait-until-free ticket: how often it comes back, and whether it is ready or when it is back. */
function TicketLine({ series, t, renderedAt }: { series: SeriesDetail; t: SeriesT; renderedAt: number }) {
  const status = ticketStatus(series.episodes, series.freetimeIntervalHours);
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

function EpisodeRow({
  seriesId,
  freetimeIntervalHours,
  episode,
  highlighted,
  openPurchase,
  t,
  markLabels,
  date,
  renderedAt,
}: {
  seriesId: number;
  freetimeIntervalHours: number | null;
  episode: EpisodeSummary;
  highlighted: boolean;
  openPurchase: boolean;
  t: SeriesT;
  markLabels: MarkLabels;
  date: string;
  renderedAt: number;
}) {
  const readable = isReadable(episode.access);
  const body = (
    <>
      <MediaImage path={episode.thumbnailUrl} slot="episode" alt="" className={styles.thumb} />
      <span className={styles.text}>
        <span className={styles.number}>
          {t('episodeNumber', { number: episode.number })}
          {episode.read && <span className={styles.readTag}>{t('read')}</span>}
        </span>
        <span className={styles.title} data-testid="episode-title">
          {episode.title}
        </span>
        <time dateTime={episode.publishedAt} className={styles.date}>
          {date}
        </time>
        {/* On a free episode the free mark is the badge on the right already. */}
        <MarkBadges
          marks={episode.access.state === 'FREE' ? episode.marks.filter((mark) => mark !== 'free') : episode.marks}
          labels={markLabels}
        />
      </span>
      {!readable && <span className="visually-hidden">{t('locked')}</span>}
      <AccessState episode={episode} t={t} renderedAt={renderedAt} />
    </>
  );
  const className = [styles.row, readable ? '' : styles.locked, episode.read ? styles.read : '']
    .filter(Boolean)
    .join(' ');
  return (
    <li
      id={`episode-${episode.id}`}
      className={highlighted ? styles.highlighted : undefined}
      aria-current={highlighted ? 'true' : undefined}
      tabIndex={highlighted ? -1 : undefined}
      data-testid="episode"
      data-state={episode.access.state}
      data-read={episode.read ? '' : undefined}
    >
      {readable ? (
        // A reader opens one episode of the list: prefetching every visible one is not worth it.
        <Link
          href={routes.viewer(episode.id)}
          prefetch={false}
          className={className}
          data-testid={episode.access.state === 'FREE' ? 'free-episode' : undefined}
        >
          {body}
        </Link>
      ) : isPurchasable(episode) ? (
        <PurchaseTrigger
          seriesId={seriesId}
          episode={{ id: episode.id, number: episode.number, title: episode.title, ...priceOffers(episode) }}
          className={className}
          autoOpen={highlighted && openPurchase}
        >
          {body}
        </PurchaseTrigger>
      ) : episode.access.state === 'FREETIME_READY' ? (
        <FreetimeTrigger
          seriesId={seriesId}
          episode={{ id: episode.id, number: episode.number, title: episode.title }}
          intervalHours={freetimeIntervalHours}
          className={className}
        >
          {body}
        </FreetimeTrigger>
      ) : (
        <div className={className}>{body}</div>
      )}
    </li>
  );
}

/**
 * Every published episode with what this reader may do with it: read (free, owned, rented,
 * unlocked), use a wait-until-free ticket, wait for one (live countdown) or pay (rent / buy
 * prices). Readable episodes open the viewer; a locked one opens the rent-or-buy dialog, one the
 * ticket opens now the free-time popup; every remaining episode can be rented or bought at once,
 * and the series' ticket says when it is back.
 */
export async function EpisodeList({
  series,
  focusId,
  openPurchase = false,
}: {
  series: SeriesDetail;
  focusId: number | null;
  /** Open the focused episode's rent-or-buy dialog (back from the shop). */
  openPurchase?: boolean;
}) {
  const brand = await getRequestBrand();
  const t = await getT('Series');
  const markLabels = await getMarkLabels();
  const renderedAt = Date.now();
  const locked = series.episodes.filter(isPurchasable).map((episode) => priceOffers(episode));
  const allKinds = [
    ...(locked.some((offer) => offer.rent !== null) ? (['RENT'] as const) : []),
    ...(locked.some((offer) => offer.buy !== null) ? (['POSSESSION'] as const) : []),
  ];
  const heading: ReactNode = (
    <>
      <h2 id="episodes">
        {t('episodesHeading')}{' '}
        <span className={styles.count}>{t('episodeCount', { count: series.episodes.length })}</span>
      </h2>
      <TicketLine series={series} t={t} renderedAt={renderedAt} />
      <PurchaseAllActions seriesId={series.id} kinds={allKinds} />
    </>
  );
  return (
    <section aria-labelledby="episodes" className={styles.section}>
      {series.episodes.length === 0 ? (
        <>
          {heading}
          <p className={styles.empty}>{t('noEpisodes')}</p>
        </>
      ) : (
        <EpisodeOrder
          heading={heading}
          focusId={focusId}
          rows={[...series.episodes]
            .sort((a, b) => a.number - b.number)
            .map((episode) => ({
              key: episode.id,
              row: (
                <EpisodeRow
                  seriesId={series.id}
                  freetimeIntervalHours={series.freetimeIntervalHours}
                  episode={episode}
                  highlighted={episode.id === focusId}
                  openPurchase={openPurchase}
                  t={t}
                  markLabels={markLabels}
                  date={formatDate(brand, episode.publishedAt)}
                  renderedAt={renderedAt}
                />
              ),
            }))}
        />
      )}
    </section>
  );
}
