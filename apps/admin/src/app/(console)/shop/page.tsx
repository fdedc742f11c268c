import type { Metadata } from 'next';
import { LedgerTab } from '@/components/shop/LedgerTab';
import { ProductsTab } from '@/components/shop/ProductsTab';
import { Forbidden } from '@/components/ui/Forbidden';
import { Tabs } from '@/components/ui/Tabs';
import { getT } from '@/i18n/server';
import { getConsole, may } from '@/lib/console';
import { param, type SearchParams } from '@/lib/search-params';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT('Shop'))('title') };
}

const TABS = ['products', 'ledger'] as const;

// The shop (FINANCE): the brand's coin products, and a member's ledger by lot with refunds. Every
// change is audited by the api.
export default async function ShopPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { admin } = await getConsole();
  if (!may(admin, ['FINANCE'])) return <Forbidden />;
  const t = await getT('Shop');
  const search = await searchParams;
  const wanted = param(search, 'tab');
  const tab = TABS.find((name) => name === wanted) ?? 'products';
  return (
    <>
      <h1>{t('title')}</h1>
      <Tabs
        label={t('sections')}
        items={TABS.map((name) => ({ href: `/shop?tab=${name}`, label: t(`tabs.${name}`), current: name === tab }))}
      />
      {tab === 'products' ? <ProductsTab /> : <LedgerTab search={search} />}
    </>
  );
}
