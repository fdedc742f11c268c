import type { Metadata } from 'next';
import { RouletteScreen } from '@/components/events/RouletteScreen';
import { getT } from '@/i18n/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { fetchEventDetails } from '@/lib/events/load';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Events');
  return { title: t('rouletteTitle'), robots: { index: false } };
}

/** /roulette (spec §2, My page link): tickets left, the spin and the prize the server drew. */
export default async function RoulettePage() {
  const { details, member } = await fetchEventDetails(await getRequestBrand());
  return <RouletteScreen details={details} member={member} />;
}
