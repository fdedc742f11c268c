import Link from 'next/link';
import { getT } from '@/i18n/server';
import { fetchHomeTabOrder } from '@/lib/api/api';
import { getRequestBrand } from '@/lib/brand/brand';
import { HOME_TAB_SLUGS, type HomeTabSlug, routes } from '@/lib/navigation/routes';
import styles from './HomeTabs.module.css';

/**
 * The home tab bar (48 px) in the brand's order (set in the console); rendered by each page, so
 * the current tab is always right.
 */
export async function HomeTabs({ current }: { current?: HomeTabSlug }) {
  const [t, order] = await Promise.all([getT('Home'), tabOrder()]);
  return (
    <nav aria-label={t('tabsLabel')} className={styles.tabs}>
      <ul>
        {order.map((slug) => (
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

/** The brand's tab order; the default order while the api cannot say (the tabs still lead somewhere). */
async function tabOrder(): Promise<readonly HomeTabSlug[]> {
  try {
    const { tabs } = await fetchHomeTabOrder(await getRequestBrand());
    return tabs.filter((slug): slug is HomeTabSlug => (HOME_TAB_SLUGS as readonly string[]).includes(slug));
  } catch {
    return HOME_TAB_SLUGS;
  }
}
