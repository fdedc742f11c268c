import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { MyCommentsScreen } from '@/components/comments/MyCommentsScreen';
import { getT } from '@/i18n/server';
import { fetchMyComments } from '@/lib/api/api';
import { requireMember } from '@/lib/auth/require-member';
import { getRequestBrand } from '@/lib/brand/brand';
import { pageCount, readPage } from '@/lib/library/paging';
import { routes } from '@/lib/navigation/routes';
import { getStoredSession } from '@/lib/session/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Comments');
  return { title: t('myTitle'), robots: { index: false } };
}

/** /comment/my (spec §2, login required by §6): the member's comments with links back to their episodes. */
export default async function MyCommentsPage({ searchParams }: PageProps<'/comment/my'>) {
  const query = await searchParams;
  await requireMember('/comment/my', query);
  const session = await getStoredSession();
  if (!session) notFound();
  const page = readPage(query.page);
  const data = await fetchMyComments(await getRequestBrand(), page, session.accessToken);
  const last = pageCount(data.total, data.size);
  if (page > last) redirect(routes.myComments(last));
  return <MyCommentsScreen data={data} />;
}
