import Link from 'next/link';
import type { ReactNode } from 'react';
import tabStyles from '@/components/home/HomeTabs.module.css';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import type { LibraryPageData } from '@/lib/library/load';
import { pageCount } from '@/lib/library/paging';
import { LIBRARY_HEADING_ID } from '@/lib/library/remove';
import { LIBRARY_TABS, type LibraryTab, routes } from '@/lib/navigation/routes';
import styles from './Library.module.css';
import { Pager } from './Pager';

/**
 * The library (spec §2 /library/my|favorite|recent): its tab bar, then one page of the current
 * list (the entries given as children) with paging, or the list's empty state with a way home.
 */
export async function LibraryScreen({
  tab,
  data,
  children,
}: {
  tab: LibraryTab;
  data: LibraryPageData;
  children: ReactNode;
}) {
  const t = await getT('Library');
  return (
    <div className={styles.screen} data-testid={`library-${tab}`}>
      <h1 id={LIBRARY_HEADING_ID} tabIndex={-1} className={styles.title}>
        {t('title')}
      </h1>
      <nav aria-label={t('tabsLabel')} className={tabStyles.tabs}>
        <ul>
          {LIBRARY_TABS.map((item) => (
            <li key={item}>
              <Link
                href={routes.library(item)}
                aria-current={item === tab ? 'page' : undefined}
                data-testid={`library-tab-${item}`}
              >
                {t(`tabs.${item}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {data.items.length === 0 ? (
        <div className={styles.empty} data-testid="library-empty">
          <p>{t(`empty.${tab}`)}</p>
          <Link href={routes.home} className="button">
            {t('emptyAction')}
          </Link>
        </div>
      ) : (
        <ScreenIntl namespaces={['Library']}>
          <ul className={styles.list} aria-label={t(`tabs.${tab}`)}>
            {children}
          </ul>
        </ScreenIntl>
      )}
      <Pager page={data.page} count={pageCount(data.total, data.size)} hrefFor={(page) => routes.library(tab, page)} />
    </div>
  );
}
