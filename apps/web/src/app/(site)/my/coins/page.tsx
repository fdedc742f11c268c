import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { LedgerScreen } from '@/components/coins/LedgerScreen';
import { getT } from '@/i18n/server';
import { fetchCoinLots } from '@/lib/api/api';
import { requireMember } from '@/lib/auth/require-member';
import { getRequestBrand } from '@/lib/brand/brand';
import { routes } from '@/lib/navigation/routes';
import { getStoredSession } from '@/lib/session/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Ledger');
  return { title: t('title'), robots: { index: false } };
}

/**
 * /my/coins (issue 12 item 6): every lot of the member's coins — where it came from, what is
 * left, when it expires, what it paid for — and the proof that the lots make the balance of the
 * header. Login required, like the histories (spec §6): a visitor is sent to sign-in and back.
 */
export default async function MyCoinsPage({ searchParams }: PageProps<'/my/coins'>) {
  await requireMember(routes.myCoins, await searchParams);
  const session = await getStoredSession();
  if (!session) notFound();
  const data = await fetchCoinLots(await getRequestBrand(), session.accessToken);
  return <LedgerScreen data={data} now={Date.now()} />;
}
