import 'server-only';
import { NotificationPage } from '@balcony/contracts';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { apiCall } from '../api/api-client';
import { apiBaseUrl } from '../api/api-url';
import { requireMember } from '../auth/require-member';
import { getRequestBrand } from '../brand/brand';
import { relayedClientOf } from '../session/client-address';
import { getStoredSession } from '../session/server';
import { NOTIFICATION_PATH } from './notifications';

/**
 * The member's notifications (GET /notifications), page `page`. Login required: a visitor is
 * sent to sign-in and back here, so a visitor never causes a notifications call.
 */
export async function loadNotifications(
  searchParams: Readonly<Record<string, string | string[] | undefined>>,
  page: number,
): Promise<NotificationPage> {
  await requireMember(NOTIFICATION_PATH, searchParams);
  const session = await getStoredSession();
  if (!session) notFound();
  return apiCall({
    baseUrl: apiBaseUrl(),
    brand: await getRequestBrand(),
    method: 'GET',
    path: '/notifications',
    query: { page: String(page) },
    schema: NotificationPage,
    accessToken: session.accessToken,
    client: relayedClientOf(await headers()),
  });
}
