import type { EpisodeLink, ViewerResponse } from '@balcony/contracts';
import Link from 'next/link';
import { getT } from '@/i18n/server';
import { routes } from '@/lib/navigation/routes';
import type { Script } from '@/lib/viewer/fonts';
import { EpisodeSwitch } from './EpisodeSwitch';
import { Chevron } from './icons';
import { SettingsPanel } from './SettingsPanel';
import styles from './Viewer.module.css';

/**
 * The viewer's bar: the series (linking back to its page) above the episode's title, then the
 * previous and next episodes and the reading settings.
 */
export async function ViewerTopBar({ viewer, script }: { viewer: ViewerResponse; script: Script }) {
  const t = await getT('Viewer');
  const { series, episode, prev, next } = viewer;

  const neighbour = (link: EpisodeLink, direction: 'previous' | 'next') => (
    <EpisodeSwitch
      seriesId={series.id}
      freetimeIntervalHours={series.freetimeIntervalHours}
      episode={link}
      direction={direction}
      className={styles.iconButton}
      label={t(direction)}
      testId={`top-${direction}-episode`}
    >
      <Chevron direction={direction === 'next' ? 'right' : 'left'} double />
    </EpisodeSwitch>
  );

  return (
    <header className={styles.topBar}>
      <div className={styles.topBarInner}>
        <div className={styles.titles}>
          <Link
            href={routes.detail(series.id)}
            className={styles.seriesLink}
            aria-label={t('backToSeries', { title: series.title })}
          >
            <Chevron direction="left" />
            <span>{series.title}</span>
          </Link>
          <h1 className={styles.episodeTitle}>{episode.title}</h1>
        </div>
        <div className={styles.actions}>
          {prev && neighbour(prev, 'previous')}
          {next && neighbour(next, 'next')}
          <SettingsPanel script={script} textEpisode={episode.contentKind === 'TEXT'} />
        </div>
      </div>
    </header>
  );
}
