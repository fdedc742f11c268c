import type { NavItem } from '@balcony/contracts';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { HeaderCoins } from '@/components/coins/HeaderCoins';
import { HeaderGifts } from '@/components/gifts/HeaderGifts';
import { HeaderNotifications } from '@/components/notifications/HeaderNotifications';
import { ScrollTopButton } from '@/components/shell/ScrollTopButton';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { NAV_HREF } from '@/lib/navigation/routes';
import { type NavLinkItem, NavLinks } from './NavLinks';
import styles from './SiteChrome.module.css';
import { SiteFooter } from './SiteFooter';

/**
 * Header, main landmark and navigation of every screen but the viewer (spec §2/§9): above 600 px
 * a 78 px top bar with the desktop nav; at 600 px and below a 48 px header and a fixed 50 px bottom
 * nav. Both navs are in the page and CSS shows the one that fits.
 */
export async function SiteChrome({ children }: { children: ReactNode }) {
  const brand = await getRequestBrand();
  const t = await getT('Site');
  const tNav = await getT('Nav');
  const tShell = await getT('Shell');
  const links = (items: readonly NavItem[]): NavLinkItem[] =>
    items.map((item) => ({ item, href: NAV_HREF[item], label: tNav(item) }));

  return (
    <>
      <header className={styles.header}>
        <div className={styles.bar}>
          <Link href="/" className={styles.logo} aria-label={t('homeLink', { product: brand.product })}>
            {brand.product}
          </Link>
          <HeaderCoins label={t('coinBalance')} />
          <HeaderGifts label={t('giftCount')} />
          <HeaderNotifications label={t('notifications')} unreadLabel={t('unreadNotifications')} />
          <NavLinks items={links(brand.navDesktop)} label={t('mainNav')} variant="top" />
        </div>
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <SiteFooter />
      <NavLinks items={links(brand.navMobile)} label={t('bottomNav')} variant="bottom" />
      <ScrollTopButton label={tShell('scrollTop')} />
    </>
  );
}
