import type { Metadata } from 'next';
import { HomeTabs } from '@/components/home/HomeTabs';
import { PickPreview } from '@/components/home/PickPreview';
import styles from '@/components/home/Picks.module.css';
import { getT } from '@/i18n/server';
import { fetchPicks } from '@/lib/api/api';
import { getRequestBrand } from '@/lib/brand/brand';
import { routes } from '@/lib/navigation/routes';
import { pageMetadata } from '@/lib/seo/metadata';
import { getStoredSession } from '@/lib/session/server';

export async function generateMetadata(): Promise<Metadata> {
  const brand = await getRequestBrand();
  const t = await getT('Home');
  const tMeta = await getT('Meta');
  return pageMetadata(brand, {
    title: t('picksHeading'),
    description: tMeta('picksDescription', { product: brand.product }),
    path: routes.homeTab('pick'),
  });
}

/** /home/pick: the editors' collections, each with a preview row and a link to the whole pick. */
export default async function PicksPage() {
  const brand = await getRequestBrand();
  const t = await getT('Home');
  const picks = await fetchPicks(brand, (await getStoredSession())?.accessToken);
  return (
    <>
      <HomeTabs current="pick" />
      <h1 className="visually-hidden">{t('picksHeading')}</h1>
      {picks.length === 0 ? (
        <p className={styles.empty}>{t('picksEmpty')}</p>
      ) : (
        picks.map((pick) => <PickPreview key={pick.id} pick={pick} />)
      )}
    </>
  );
}
