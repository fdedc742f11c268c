import type { Metadata } from 'next';
import { CoinAdjustForm } from '@/components/rewards/CoinAdjustForm';
import { CouponsTab } from '@/components/rewards/CouponsTab';
import { GiftForm } from '@/components/rewards/GiftForm';
import { Forbidden } from '@/components/ui/Forbidden';
import { Tabs } from '@/components/ui/Tabs';
import { getT } from '@/i18n/server';
import { getConsole, may } from '@/lib/console';
import { param, type SearchParams } from '@/lib/search-params';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT('Rewards'))('title') };
}

const TABS = ['coupons', 'gifts', 'coins'] as const;

// Rewards (FINANCE): the brand's coupons (shared codes and batches, CSV exports), gifts to members
// and e-mail addresses, and coin adjustments with a reason. Every one is in the audit log.
export default async function RewardsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { admin, brand } = await getConsole();
  if (!may(admin, ['FINANCE'])) return <Forbidden />;
  const t = await getT('Rewards');
  const search = await searchParams;
  const wanted = param(search, 'tab');
  const tab = TABS.find((name) => name === wanted) ?? 'coupons';
  return (
    <>
      <h1>{t('title')}</h1>
      <Tabs
        label={t('sections')}
        items={TABS.map((name) => ({ href: `/rewards?tab=${name}`, label: t(`tabs.${name}`), current: name === tab }))}
      />
      {tab === 'coupons' ? <CouponsTab search={search} /> : null}
      {tab === 'gifts' ? <GiftForm brandId={brand.id} /> : null}
      {tab === 'coins' ? <CoinAdjustForm brandId={brand.id} /> : null}
    </>
  );
}
