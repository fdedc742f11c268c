import { formatDate, type MyCommentPage } from '@balcony/contracts';
import Link from 'next/link';
import { Pager } from '@/components/library/Pager';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { pageCount } from '@/lib/library/paging';
import { routes } from '@/lib/navigation/routes';
import styles from './Comments.module.css';

/** /comment/my (spec §2): the member's own comments, newest first, each linking back to its episode. */
export async function MyCommentsScreen({ data }: { data: MyCommentPage }) {
  const brand = await getRequestBrand();
  const t = await getT('Comments');
  return (
    <div className={styles.screen} data-testid="my-comments">
      <h1 className={styles.title}>{t('myTitle')}</h1>
      {data.items.length === 0 ? (
        <p className={styles.empty} data-testid="my-comments-empty">
          {t('myEmpty')}
        </p>
      ) : (
        <ul className={styles.list} aria-label={t('myTitle')}>
          {data.items.map((c) => (
            <li
              key={c.id}
              className={styles.item}
              data-testid="my-comment"
              data-comment-id={c.id}
              data-state={c.state ?? 'SHOWN'}
            >
              <p className={styles.meta}>
                <Link
                  href={routes.comments({ episode: c.episode.id })}
                  prefetch={false}
                  className={styles.author}
                  data-testid="my-comment-link"
                >
                  {t('myOn', { series: c.series.title, number: c.episode.number })}
                </Link>
                <time dateTime={c.createdAt} className={styles.date}>
                  {formatDate(brand, c.createdAt)}
                </time>
              </p>
              {c.state === 'DELETED' ? (
                <p className={styles.removed}>{t('deleted')}</p>
              ) : (
                <>
                  {c.state === 'BLIND' && <p className={styles.removed}>{t('blindMine')}</p>}
                  <p className={styles.text}>{c.content}</p>
                </>
              )}
              <p className={styles.footer}>
                {c.spoiler && <span className={styles.badge}>{t('spoilerBadge')}</span>}
                <span>{t('likeCount', { count: c.likeCount })}</span>
                <Link href={routes.viewer(c.episode.id)} prefetch={false}>
                  {t('toEpisode', { number: c.episode.number })}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager page={data.page} count={pageCount(data.total, data.size)} hrefFor={(page) => routes.myComments(page)} />
    </div>
  );
}
