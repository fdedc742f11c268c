import 'server-only';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import type { z } from 'zod';
import { requireMember } from '../auth/require-member';
import { getRequestBrand } from '../brand/brand';
import { relayedClientOf } from '../session/client-address';
import { getStoredSession } from '../session/server';
import { apiCall } from './api-client';
import { apiBaseUrl } from './api-url';

/**
 * A member page's data: GET `path` of the api with the member's token. Login required (spec §6):
 * a visitor is sent to sign-in and back to `pathname` first, so a visitor never causes the call.
 */
export async function memberGet<T>(request: {
  pathname: string;
  searchParams: Readonly<Record<string, string | string[] | undefined>>;
  path: string;
  query?: Readonly<Record<string, string | undefined>>;
  schema: z.ZodType<T>;
}): Promise<T> {
  await requireMember(request.pathname, request.searchParams);
  const session = await getStoredSession();
  if (!session) notFound();
  return apiCall({
    baseUrl: apiBaseUrl(),
    brand: await getRequestBrand(),
    method: 'GET',
    path: request.path,
    query: request.query,
    schema: request.schema,
    accessToken: session.accessToken,
    client: relayedClientOf(await headers()),
  });
}
