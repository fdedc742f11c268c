import type { SeriesCard } from '@balcony/contracts';
import Link from 'next/link';
import { MarkBadges, type MarkLabels } from '@/components/ui/MarkBadges';
import { MediaImage } from '@/components/ui/MediaImage';
import { routes } from '@/lib/navigation/routes';
import styles from './SeriesCardLink.module.css';

interface SeriesCardLinkProps {
  series: SeriesCard;
  markLabels: MarkLabels;
  /** The spoken rank ("No. 3"); the number itself is drawn on the thumbnail. */
  rankLabel?: string | undefined;
  /** A short line under the title, e.g. the number of free episodes. */
  meta?: string | undefined;
  /** The screen's largest image (LCP). */
  priority?: boolean;
}

/** A series as a card: main-slot thumbnail (ratio 0.6, spec §3), title and marks, linking to its page. */
export function SeriesCardLink({ series, markLabels, rankLabel, meta, priority = false }: SeriesCardLinkProps) {
  return (
    <Link href={routes.detail(series.id)} className={styles.card} data-testid="series-card">
      <span className={styles.thumb}>
        <MediaImage path={series.thumbnailUrl} slot="thumbnail" alt="" priority={priority} />
        {rankLabel && (
          <span className={styles.rank}>
            <span className="visually-hidden">{rankLabel}</span>
            <span aria-hidden="true" data-testid="series-rank">
              {series.rank}
            </span>
          </span>
        )}
      </span>
      <span className={styles.title}>{series.title}</span>
      <MarkBadges marks={series.marks} labels={markLabels} />
      {meta && <span className={styles.meta}>{meta}</span>}
    </Link>
  );
}
