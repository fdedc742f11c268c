import { CreatorType, formatDate, type SeriesDetail } from '@balcony/contracts';
import Link from 'next/link';
import { getMarkLabels, MarkBadges } from '@/components/ui/MarkBadges';
import { MediaImage } from '@/components/ui/MediaImage';
import { formatList, longWeekdayNames, scheduledWeekdays } from '@/i18n/dates';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { routes } from '@/lib/navigation/routes';
import { ReadAction } from './EpisodeParts';
import { ExpandableText } from './ExpandableText';
import { isLongText } from './episode-state';
import { FavoriteButton } from './FavoriteButton';
import { SeriesNotices } from './SeriesNotices';
import styles from './SeriesOverview.module.css';

async function statusText(series: SeriesDetail): Promise<string | null> {
  const t = await getT('Series');
  switch (series.status) {
    case 'COMPLETED':
      return t('statusCompleted');
    case 'PAUSED':
      return t('statusPaused');
    case 'SCHEDULED': {
      const { locale } = await getRequestBrand();
      const weekdays = scheduledWeekdays(series.schedule);
      if (weekdays.length > 0) {
        const names = longWeekdayNames(locale);
        return t('statusScheduled', {
          days: formatList(
            locale,
            weekdays.map((day) => names[day]),
          ),
        });
      }
      return series.schedule.includes('TEN') ? t('statusScheduledTen') : null;
    }
  }
}

/**
 * The top of a series page: cover, title, creators by role, genres, schedule, the read and
 * favourite buttons, the synopsis (folded when long), tags and the latest notices.
 */
export async function SeriesOverview({ series }: { series: SeriesDetail }) {
  const brand = await getRequestBrand();
  const t = await getT('Series');
  const markLabels = await getMarkLabels();
  const status = await statusText(series);
  const creatorGroups = CreatorType.options
    .map((type) => ({ type, names: series.creators.filter((c) => c.type === type).map((c) => c.name) }))
    .filter((group) => group.names.length > 0);

  return (
    <>
      <div className={styles.hero}>
        <MediaImage path={series.coverUrl} slot="cover" alt="" priority className={styles.cover} />
        <div className={styles.info}>
          <h1>{series.title}</h1>
          <MarkBadges marks={series.marks} labels={markLabels} />
          <dl className={styles.facts}>
            {creatorGroups.map(({ type, names }) => (
              <div key={type} data-testid={`creators-${type}`}>
                <dt>{t(`creatorTypes.${type}`)}</dt>
                <dd>{formatList(brand.locale, names)}</dd>
              </div>
            ))}
            {series.genres.length > 0 && (
              <div>
                <dt>{t('genresLabel')}</dt>
                <dd>
                  {formatList(
                    brand.locale,
                    series.genres.map((genre) => t(`genres.${genre}`)),
                  )}
                </dd>
              </div>
            )}
          </dl>
          {status && (
            <p className={styles.status} data-testid="series-status">
              {status}
            </p>
          )}
          {series.nextUpdateAt && (
            <p className={styles.next}>
              <time dateTime={series.nextUpdateAt}>
                {t('nextUpdate', { date: formatDate(brand, series.nextUpdateAt) })}
              </time>
            </p>
          )}
          <div className={styles.actions}>
            <ReadAction />
            <FavoriteButton />
            <Link
              href={routes.comments({ series: series.id })}
              prefetch={false}
              className="button button-secondary"
              data-testid="series-comments"
            >
              {t('commentsLink')}
            </Link>
          </div>
        </div>
      </div>
      <section aria-labelledby="synopsis" className={styles.synopsis}>
        <h2 id="synopsis">{t('synopsisHeading')}</h2>
        {isLongText(series.synopsis) ? (
          <ExpandableText text={series.synopsis} />
        ) : (
          <p data-testid="synopsis">{series.synopsis}</p>
        )}
        {series.tags.length > 0 && (
          <ul aria-label={t('tagsLabel')} className={styles.tags}>
            {series.tags.map((tag) => (
              <li key={tag}>#{tag}</li>
            ))}
          </ul>
        )}
      </section>
      <SeriesNotices notices={series.notices} />
    </>
  );
}
