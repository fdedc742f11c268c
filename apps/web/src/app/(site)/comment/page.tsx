import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { CommentScreen } from '@/components/comments/CommentScreen';
import { ErrorScreen } from '@/components/errors/ErrorScreen';
import { getT } from '@/i18n/server';
import { fetchComments } from '@/lib/api/api';
import { loadPageData } from '@/lib/api/page-data';
import { getRequestBrand } from '@/lib/brand/brand';
import { readCommentSort, readCommentTarget, targetParam } from '@/lib/comments/comments';
import type { CatalogueMessageCode } from '@/lib/errors/error-codes';
import { pageCount, readPage } from '@/lib/library/paging';
import { routes } from '@/lib/navigation/routes';
import { getStoredSession } from '@/lib/session/server';

/** The series' codes a reader can act on (a missing episode or series is the 404 screen). */
const EXPLAINED: readonly CatalogueMessageCode[] = ['ADULT_ONLY_CONTENTS', 'INVALID_CONTENTS'];

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Comments');
  return { title: t('title'), robots: { index: false } };
}

/**
 * /comment?episode={id} (an episode's comments and the write form) or /comment?series={id} (every
 * episode's comments), `&sort=BEST` for the most liked first (decision 0190). Anyone reads;
 * writing and the other actions need a login (spec §6).
 */
export default async function CommentPage({ searchParams }: PageProps<'/comment'>) {
  const query = await searchParams;
  const target = readCommentTarget(query);
  if (!target) notFound();
  const sort = readCommentSort(query.sort);
  const page = readPage(query.page);
  const brand = await getRequestBrand();
  const session = await getStoredSession();
  const result = await loadPageData(fetchComments(brand, target, sort, page, session?.accessToken), EXPLAINED);
  const here = routes.comments(targetParam(target), sort, page);
  if (!result.ok) return <ErrorScreen code={result.code} returnPath={here} />;
  const last = pageCount(result.data.total, result.data.size);
  if (page > last) redirect(routes.comments(targetParam(target), sort, last));
  return <CommentScreen target={target} data={result.data} loggedIn={session !== null} />;
}
