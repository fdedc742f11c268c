import type { Metadata } from 'next';
import { BenefitScreen } from '@/components/events/BenefitScreen';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { fetchEvents } from '@/lib/events/load';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Events');
  return { title: t('benefitTitle') };
}

/** /benefit (spec §2 nav "benefit"): the running events and what each gives. */
export default async function BenefitPage() {
  const { events } = await fetchEvents(await getRequestBrand());
  return <BenefitScreen events={events} />;
}
