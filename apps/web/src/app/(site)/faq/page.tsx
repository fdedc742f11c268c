import type { Metadata } from 'next';
import { FaqScreen } from '@/components/support/FaqScreen';
import { getT } from '@/i18n/server';
import { fetchFaq } from '@/lib/api/support';
import { getRequestBrand } from '@/lib/brand/brand';
import { routes } from '@/lib/navigation/routes';
import { pageMetadata } from '@/lib/seo/metadata';

type Props = PageProps<'/faq'>;

/** The `?q=` of the address, trimmed and cut to what the api accepts. */
async function searchOf({ searchParams }: Props): Promise<string> {
  const raw = (await searchParams).q;
  const value = typeof raw === 'string' ? raw : (raw?.[0] ?? '');
  return value.trim().slice(0, 100);
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const brand = await getRequestBrand();
  const t = await getT('Faq');
  return pageMetadata(brand, {
    title: t('title'),
    description: t('description', { product: brand.product }),
    path: routes.faq(),
    // Search results are not pages of their own for search engines.
    noIndex: (await searchOf(props)) !== '',
  });
}

/** /faq (spec §2): the FAQ by category, with its own search. */
export default async function FaqPage(props: Props) {
  const query = await searchOf(props);
  const faq = await fetchFaq(await getRequestBrand(), query);
  return <FaqScreen faq={faq} query={query} />;
}
