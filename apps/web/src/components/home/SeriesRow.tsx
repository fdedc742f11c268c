import type { SeriesCard } from '@balcony/contracts';
import { getMarkLabels } from '@/components/ui/MarkBadges';
import { getT } from '@/i18n/server';
import { SeriesCardLink } from './SeriesCardLink';
import styles from './SeriesRow.module.css';

/**
 * A row of series cards that scrolls sideways (the main page's ranking and new series, a pick's
 * preview). Cards are links, so keyboard focus scrolls the row along.
 */
export async function SeriesRow({ items, showRank = false }: { items: readonly SeriesCard[]; showRank?: boolean }) {
  if (items.length === 0) return null;
  const t = await getT('Home');
  const markLabels = await getMarkLabels();
  return (
    <ul className={styles.row}>
      {items.map((series) => (
        <li key={series.id}>
          <SeriesCardLink
            series={series}
            markLabels={markLabels}
            rankLabel={showRank ? t('rank', { rank: series.rank }) : undefined}
          />
        </li>
      ))}
    </ul>
  );
}
