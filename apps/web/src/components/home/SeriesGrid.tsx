import type { SeriesCard } from '@balcony/contracts';
import { getMarkLabels } from '@/components/ui/MarkBadges';
import { getT } from '@/i18n/server';
import { AdultHiddenNotice } from './AdultHiddenNotice';
import { SeriesCardLink } from './SeriesCardLink';
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
      {adultHidden && <AdultHiddenNotice returnPath={returnPath} />}
      {items.length === 0 && !adultHidden && <p className={styles.empty}>{t('empty')}</p>}
      {items.length > 0 && (
        <ul className={styles.grid}>
          {items.map((series, index) => (
            <li key={series.id}>
              <SeriesCardLink
                series={series}
                markLabels={markLabels}
                rankLabel={showRank ? t('rank', { rank: series.rank }) : undefined}
                meta={
                  showFreeCount && series.freeEpisodeCount > 0
                    ? t('freeEpisodes', { count: series.freeEpisodeCount })
                    : undefined
                }
                priority={priorityFirst && index === 0}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
