import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { HistoryScreen } from '@/components/history/HistoryScreen';
import { getT } from '@/i18n/server';
import { fetchCoinHistory } from '@/lib/api/api';
import { requireMember } from '@/lib/auth/require-member';
import { getRequestBrand } from '@/lib/brand/brand';
import { isHistoryKind } from '@/lib/coins/history';
import { pageCount, readPage } from '@/lib/library/paging';
import { routes } from '@/lib/navigation/routes';
import { getStoredSession } from '@/lib/session/server';

type Props = PageProps<'/history/[kind]'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { kind } = await params;
  const t = await getT('History');
  return {
    title: isHistoryKind(kind) ? `${t(`tabs.${kind}`)} · ${t('title')}` : t('title'),
    robots: { index: false },
  };
}

/**
 * /history/charge, /history/use and /history/mileage (spec §2, §9 windows): the member's coin
 * movements of the window, a page at a time. Login required (spec §6): a visitor is sent to
 * sign-in and back. A page past the end goes to the last page there is.
 */
export default async function HistoryPage({ params, searchParams }: Props) {
  const { kind } = await params;
  if (!isHistoryKind(kind)) notFound();
  const query = await searchParams;
  await requireMember(routes.history(kind), query);
  const session = await getStoredSession();
  if (!session) notFound();
  const page = readPage(query.page);
  const data = await fetchCoinHistory(await getRequestBrand(), kind, page, session.accessToken);
  const last = pageCount(data.total, data.size);
  if (page > last) redirect(routes.history(kind, last));
  return <HistoryScreen kind={kind} data={data} now={Date.now()} />;
}
