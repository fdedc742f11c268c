import type { Metadata } from 'next';
import { CommentsTab } from '@/components/support/CommentsTab';
import { FaqTab } from '@/components/support/FaqTab';
import { InboxTab } from '@/components/support/InboxTab';
import { NoticesTab } from '@/components/support/NoticesTab';
import { PoliciesTab } from '@/components/support/PoliciesTab';
import { Forbidden } from '@/components/ui/Forbidden';
import { Tabs } from '@/components/ui/Tabs';
import { getT } from '@/i18n/server';
import { getConsole, may } from '@/lib/console';
import { param, type SearchParams } from '@/lib/search-params';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT('Support'))('title') };
}

const TABS = ['inbox', 'comments', 'notices', 'faq', 'policies'] as const;
type Tab = (typeof TABS)[number];

// Support (SUPPORT): readers' contact requests, reported comments, notices, the FAQ and the
// policies of the brand picked in the header. Each section is its own URL (?tab=…).
export default async function SupportPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { admin } = await getConsole();
  if (!may(admin, ['SUPPORT'])) return <Forbidden />;
  const t = await getT('Support');
  const search = await searchParams;
  const wanted = param(search, 'tab');
  const tab: Tab = TABS.find((name) => name === wanted) ?? 'inbox';
  return (
    <>
      <h1>{t('title')}</h1>
      <Tabs
        label={t('sections')}
        items={TABS.map((name) => ({ href: `/support?tab=${name}`, label: t(`tabs.${name}`), current: name === tab }))}
      />
      {tab === 'inbox' ? <InboxTab search={search} /> : null}
      {tab === 'comments' ? <CommentsTab search={search} /> : null}
      {tab === 'notices' ? <NoticesTab search={search} /> : null}
      {tab === 'faq' ? <FaqTab /> : null}
      {tab === 'policies' ? <PoliciesTab /> : null}
    </>
  );
}
