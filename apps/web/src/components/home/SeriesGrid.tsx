import type { SeriesCard } from '@balcony/contracts';
import Link from 'next/link';
import { getMarkLabels, MarkBadges } from '@/components/MarkBadges';
import { MediaImage } from '@/components/MediaImage';
import { getT } from '@/i18n/server';
import { routes } from '@/lib/routes';
import styles from './SeriesGrid.module.css';

interface SeriesGridProps {
  items: readonly SeriesCard[];
  /** The api withheld adult series from this reader (spec §4/§6): offer the adult check instead. */
  adultHidden: boolean;
  /** This screen's path, where the adult check returns. */
  returnPath: string;
  showRank?: boolean;
  showFreeCount?: boolean;
  /** The first thumbnail is the screen's largest image. */
  priorityFirst?: boolean;
}

export async function SeriesGrid({
  items,
  adultHidden,
  returnPath,
  showRank = false,
  showFreeCount = false,
  priorityFirst = false,
}: SeriesGridProps) {
  const t = await getT('Home');
  const markLabels = await getMarkLabels();
  return (
    <>
      {adultHidden && (
        <div className={styles.notice} role="note">
          <p>{t('adultHidden')}</p>
          {/* Leaving for the adult check is rare: not worth a prefetch. */}
          <Link href={routes.login(returnPath)} prefetch={false} className="button button-secondary">
            {t('adultHiddenAction')}
          </Link>
        </div>
      )}
      {items.length === 0 && !adultHidden && <p className={styles.empty}>{t('empty')}</p>}
      {items.length > 0 && (
        <ul className={styles.grid}>
          {items.map((series, index) => (
            <li key={series.id}>
              <Link href={routes.detail(series.id)} className={styles.card} data-testid="series-card">
                <span className={styles.thumb}>
                  <MediaImage
                    path={series.thumbnailUrl}
                    slot="thumbnail"
                    alt=""
                    priority={priorityFirst && index === 0}
                  />
                  {showRank && (
                    <span className={styles.rank}>
                      <span className="visually-hidden">{t('rank', { rank: series.rank })}</span>
                      <span aria-hidden="true" data-testid="series-rank">
                        {series.rank}
                      </span>
                    </span>
                  )}
                </span>
                <span className={styles.title}>{series.title}</span>
                <MarkBadges marks={series.marks} labels={markLabels} />
                {showFreeCount && series.freeEpisodeCount > 0 && (
                  <span className={styles.meta}>{t('freeEpisodes', { count: series.freeEpisodeCount })}</span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
