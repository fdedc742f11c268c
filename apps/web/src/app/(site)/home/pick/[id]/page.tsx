import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { HomeTabs } from '@/components/home/HomeTabs';
import styles from '@/components/home/Picks.module.css';
import { SeriesGrid } from '@/components/home/SeriesGrid';
import { getT } from '@/i18n/server';
import { fetchPick } from '@/lib/api/api';
import { loadPageData } from '@/lib/api/page-data';
import { getRequestBrand } from '@/lib/brand/brand';
import { mediaUrl } from '@/lib/media/media';
import { parseId } from '@/lib/navigation/params';
import { routes } from '@/lib/navigation/routes';
import { excerpt, pageMetadata } from '@/lib/seo/metadata';
import { catalogueToken } from '@/lib/session/server';

type Props = PageProps<'/home/pick/[id]'>;

/**
 * An unknown pick is the 404 screen and any other failure reaches the error boundary
 * (loadPageData): a pick has no failure to explain in place.
 */
async function loadPick({ params }: Props) {
  const id = parseId((await params).id);
  if (id === null) notFound();
  const brand = await getRequestBrand();
  const result = await loadPageData(fetchPick(brand, id, await catalogueToken()), []);
  // Never taken with nothing to explain; it tells TypeScript the pick is there.
  if (!result.ok) notFound();
  return { id, pick: result.data };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { id, pick } = await loadPick(props);
  const brand = await getRequestBrand();
  const tMeta = await getT('Meta');
  const cover = pick.items[0];
  return pageMetadata(brand, {
    title: pick.title,
    description: excerpt(pick.description) || tMeta('picksDescription', { product: brand.product }),
    path: routes.pick(id),
    image: cover && { url: mediaUrl(cover.thumbnailUrl, 640), alt: cover.title },
  });
}

/** /home/pick/{id}: every series of one editor's pick. */
export default async function PickPage(props: Props) {
  const { id, pick } = await loadPick(props);
  const t = await getT('Home');
  return (
    <>
      <HomeTabs current="pick" />
      <header className={styles.header}>
        <h1>{pick.title}</h1>
        {pick.description && <p>{pick.description}</p>}
        <p className={styles.count}>{t('pickSeriesCount', { count: pick.items.length })}</p>
      </header>
      <SeriesGrid items={pick.items} adultHidden={false} returnPath={routes.pick(id)} priorityFirst />
    </>
  );
}
