import type { EpisodeLink, ViewerResponse } from '@balcony/contracts';
import { formatDate } from '@balcony/contracts/plain';
import Link from 'next/link';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { routes } from '@/lib/navigation/routes';
import { EpisodeSwitch } from './EpisodeSwitch';
import styles from './Viewer.module.css';

/**
 * The end of an episode: the next one (or, after the latest, when the next comes out, that the
 * series is complete, or that it is on a break), the previous one, the series page and the
 * episode's comments.
 */
export async function EpisodeNav({ viewer }: { viewer: ViewerResponse }) {
  const t = await getT('Viewer');
  const tComments = await getT('Comments');
  const { series, prev, next } = viewer;

  const neighbour = (episode: EpisodeLink, direction: 'previous' | 'next') => (
    <EpisodeSwitch
      seriesId={series.id}
      freetimeIntervalHours={series.freetimeIntervalHours}
      episode={episode}
      direction={direction}
      className={direction === 'next' ? 'button' : 'button button-secondary'}
      testId={`${direction}-episode`}
      showLock
    >
      {t(direction)}
      <span className={styles.number}>{t('episodeNumber', { number: episode.number })}</span>
    </EpisodeSwitch>
  );

  return (
    <nav aria-label={t('episodeNav')} className={styles.episodeNav}>
      {next ? neighbour(next, 'next') : <SeriesEnd series={series} />}
      {prev && neighbour(prev, 'previous')}
      <Link href={routes.detail(series.id)} className={styles.toSeries}>
        {t('toSeries')}
      </Link>
      <Link
        href={routes.comments({ episode: viewer.episode.id })}
        prefetch={false}
        className={styles.toSeries}
        data-testid="viewer-comments"
      >
        {tComments('viewerLink')}
      </Link>
    </nav>
  );
}

/** After the latest episode (spec §2 "last episode", "next-update date"). */
async function SeriesEnd({ series }: { series: ViewerResponse['series'] }) {
  const brand = await getRequestBrand();
  const t = await getT('Viewer');
  return (
    <p className={styles.seriesEnd} data-testid="series-end" data-status={series.status}>
      {series.status === 'COMPLETED' && t('completed')}
      {series.status === 'PAUSED' && t('paused')}
      {series.status === 'SCHEDULED' && (
        <>
          {t('lastEpisode')}
          {series.nextUpdateAt && (
            <time dateTime={series.nextUpdateAt}>
              {t('nextUpdate', { date: formatDate(brand, series.nextUpdateAt) })}
            </time>
          )}
        </>
      )}
    </p>
  );
}
