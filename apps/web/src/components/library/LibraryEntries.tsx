import {
  type BrandConfig,
  type FavoriteEntry,
  type FreetimeTicket,
  formatDate,
  type OwnedEntry,
  type RecentEntry,
  type SeriesCard,
} from '@balcony/contracts';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { SeriesIntl } from '@/components/series/SeriesIntl';
import { TimeLeft } from '@/components/series/TimeLeft';
import { getMarkLabels, MarkBadges } from '@/components/ui/MarkBadges';
import { MediaImage } from '@/components/ui/MediaImage';
import { getT } from '@/i18n/server';
import { loadTickets } from '@/lib/library/load';
import { entryTitleId } from '@/lib/library/remove';
import { type LibraryTab, routes } from '@/lib/navigation/routes';
import styles from './Library.module.css';
import { RemovableEntry } from './RemovableEntry';

/** Running rentals listed per series; the others are counted. */
const RENTALS_SHOWN = 3;

/** The series' wait-until-free ticket: ready, or a live countdown to when it is back. */
async function TicketMeta({ ticket, now }: { ticket: FreetimeTicket; now: number }) {
  const t = await getT('Library');
  const back = ticket.ticketAt !== null && Date.parse(ticket.ticketAt) > now ? ticket.ticketAt : null;
  return (
    <span className={styles.meta} data-testid="library-ticket" data-ticket={back ? 'wait' : 'ready'}>
      {back ? (
        <SeriesIntl>
          <TimeLeft until={back} kind="ticketIn" renderedAt={now} />
        </SeriesIntl>
      ) : (
        t('ticketReady')
      )}
    </span>
  );
}

/** The tickets of the series on this page of a list, and the moment they were read. */
async function ticketsOf(items: readonly { series: SeriesCard }[]) {
  return { tickets: await loadTickets(items.map((item) => item.series.id)), now: Date.now() };
}

/** One entry: the series card (to its page), what the list says about it, an action, and removal. */
function Entry({
  tab,
  series,
  details,
  action,
  ticket,
}: {
  tab: LibraryTab;
  series: SeriesCard;
  details: ReactNode;
  action?: ReactNode;
  ticket: { tickets: ReadonlyMap<number, FreetimeTicket>; now: number };
}) {
  const own = ticket.tickets.get(series.id);
  return (
    <RemovableEntry tab={tab} seriesId={series.id} title={series.title}>
      <Link href={routes.detail(series.id)} className={styles.card} data-testid="library-card">
        <span className={styles.thumb}>
          <MediaImage path={series.thumbnailUrl} slot="thumbnail" alt="" />
        </span>
        <span className={styles.body}>
          <span id={entryTitleId(series.id)} className={styles.entryTitle}>
            {series.title}
          </span>
          {details}
          {own && <TicketMeta ticket={own} now={ticket.now} />}
        </span>
      </Link>
      {action}
    </RemovableEntry>
  );
}

/** /library/my: episodes owned, and each running rental with its live time left (spec §4). */
export async function OwnedEntries({ items, now }: { items: readonly OwnedEntry[]; now: number }) {
  const t = await getT('Library');
  const ticket = await ticketsOf(items);
  return items.map(({ series, ownedCount, rentals }) => {
    // The api lists rentals running when it answered; one may have ended since.
    const running = rentals.filter((rental) => Date.parse(rental.expiresAt) > now);
    const more = running.length - RENTALS_SHOWN;
    return (
      <Entry
        key={series.id}
        tab="my"
        series={series}
        ticket={ticket}
        details={
          <>
            {ownedCount > 0 && <span className={styles.meta}>{t('owned', { count: ownedCount })}</span>}
            {running.length > 0 && (
              <SeriesIntl>
                {running.slice(0, RENTALS_SHOWN).map((rental) => (
                  <span key={rental.episodeId} className={styles.meta} data-testid="library-rental">
                    {t('rentalEpisode', { number: rental.number })}{' '}
                    <TimeLeft until={rental.expiresAt} kind="left" renderedAt={now} />
                  </span>
                ))}
              </SeriesIntl>
            )}
            {more > 0 && <span className={styles.meta}>{t('moreRentals', { count: more })}</span>}
          </>
        }
      />
    );
  });
}

/** /library/favorite: the NEW badge when an episode came out since the member last looked. */
export async function FavoriteEntries({ items, brand }: { items: readonly FavoriteEntry[]; brand: BrandConfig }) {
  const t = await getT('Library');
  const marks = await getMarkLabels();
  const ticket = await ticketsOf(items);
  return items.map(({ series, favoritedAt, hasNewEpisode }) => (
    <Entry
      key={series.id}
      tab="favorite"
      series={series}
      ticket={ticket}
      details={
        <>
          {hasNewEpisode && <MarkBadges marks={['new']} labels={marks} />}
          <span className={styles.meta}>{t('favoritedOn', { date: formatDate(brand, favoritedAt) })}</span>
        </>
      }
    />
  ));
}

/** /library/recent: the last episode read in each series, and the way back into it. */
export async function RecentEntries({ items, brand }: { items: readonly RecentEntry[]; brand: BrandConfig }) {
  const t = await getT('Library');
  const ticket = await ticketsOf(items);
  return items.map(({ series, episode, readAt }) => (
    <Entry
      key={series.id}
      tab="recent"
      series={series}
      ticket={ticket}
      details={
        <>
          <span className={styles.meta}>{t('lastEpisode', { number: episode.number, title: episode.title })}</span>
          <span className={styles.meta}>{t('readOn', { date: formatDate(brand, readAt) })}</span>
        </>
      }
      action={
        <Link href={routes.viewer(episode.id)} className={`button ${styles.action}`} data-testid="library-continue">
          {t('continue', { number: episode.number })}
        </Link>
      }
    />
  ));
}
