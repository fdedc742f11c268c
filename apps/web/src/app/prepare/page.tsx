import type { Metadata } from 'next';
import Link from 'next/link';
import styles from '@/components/transfer/Transfer.module.css';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { routes } from '@/lib/navigation/routes';
import { formatDateTime, loadMaintenance } from '@/lib/transfer/load';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Prepare');
  return { title: t('title'), robots: { index: false } };
}

/**
 * /prepare (spec §2): where every reader page goes while the brand is under maintenance, with its
 * expected end. A bare page (no site chrome, whose links would all lead back here). Once the
 * maintenance is over it says so and links home.
 */
export default async function PreparePage() {
  const brand = await getRequestBrand();
  const t = await getT('Prepare');
  const state = await loadMaintenance();
  return (
    <main className={styles.maintenance} data-testid="prepare">
      <h1 className={styles.title}>{state.active ? t('title') : t('overTitle')}</h1>
      {state.active ? (
        <>
          <p className={styles.lead}>{t('lead', { product: brand.product })}</p>
          <p className={styles.period} data-testid="prepare-end">
            {state.endsAt ? t('endsAt', { end: formatDateTime(brand, state.endsAt) }) : t('endUnknown')}
          </p>
        </>
      ) : (
        <Link className="button" href={routes.home} prefetch={false} data-testid="prepare-home">
          {t('home')}
        </Link>
      )}
    </main>
  );
}
