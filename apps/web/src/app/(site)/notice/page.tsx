import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { NoticeList } from '@/components/support/NoticeList';
import { getT } from '@/i18n/server';
import { fetchNotices } from '@/lib/api/support';
import { getRequestBrand } from '@/lib/brand/brand';
import { pageCount, readPage } from '@/lib/library/paging';
import { routes } from '@/lib/navigation/routes';
import { pageMetadata } from '@/lib/seo/metadata';

export async function generateMetadata(): Promise<Metadata> {
  const brand = await getRequestBrand();
  const t = await getT('Notice');
  return pageMetadata(brand, {
    title: t('title'),
    description: t('description', { product: brand.product }),
    path: routes.notices(),
  });
}

/** /notice (spec §2): the brand's notices, pinned first, a page at a time; past the end, the last page. */
export default async function NoticesPage({ searchParams }: PageProps<'/notice'>) {
  const page = readPage((await searchParams).page);
  const data = await fetchNotices(await getRequestBrand(), page);
  const last = pageCount(data.total, data.size);
  if (page > last) redirect(routes.notices(last));
  return <NoticeList data={data} />;
}
