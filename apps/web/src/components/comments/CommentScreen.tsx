import { type CommentPage, formatDate } from '@balcony/contracts';
import Link from 'next/link';
import tabStyles from '@/components/home/HomeTabs.module.css';
import { Pager } from '@/components/library/Pager';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { type CommentTarget, targetParam } from '@/lib/comments/comments';
import { pageCount } from '@/lib/library/paging';
import { routes } from '@/lib/navigation/routes';
import { CommentForm } from './CommentForm';
import { CommentList, type ListedComment } from './CommentList';
import styles from './Comments.module.css';

const SORTS = ['NEWEST', 'BEST'] as const;

/**
 * /comment (spec §2): an episode's comments with the write form, or a whole series' comments with
 * the episode of each; sort tabs (newest, best), the list and its pages.
 */
export async function CommentScreen({
  target,
  data,
  loggedIn,
}: {
  target: CommentTarget;
  data: CommentPage;
  loggedIn: boolean;
}) {
  const brand = await getRequestBrand();
  const t = await getT('Comments');
  const param = targetParam(target);
  const here = routes.comments(param, data.sort, data.page);
  const heading = data.episode
    ? t('episodeHeading', { series: data.series.title, number: data.episode.number })
    : t('seriesHeading', { series: data.series.title });
  const items: ListedComment[] = data.items.map((c) => ({ ...c, date: formatDate(brand, c.createdAt) }));
  return (
    <div className={styles.screen} data-testid="comments">
      <h1 className={styles.title}>{heading}</h1>
      <p className={styles.links}>
        {data.episode && (
          <Link href={routes.viewer(data.episode.id)} prefetch={false}>
            {t('toEpisode', { number: data.episode.number })}
          </Link>
        )}
        <Link href={routes.detail(data.series.id)} prefetch={false}>
          {t('toSeries')}
        </Link>
        {data.episode && (
          <Link href={routes.comments({ series: data.series.id })} prefetch={false} data-testid="comment-all-series">
            {t('allOfSeries')}
          </Link>
        )}
      </p>
      <ScreenIntl namespaces={['Comments', 'Errors']}>
        {data.episode ? (
          <CommentForm episodeId={data.episode.id} loggedIn={loggedIn} returnPath={here} />
        ) : (
          <p className={styles.hint}>{t('writeOnEpisode')}</p>
        )}
        <h2 className={styles.count} data-testid="comment-total">
          {t('count', { count: data.total })}
        </h2>
        <nav aria-label={t('sortLabel')} className={tabStyles.tabs}>
          <ul>
            {SORTS.map((sort) => (
              <li key={sort}>
                <Link
                  href={routes.comments(param, sort)}
                  aria-current={sort === data.sort ? 'page' : undefined}
                  data-testid={`comment-sort-${sort}`}
                >
                  {t(`sort.${sort}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <CommentList items={items} showEpisode={!data.episode} returnPath={here} label={t('listLabel')} />
      </ScreenIntl>
      <Pager
        page={data.page}
        count={pageCount(data.total, data.size)}
        hrefFor={(page) => routes.comments(param, data.sort, page)}
      />
    </div>
  );
}
