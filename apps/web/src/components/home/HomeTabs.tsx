import Link from 'next/link';
import { getT } from '@/i18n/server';
import { HOME_TAB_SLUGS, type HomeTabSlug, routes } from '@/lib/navigation/routes';
import styles from './HomeTabs.module.css';

/** The home tab bar (48 px); rendered by each page, so the current tab is always right. */
export async function HomeTabs({ current }: { current?: HomeTabSlug }) {
  const t = await getT('Home');
  return (
    <nav aria-label={t('tabsLabel')} className={styles.tabs}>
      <ul>
        {HOME_TAB_SLUGS.map((slug) => (
          <li key={slug}>
            <Link
              href={routes.homeTab(slug)}
              aria-current={slug === current ? 'page' : undefined}
              data-testid={`home-tab-${slug}`}
            >
              {t(`tabs.${slug}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
