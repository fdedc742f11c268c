import 'server-only';
import { NotificationPage } from '@balcony/contracts';
import { memberGet } from '../api/member-get';
import { NOTIFICATION_PATH } from './notifications';

/** The member's notifications (GET /notifications), page `page`; login required. */
export function loadNotifications(
  searchParams: Readonly<Record<string, string | string[] | undefined>>,
  page: number,
): Promise<NotificationPage> {
  return memberGet({
    pathname: NOTIFICATION_PATH,
    searchParams,
    path: '/notifications',
    query: { page: String(page) },
    schema: NotificationPage,
  });
}
