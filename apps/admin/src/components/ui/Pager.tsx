'use client';

import Link from 'next/link';
import { useTranslations } from 'use-intl';
import styles from './ui.module.css';

interface Props {
  pathname: string;
  /** The list's other query parameters, kept on every page link. */
  params: Record<string, string | undefined>;
  page: number;
  size: number;
  total: number;
}

/** Previous and next links of a paged list, with "page n of m". */
export function Pager({ pathname, params, page, size, total }: Props) {
  const t = useTranslations('Common');
  const pages = Math.max(1, Math.ceil(total / size));
  const href = (to: number) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
    search.set('page', String(to));
    return `${pathname}?${search.toString()}`;
  };
  return (
    <nav className={styles.pager} aria-label={t('pagination')}>
      {page > 1 ? (
        <Link className={styles.secondary} href={href(page - 1)}>
          {t('previous')}
        </Link>
      ) : null}
      <span>{t('pageOf', { page, pages, total })}</span>
      {page < pages ? (
        <Link className={styles.secondary} href={href(page + 1)}>
          {t('next')}
        </Link>
      ) : null}
    </nav>
  );
}
