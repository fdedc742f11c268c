import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NoticeArticle } from '@/components/support/NoticeArticle';
import { loadPageData } from '@/lib/api/page-data';
import { fetchNotice } from '@/lib/api/support';
import { getRequestBrand } from '@/lib/brand/brand';
import { parseId } from '@/lib/navigation/params';
import { routes } from '@/lib/navigation/routes';
import { excerpt, pageMetadata } from '@/lib/seo/metadata';

type Props = PageProps<'/notice/detail/[id]'>;

/** A notice of the brand; one that does not exist (or not yet, or elsewhere) is the 404 screen. */
async function loadNotice({ params }: Props) {
  const id = parseId((await params).id);
  if (id === null) notFound();
  const result = await loadPageData(fetchNotice(await getRequestBrand(), id), []);
  if (!result.ok) notFound();
  return { id, notice: result.data };
}

/** The text of the sanitised body, for the description of link previews. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { id, notice } = await loadNotice(props);
  return pageMetadata(await getRequestBrand(), {
    title: notice.title,
    description: excerpt(plainText(notice.body)),
    path: routes.notice(id),
  });
}

/** /notice/detail/{id} (spec §2): one notice, with the previous and next ones. */
export default async function NoticePage(props: Props) {
  const { notice } = await loadNotice(props);
  return <NoticeArticle notice={notice} />;
}
