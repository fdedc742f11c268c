import 'server-only';
import {
  BannerList,
  type BrandConfig,
  FavoritePage,
  type FreeContentSort,
  type HomeTab,
  HomeTabResponse,
  OwnedPage,
  PickDetail,
  PickList,
  RecentPage,
  SEARCH_PAGE_SIZE,
  SearchResponse,
  SeriesDetail,
  SitemapList,
  ViewerResponse,
} from '@balcony/contracts';
import { cookies, headers } from 'next/headers';
import { cache } from 'react';
import type { z } from 'zod';
import type { LibraryTab } from '../navigation/routes';
import { relayedClientOf } from '../session/client-address';
import { COOKIES } from '../session/cookies';
import { appPlatformOf } from '../shell/app-shell';
import { type ApiCall, type ApiGet, apiCall as callApi } from './api-client';
import { apiBaseUrl } from './api-url';

// The catalog calls the pages make. Each is memoised for the request, so a page and its
// generateMetadata share one call (and one failure).

/**
 * Every page call says who reads: the app shell's platform from the User-Agent (spec §1, the BL
 * rule depends on it), a visitor's answer to the yes/no adult popup from its cookie (spec §4), and
 * the reader's address, so the api counts its limits per reader and not per web server.
 */
async function apiCall<T>(request: ApiCall<T>): Promise<T> {
  const answer = request.accessToken ? undefined : (await cookies()).get(COOKIES.notLoggedInAdult.name)?.value;
  const requestHeaders = await headers();
  const platform = appPlatformOf(requestHeaders.get('user-agent')) ?? 'WEB';
  return callApi({
    ...request,
    reader: { platform, visitorAdultAnswer: answer },
    client: relayedClientOf(requestHeaders),
  });
}

function apiGet<T>(request: ApiGet<T>): Promise<T> {
  return apiCall({ ...request, method: 'GET' });
}

/** With the member's access token, adult series and the adult ranking length follow the member (spec §4, §9). */
export const fetchHomeTab = cache(
  (brand: BrandConfig, tab: HomeTab, sort: FreeContentSort | undefined, accessToken: string | undefined) =>
    apiCall({
      baseUrl: apiBaseUrl(),
      brand,
      method: 'GET',
      path: `/contents/home/${tab}`,
      query: { sort },
      schema: HomeTabResponse,
      accessToken,
    }),
);

/** The editors' picks of /home/pick, each with its first few series. */
export const fetchPicks = cache((brand: BrandConfig, accessToken: string | undefined) =>
  apiCall({ baseUrl: apiBaseUrl(), brand, method: 'GET', path: '/contents/picks', schema: PickList, accessToken }),
);

export const fetchPick = cache((brand: BrandConfig, id: number, accessToken: string | undefined) =>
  apiCall({
    baseUrl: apiBaseUrl(),
    brand,
    method: 'GET',
    path: `/contents/picks/${id}`,
    schema: PickDetail,
    accessToken,
  }),
);

/** The brand's indexable series (never adult ones), for sitemap.xml. */
export const fetchSitemap = cache((brand: BrandConfig) =>
  apiGet({ baseUrl: apiBaseUrl(), brand, path: '/contents/sitemap', schema: SitemapList }),
);

/** With the member's access token, the api answers what this member may see (adult series, spec §4). */
export const fetchSeries = cache((brand: BrandConfig, id: number, accessToken?: string) =>
  apiCall({ baseUrl: apiBaseUrl(), brand, method: 'GET', path: `/contents/${id}`, schema: SeriesDetail, accessToken }),
);

/** With the member's access token, owned and rented episodes open and `resume` holds the member's position. */
export const fetchViewer = cache((brand: BrandConfig, episodeId: number, accessToken: string | undefined) =>
  apiCall({
    baseUrl: apiBaseUrl(),
    brand,
    method: 'GET',
    path: `/episodes/${episodeId}/viewer`,
    schema: ViewerResponse,
    accessToken,
  }),
);

export const fetchBanners = cache((brand: BrandConfig) =>
  apiGet({ baseUrl: apiBaseUrl(), brand, path: '/banners', schema: BannerList }),
);

/** GET /search; `genres` is the comma-separated list of genres whose names match the text. */
export const fetchSearch = cache(
  (brand: BrandConfig, query: string, genres: string, page: number, accessToken: string | undefined) =>
    apiCall({
      baseUrl: apiBaseUrl(),
      brand,
      method: 'GET',
      path: '/search',
      query: { q: query, genres: genres || undefined, page: String(page), size: String(SEARCH_PAGE_SIZE) },
      schema: SearchResponse,
      accessToken,
    }),
);

// The member's library lists (spec §2 /library/my|favorite|recent), a page at a time; they differ
// only in path and schema.
function libraryList<T>(tab: LibraryTab, schema: z.ZodType<T>) {
  return cache((brand: BrandConfig, page: number, accessToken: string | undefined) =>
    apiCall({
      baseUrl: apiBaseUrl(),
      brand,
      method: 'GET',
      path: `/library/${tab}`,
      query: { page: String(page) },
      schema,
      accessToken,
    }),
  );
}

export const fetchOwned = libraryList('my', OwnedPage);
export const fetchFavorites = libraryList('favorite', FavoritePage);
export const fetchRecent = libraryList('recent', RecentPage);
