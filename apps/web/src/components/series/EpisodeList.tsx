import { type EpisodeSummary, formatDate, type SeriesDetail } from '@balcony/contracts';
import Link from 'next/link';
import { LockIcon } from '@/components/LockIcon';
import { getMarkLabels, MarkBadges } from '@/components/MarkBadges';
import { MediaImage } from '@/components/MediaImage';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand';
import { routes } from '@/lib/routes';
import styles from './EpisodeList.module.css';

/** The coins a reader pays at least: the rental when one is offered (docs/decisions.md "Web"). */
function lowestPrice(episode: EpisodeSummary): number {
  switch (episode.saleType) {
    case 'RENT_ONLY':
      return episode.rentPrice;
    case 'POSSESSION_ONLY':
      return episode.buyPrice;
    case 'BOTH':
      return Math.min(episode.rentPrice, episode.buyPrice);
  }
}

/** Every published episode in reading order; free ones open the viewer, paid ones show their price, locked. */
export async function EpisodeList({ series }: { series: SeriesDetail }) {
  const brand = await getRequestBrand();
  const t = await getT('Series');
  const markLabels = await getMarkLabels();
  return (
    <section aria-labelledby="episodes" className={styles.section}>
      <h2 id="episodes">
        {t('episodesHeading')}{' '}
        <span className={styles.count}>{t('episodeCount', { count: series.episodes.length })}</span>
      </h2>
      {series.episodes.length === 0 ? (
        <p className={styles.empty}>{t('noEpisodes')}</p>
      ) : (
        <ol className={styles.list}>
          {series.episodes.map((episode) => {
            const body = (
              <>
                <MediaImage path={episode.thumbnailUrl} slot="episode" alt="" className={styles.thumb} />
                <span className={styles.text}>
                  <span className={styles.number}>{t('episodeNumber', { number: episode.number })}</span>
                  <span className={styles.title} data-testid="episode-title">
                    {episode.title}
                  </span>
                  <time dateTime={episode.publishedAt} className={styles.date}>
                    {formatDate(brand, episode.publishedAt)}
                  </time>
                  {/* The free mark is the badge on the right already. */}
                  <MarkBadges marks={episode.marks.filter((mark) => mark !== 'free')} labels={markLabels} />
                </span>
                {episode.isFree ? (
                  <span className={styles.free}>{t('free')}</span>
                ) : (
                  <span className={styles.price}>
                    <LockIcon />
                    <span className="visually-hidden">{t('locked')}</span>
                    {t('price', { coins: lowestPrice(episode) })}
                  </span>
                )}
              </>
            );
            return (
              <li key={episode.id}>
                {episode.isFree ? (
                  <Link href={routes.viewer(episode.id)} className={styles.row} data-testid="free-episode">
                    {body}
                  </Link>
                ) : (
                  <div className={`${styles.row} ${styles.locked}`} data-testid="locked-episode">
                    {body}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
