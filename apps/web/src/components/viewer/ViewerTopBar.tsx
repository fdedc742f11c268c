import type { ViewerResponse } from '@balcony/contracts';
import Link from 'next/link';
import { getT } from '@/i18n/server';
import { routes } from '@/lib/routes';
import styles from './Viewer.module.css';

/** The viewer's bar: the series, linking back to its page, above the episode's title. */
export async function ViewerTopBar({ viewer }: { viewer: ViewerResponse }) {
  const t = await getT('Viewer');
  return (
    <header className={styles.topBar}>
      <div className={styles.topBarInner}>
        <Link
          href={routes.detail(viewer.series.id)}
          className={styles.seriesLink}
          aria-label={t('backToSeries', { title: viewer.series.title })}
        >
          <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 24 24" fill="none">
            <path
              d="M15 5 8 12l7 7"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span>{viewer.series.title}</span>
        </Link>
        <h1 className={styles.episodeTitle}>{viewer.episode.title}</h1>
      </div>
    </header>
  );
}
