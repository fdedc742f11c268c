import type { Metadata } from 'next';
import { EventsTab } from '@/components/events/EventsTab';
import { Forbidden } from '@/components/ui/Forbidden';
import { getT } from '@/i18n/server';
import { getConsole, may } from '@/lib/console';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT('Events'))('pageTitle') };
}

// Events (CONTENT): attendance checks, roulettes and emoticon events of the brand, created and
// scheduled here. Every change is audited by the api.
export default async function EventsPage() {
  const { admin } = await getConsole();
  if (!may(admin, ['CONTENT'])) return <Forbidden />;
  const t = await getT('Events');
  return (
    <>
      <h1>{t('pageTitle')}</h1>
      <EventsTab />
    </>
  );
}
