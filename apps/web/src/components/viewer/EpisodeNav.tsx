import { formatDate, type ViewerResponse } from '@balcony/contracts';
import Link from 'next/link';
import { LockIcon } from '@/components/LockIcon';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand';
import { routes } from '@/lib/routes';
import styles from './Viewer.module.css';

type EpisodeLink = NonNullable<ViewerResponse['next']>;

/**
 * The end of an episode: previous and next. A free neighbour opens in the viewer; a paid one is
 * shown locked and leads to the series page (where it will be unlocked). After the latest episode
 * the reader learns when the next one comes, or that the series is complete.
 */
export async function EpisodeNav({ viewer }: { viewer: ViewerResponse }) {
  const brand = await getRequestBrand();
  const t = await getT('Viewer');
  const { series, prev, next } = viewer;

  const neighbour = (episode: EpisodeLink, direction: 'previous' | 'next') =>
    episode.isFree ? (
      <Link
        href={routes.viewer(episode.id)}
        rel={direction === 'next' ? 'next' : 'prev'}
        className={direction === 'next' ? 'button' : 'button button-secondary'}
        data-testid={`${direction}-episode`}
      >
        {t(direction)}
        <span className={styles.number}>{t('episodeNumber', { number: episode.number })}</span>
      </Link>
    ) : (
      <Link
        href={routes.detail(series.id)}
        className="button button-secondary"
        data-testid={`${direction}-episode-locked`}
      >
        <LockIcon />
        {t('lockedEpisode', { number: episode.number })}
      </Link>
    );

  return (
    <nav aria-label={t('episodeNav')} className={styles.episodeNav}>
      {next ? (
        neighbour(next, 'next')
      ) : (
        <p className={styles.last} data-testid="last-episode">
          {t('lastEpisode')}{' '}
          {series.nextUpdateAt ? (
            <time dateTime={series.nextUpdateAt}>
              {t('nextUpdate', { date: formatDate(brand, series.nextUpdateAt) })}
            </time>
          ) : (
            series.status === 'COMPLETED' && t('completed')
          )}
        </p>
      )}
      {prev && neighbour(prev, 'previous')}
      <Link href={routes.detail(series.id)} className={styles.toSeries}>
        {t('toSeries')}
      </Link>
    </nav>
  );
}
