import type { EpisodeSummary, SeriesDetail } from '@balcony/contracts';
import { formatDate } from '@balcony/contracts/plain';
import type { ReactNode } from 'react';
import { getMarkLabels, MarkBadges, type MarkLabels } from '@/components/ui/MarkBadges';
import { MediaImage } from '@/components/ui/MediaImage';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import styles from './EpisodeList.module.css';
import { EpisodeOrder } from './EpisodeOrder';
import { EpisodeAccessState, EpisodeReadMark, EpisodeRow, PurchaseAll, TicketLine } from './EpisodeParts';

type SeriesT = Awaited<ReturnType<typeof getT<'Series'>>>;

/** What an episode's row shows of the episode itself; its state and what it does are the reader's (EpisodeParts). */
function EpisodeBody({
  episode,
  t,
  markLabels,
  date,
}: {
  episode: EpisodeSummary;
  t: SeriesT;
  markLabels: MarkLabels;
  date: string;
}) {
  return (
    <>
      <MediaImage path={episode.thumbnailUrl} slot="episode" alt="" className={styles.thumb} />
      <span className={styles.text}>
        <span className={styles.number}>
          {t('episodeNumber', { number: episode.number })}
          <EpisodeReadMark episodeId={episode.id} />
        </span>
        <span className={styles.title} data-testid="episode-title">
          {episode.title}
        </span>
        <time dateTime={episode.publishedAt} className={styles.date}>
          {date}
        </time>
        {/* On a free episode the free mark is the badge on the right already (free for every reader). */}
        <MarkBadges
          marks={episode.access.state === 'FREE' ? episode.marks.filter((mark) => mark !== 'free') : episode.marks}
          labels={markLabels}
        />
      </span>
      <EpisodeAccessState episodeId={episode.id} />
    </>
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
  const heading: ReactNode = (
    <>
      <h2 id="episodes">
        {t('episodesHeading')}{' '}
        <span className={styles.count}>{t('episodeCount', { count: series.episodes.length })}</span>
      </h2>
      <TicketLine />
      <PurchaseAll />
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
                  episodeId={episode.id}
                  highlighted={episode.id === focusId}
                  openPurchase={openPurchase}
                >
                  <EpisodeBody
                    episode={episode}
                    t={t}
                    markLabels={markLabels}
                    date={formatDate(brand, episode.publishedAt)}
                  />
                </EpisodeRow>
              ),
            }))}
        />
      )}
    </section>
  );
}
