import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { NotificationsScreen } from '@/components/notifications/NotificationsScreen';
import { getT } from '@/i18n/server';
import { pageCount, readPage } from '@/lib/library/paging';
import { routes } from '@/lib/navigation/routes';
import { loadNotifications } from '@/lib/notifications/load';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT('Notifications');
  return { title: t('title'), robots: { index: false } };
}

/**
 * /notification (issue 13 item 6, decision 0210; login required): the member's notifications of
 * the last 30 days, newest first. A visitor is sent to sign-in and back; a page past the end goes
 * to the last one.
 */
export default async function NotificationPageRoute({ searchParams }: PageProps<'/notification'>) {
  const query = await searchParams;
  const page = readPage(query.page);
  const data = await loadNotifications(query, page);
  const last = pageCount(data.total, data.size);
  if (page > last) redirect(routes.notifications(last));
  return <NotificationsScreen data={data} />;
}
