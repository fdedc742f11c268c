import 'server-only';
import { type BrandConfig, SocialProvidersResponse } from '@balcony/contracts';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { apiGet } from '../api/api-client';
import { apiBaseUrl } from '../api/api-url';
import { relayedClientOf } from '../session/client-address';

/**
 * The social providers the api offers this brand (those with credentials), for the login screen.
 * Spec §5: when they cannot be fetched the reader goes to the error page.
 */
export const fetchSocialProviders = cache(async (brand: BrandConfig): Promise<readonly string[]> => {
  let providers: readonly string[];
  try {
    ({ providers } = await apiGet({
      baseUrl: apiBaseUrl(),
      brand,
      path: '/auth/social/providers',
      schema: SocialProvidersResponse,
      client: relayedClientOf(await headers()),
    }));
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', msg: 'login providers unavailable', cause: String(error) }));
    redirect('/error');
  }
  return providers;
});
