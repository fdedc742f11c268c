import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { ContactScreen } from '@/components/contact/ContactScreen';
import { getT } from '@/i18n/server';
import { CONTACT_PATH, contactListPath } from '@/lib/contact/contact';
import { loadContactPage } from '@/lib/contact/load';
import { pageCount, readPage } from '@/lib/library/paging';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Contact');
  return { title: t('listTitle'), robots: { index: false } };
}

/**
 * /qna (spec §2, login required by §6): the member's contact requests and their answers. A
 * visitor is sent to sign-in and back; a page past the end goes to the last one. `?filed={id}`
 * (after sending the form) announces that request and opens it.
 */
export default async function ContactPageRoute({ searchParams }: PageProps<'/qna'>) {
  const query = await searchParams;
  const page = readPage(query.page);
  const data = await loadContactPage(CONTACT_PATH, query, page);
  const last = pageCount(data.total, data.size);
  if (page > last) redirect(contactListPath(last));
  const filed = Number(typeof query.filed === 'string' ? query.filed : Number.NaN);
  return <ContactScreen data={data} filed={Number.isSafeInteger(filed) ? filed : null} />;
}
