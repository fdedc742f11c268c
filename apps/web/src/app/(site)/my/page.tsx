import type { Metadata } from 'next';
import { Suspense } from 'react';
import styles from '@/components/auth/Auth.module.css';
import { MyPanel } from '@/components/auth/MyPanel';
import { CoinExpiries } from '@/components/coins/CoinExpiries';
import { ScreenIntl } from '@/i18n/ScreenIntl';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('My');
  return { title: t('title'), robots: { index: false } };
}

/**
 * /my (spec §2): open to everyone. The brand's My page links; the member-only ones, the account
 * and logout for members; a prompt to log in for visitors. The session comes from the root
 * layout's server render, so the first paint is already right.
 */
export default async function MyPage() {
  const brand = await getRequestBrand();
  const t = await getT('My');
  return (
    <div className={`${styles.screen} ${styles.wide}`} data-testid="my-page">
      <h1 className={styles.title}>{t('title')}</h1>
      <ScreenIntl namespaces={['My']}>
        <MyPanel
          links={brand.myLinks}
          expiries={
            // The member's expiries stream in; the rest of the page does not wait for them.
            <Suspense fallback={null}>
              <CoinExpiries />
            </Suspense>
          }
        />
      </ScreenIntl>
    </div>
  );
}
