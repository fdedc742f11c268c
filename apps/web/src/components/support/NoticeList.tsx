import { formatDate, type NoticePage } from '@balcony/contracts';
import Link from 'next/link';
import { Pager } from '@/components/library/Pager';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { pageCount } from '@/lib/library/paging';
import { routes } from '@/lib/navigation/routes';
import styles from './Support.module.css';

/** /notice: the brand's notices, pinned ones first with a badge, then the newest, a page at a time. */
export async function NoticeList({ data }: { data: NoticePage }) {
  const brand = await getRequestBrand();
  const t = await getT('Notice');
  return (
    <div className={styles.screen}>
      <h1 className={styles.title}>{t('title')}</h1>
      {data.items.length === 0 ? (
        <p className={styles.empty} data-testid="notice-empty">
          {t('empty')}
        </p>
      ) : (
        <ul className={styles.list} data-testid="notice-list">
          {data.items.map((notice) => (
            <li key={notice.id} data-testid="notice-item" data-notice-id={notice.id} data-pinned={notice.pinned}>
              <Link href={routes.notice(notice.id)} prefetch={false} className={styles.row}>
                {notice.pinned && <span className={styles.badge}>{t('pinned')}</span>}
                <span className={styles.rowTitle}>{notice.title}</span>
                <time className={styles.date} dateTime={notice.publishedAt}>
                  {formatDate(brand, notice.publishedAt)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager page={data.page} count={pageCount(data.total, data.size)} hrefFor={(page) => routes.notices(page)} />
    </div>
  );
}
