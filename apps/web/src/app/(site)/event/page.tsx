import type { Metadata } from 'next';
import { EventsScreen } from '@/components/events/EventsScreen';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { fetchEventDetails } from '@/lib/events/load';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Events');
  return { title: t('title'), robots: { index: false } };
}

/** /event (spec §2): the running events; a member checks in and reacts, a visitor is asked to log in. */
export default async function EventPage() {
  const { details, member } = await fetchEventDetails(await getRequestBrand());
  return <EventsScreen details={details} member={member} />;
}
