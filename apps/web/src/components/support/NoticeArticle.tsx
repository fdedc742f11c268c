import { formatDate, type NoticeDetail } from '@balcony/contracts';
import Link from 'next/link';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { routes } from '@/lib/navigation/routes';
import { SanitizedHtml } from './SanitizedHtml';
import styles from './Support.module.css';

/**
 * /notice/detail/{id}: the notice's title, its date in the brand's time zone, its body as the
 * api sanitised it, then the notices listed just before and after it, and the way back.
 */
export async function NoticeArticle({ notice }: { notice: NoticeDetail }) {
  const brand = await getRequestBrand();
  const t = await getT('Notice');
  const neighbours = [
    { key: 'previous', label: t('previous'), link: notice.previous },
    { key: 'next', label: t('next'), link: notice.next },
  ] as const;
  return (
    <div className={styles.screen}>
      <article className={styles.article} data-testid="notice-article">
        <header>
          {notice.pinned && <span className={styles.badge}>{t('pinned')}</span>}
          <h1>{notice.title}</h1>
          <p className={styles.date}>
            <time dateTime={notice.publishedAt}>
              {t('publishedOn', { date: formatDate(brand, notice.publishedAt) })}
            </time>
          </p>
        </header>
        <SanitizedHtml html={notice.body} testId="notice-body" />
      </article>
      <nav aria-label={t('navLabel')}>
        <ul className={styles.neighbours}>
          {neighbours.map(({ key, label, link }) =>
            link ? (
              <li key={key}>
                <span>{label}</span>
                <Link
                  href={routes.notice(link.id)}
                  prefetch={false}
                  rel={key === 'previous' ? 'prev' : 'next'}
                  data-testid={`notice-${key}`}
                >
                  {link.title}
                </Link>
              </li>
            ) : null,
          )}
        </ul>
      </nav>
      <p className={styles.back}>
        <Link href={routes.notices()} className="button button-secondary" prefetch={false} data-testid="notice-back">
          {t('backToList')}
        </Link>
      </p>
    </div>
  );
}
