import Link from 'next/link';
import { getT } from '@/i18n/server';
import styles from './Library.module.css';

/**
 * Previous and next page links of a paged list (search results, library lists); nothing when
 * everything fits on one page. Links, so every page has its own address and works without scripts.
 */
export async function Pager({ page, count, hrefFor }: { page: number; count: number; hrefFor(page: number): string }) {
  if (count <= 1) return null;
  const t = await getT('Library');
  return (
    <nav aria-label={t('pager.label')} className={styles.pager} data-testid="pager">
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} rel="prev" className="button button-secondary" data-testid="pager-previous">
          {t('pager.previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className={styles.pagerStatus} aria-current="page">
        {t('pager.status', { page, count })}
      </span>
      {page < count ? (
        <Link href={hrefFor(page + 1)} rel="next" className="button button-secondary" data-testid="pager-next">
          {t('pager.next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
