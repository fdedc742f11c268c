import { DETAIL_NOTICE_COUNT, formatDate } from '@balcony/contracts';
import Link from 'next/link';
import { getT } from '@/i18n/server';
import { fetchNotices } from '@/lib/api/support';
import { getRequestBrand } from '@/lib/brand/brand';
import { routes } from '@/lib/navigation/routes';
import styles from './Support.module.css';

/**
 * The brand's two latest notices on a series page (spec §9 "notices on detail 2", issue 13):
 * titles and dates linking to each notice, and to them all. Rendered on the server, no script.
 * A notice board that cannot be read leaves the series page whole, without this section.
 */
export async function LatestNotices() {
  const brand = await getRequestBrand();
  const page = await fetchNotices(brand, 1, DETAIL_NOTICE_COUNT).catch(() => null);
  if (!page || page.items.length === 0) return null;
  const t = await getT('Notice');
  return (
    <section aria-labelledby="latest-notices" className={styles.latest} data-testid="latest-notices">
      <h2 id="latest-notices">{t('latestHeading')}</h2>
      <ul className={styles.list}>
        {page.items.map((notice) => (
          <li key={notice.id} data-testid="latest-notice" data-notice-id={notice.id}>
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
      <Link href={routes.notices()} prefetch={false} className={styles.seeAll}>
        {t('seeAll')}
      </Link>
    </section>
  );
}
