import 'server-only';
import { ContactPage } from '@balcony/contracts';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { apiCall } from '../api/api-client';
import { apiBaseUrl } from '../api/api-url';
import { requireMember } from '../auth/require-member';
import { getRequestBrand } from '../brand/brand';
import { relayedClientOf } from '../session/client-address';
import { getStoredSession } from '../session/server';

/**
 * The member's contact requests (GET /qna), page `page`. Login required (spec §6): a visitor is
 * sent to sign-in and back to `pathname`, so a visitor never causes a contact call.
 */
export async function loadContactPage(
  pathname: string,
  searchParams: Readonly<Record<string, string | string[] | undefined>>,
  page: number,
  size?: number,
): Promise<ContactPage> {
  await requireMember(pathname, searchParams);
  const session = await getStoredSession();
  if (!session) notFound();
  return apiCall({
    baseUrl: apiBaseUrl(),
    brand: await getRequestBrand(),
    method: 'GET',
    path: '/qna',
    query: { page: String(page), ...(size !== undefined && { size: String(size) }) },
    schema: ContactPage,
    accessToken: session.accessToken,
    client: relayedClientOf(await headers()),
  });
}
