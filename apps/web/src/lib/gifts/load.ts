import 'server-only';
import { GiftBox } from '@balcony/contracts';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { apiCall } from '../api/api-client';
import { apiBaseUrl } from '../api/api-url';
import { requireMember } from '../auth/require-member';
import { getRequestBrand } from '../brand/brand';
import { relayedClientOf } from '../session/client-address';
import { getStoredSession } from '../session/server';
import { GIFT_PATH } from './gifts';

/**
 * The member's gift box (GET /gift). Login required: a visitor is sent to sign-in and back to
 * /gift (spec §2, §6), so a visitor never causes a gift call.
 */
export async function loadGiftBox(
  searchParams: Readonly<Record<string, string | string[] | undefined>>,
): Promise<GiftBox> {
  await requireMember(GIFT_PATH, searchParams);
  const session = await getStoredSession();
  if (!session) notFound();
  return apiCall({
    baseUrl: apiBaseUrl(),
    brand: await getRequestBrand(),
    method: 'GET',
    path: '/gift',
    schema: GiftBox,
    accessToken: session.accessToken,
    client: relayedClientOf(await headers()),
  });
}
