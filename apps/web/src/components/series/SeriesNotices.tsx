import { DETAIL_NOTICE_COUNT, formatDate, type SeriesNotice } from '@balcony/contracts';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import styles from './SeriesOverview.module.css';

/** The series' latest notices (spec §9: two on the detail page), each unfolding to its text. */
export async function SeriesNotices({ notices }: { notices: readonly SeriesNotice[] }) {
  if (notices.length === 0) return null;
  const brand = await getRequestBrand();
  const t = await getT('Series');
  return (
    <section aria-labelledby="notices" className={styles.notices}>
      <h2 id="notices">{t('noticesHeading')}</h2>
      <ul>
        {notices.slice(0, DETAIL_NOTICE_COUNT).map((notice) => (
          <li key={notice.id} data-testid="series-notice">
            <details>
              <summary>
                <span className={styles.noticeTitle}>{notice.title}</span>
                <time dateTime={notice.publishedAt}>{formatDate(brand, notice.publishedAt)}</time>
              </summary>
              <p>{notice.body}</p>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
