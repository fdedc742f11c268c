import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { MileageExchangeScreen } from '@/components/mileage/MileageExchangeScreen';
import { getT } from '@/i18n/server';
import { fetchMileageExchange } from '@/lib/api/api';
import { requireMember } from '@/lib/auth/require-member';
import { getRequestBrand } from '@/lib/brand/brand';
import { routes } from '@/lib/navigation/routes';
import { getStoredSession } from '@/lib/session/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Mileage');
  return { title: t('title'), robots: { index: false } };
}

/**
 * /history/mileage/exchange (spec §2 "points exchange", decision 0167): the member's points with
 * their soonest expiry, a chooser in units of 100 from 3000, what the exchange gives before it is
 * confirmed, and the exchange. Login required (spec §6): a visitor is sent to sign-in and back.
 */
export default async function MileageExchangePage({ searchParams }: PageProps<'/history/mileage/exchange'>) {
  await requireMember(routes.mileageExchange, await searchParams);
  const session = await getStoredSession();
  if (!session) notFound();
  const info = await fetchMileageExchange(await getRequestBrand(), session.accessToken);
  return <MileageExchangeScreen info={info} now={Date.now()} />;
}
