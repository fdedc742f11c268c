import 'server-only';
import {
  BannerList,
  type BrandConfig,
  CoinLotsResponse,
  CommentPage,
  type CommentSort,
  CouponPage,
  type CouponTab,
  FavoritePage,
  type FreeContentSort,
  HISTORY_PAGE_SIZE,
  type HistoryKind,
  HistoryPage,
  type HomeTab,
  HomeTabOrder,
  HomeTabResponse,
  MileageExchangeInfo,
  MyCommentPage,
  Order,
  OwnedPage,
  PickDetail,
  PickList,
  RecentPage,
  SEARCH_PAGE_SIZE,
  SearchResponse,
  SeriesDetail,
  ShopResponse,
  SitemapList,
  ViewerResponse,
} from '@balcony/contracts';
import { unstable_cache } from 'next/cache';
import { cookies, headers } from 'next/headers';
import { cache } from 'react';
import type { z } from 'zod';
import type { LibraryTab } from '../navigation/routes';
import { relayedClientOf } from '../session/client-address';
import { COOKIES } from '../session/cookies';
import { appPlatformOf } from '../shell/app-shell';
import { type ApiCall, type ApiGet, apiCall as callApi, type ReaderHeaders } from './api-client';
import { apiBaseUrl } from './api-url';
import {
  catalogTags,
  VISITOR_CACHE_SECONDS,
  type VisitorCacheKey,
  visitorCacheKey,
  visitorReadIsFresh,
} from './visitor-cache';

// The catalog calls the pages make. Each is memoised for the request, so a page and its
// generateMetadata share one call (and one failure).

/**
 * Every page call says who reads: the app shell's platform from the User-Agent (spec §1, the BL
 * rule depends on it), a visitor's answer to the yes/no adult popup from its cookie (spec §4), and
 * the reader's address, so the api counts its limits per reader and not per web server.
 */
async function apiCall<T>(request: ApiCall<T> & { cache?: VisitorCacheKey }): Promise<T> {
  const { cache: cacheKey, ...call } = request;
  const answer = call.accessToken ? undefined : (await cookies()).get(COOKIES.notLoggedInAdult.name)?.value;
  const requestHeaders = await headers();
  const platform = appPlatformOf(requestHeaders.get('user-agent')) ?? 'WEB';
  const reader: ReaderHeaders = { platform, visitorAdultAnswer: answer };
  if (cacheKey && call.method === 'GET' && !call.accessToken) {
    // A visitor's catalogue read: the same for every visitor of the brand who reads in the same
    // way, so it is shared from the web's data cache (decision 0140). Without the reader's
    // address: a shared answer is not this reader's, and the api's per-reader limits do not apply.
    const key = visitorCacheKey(call.brand.id, call.path, call.query, reader);
    const read = unstable_cache(() => callApi({ ...call, reader }), key, {
      revalidate: VISITOR_CACHE_SECONDS,
      tags: catalogTags(call.brand.id, cacheKey),
    });
    const data = await read();
    if (visitorReadIsFresh(data, Date.now())) return data;
  }
  // A member's read (never shared), a write, or a cached answer about to expire.
  return callApi({ ...call, reader, client: relayedClientOf(requestHeaders) });
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
      cache: { kind: 'home' },
    }),
);

/** The editors' picks of /home/pick, each with its first few series. */
export const fetchPicks = cache((brand: BrandConfig, accessToken: string | undefined) =>
  apiCall({
    baseUrl: apiBaseUrl(),
    brand,
    method: 'GET',
    path: '/contents/picks',
    schema: PickList,
    accessToken,
    cache: { kind: 'home' },
  }),
);

export const fetchPick = cache((brand: BrandConfig, id: number, accessToken: string | undefined) =>
  apiCall({
    baseUrl: apiBaseUrl(),
    brand,
    method: 'GET',
    path: `/contents/picks/${id}`,
    schema: PickDetail,
    accessToken,
    cache: { kind: 'home' },
  }),
);

/** The brand's indexable series (never adult ones), for sitemap.xml. */
export const fetchSitemap = cache((brand: BrandConfig) =>
  apiGet({ baseUrl: apiBaseUrl(), brand, path: '/contents/sitemap', schema: SitemapList }),
);

/** With the member's access token, the api answers what this member may see (adult series, spec §4). */
export const fetchSeries = cache((brand: BrandConfig, id: number, accessToken?: string) =>
  apiCall({
    baseUrl: apiBaseUrl(),
    brand,
    method: 'GET',
    path: `/contents/${id}`,
    schema: SeriesDetail,
    accessToken,
    cache: { kind: 'series', seriesId: id },
  }),
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
    cache: { kind: 'episode', episodeId },
  }),
);

export const fetchBanners = cache((brand: BrandConfig) =>
  apiCall({
    baseUrl: apiBaseUrl(),
    brand,
    method: 'GET',
    path: '/banners',
    schema: BannerList,
    cache: { kind: 'home' },
  }),
);

/** GET /contents/home-tabs: the order of the brand's home tab bar, as set in the console. */
export const fetchHomeTabOrder = cache((brand: BrandConfig) =>
  apiCall({
    baseUrl: apiBaseUrl(),
    brand,
    method: 'GET',
    path: '/contents/home-tabs',
    schema: HomeTabOrder,
    cache: { kind: 'home' },
  }),
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
      cache: { kind: 'search' },
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

// The coin shop and the member's coin histories (spec §2 /shop, /history/*). Never cached: the
// shop answers per member (first-purchase offers, limits), and the rest is the member's own.

/** GET /shop/products for the web channel; a visitor sees the products, a member their own limits. */
export const fetchShop = cache((brand: BrandConfig, accessToken: string | undefined) =>
  apiCall({
    baseUrl: apiBaseUrl(),
    brand,
    method: 'GET',
    path: '/shop/products',
    query: { channel: 'WEB' },
    schema: ShopResponse,
    accessToken,
  }),
);

/** GET /shop/orders/{id}: one of the member's orders. */
export const fetchOrder = cache((brand: BrandConfig, orderId: number, accessToken: string) =>
  apiCall({ baseUrl: apiBaseUrl(), brand, method: 'GET', path: `/shop/orders/${orderId}`, schema: Order, accessToken }),
);

/** GET /coin/history/{kind}: one page of a coin history within its window. */
export const fetchCoinHistory = cache((brand: BrandConfig, kind: HistoryKind, page: number, accessToken: string) =>
  apiCall({
    baseUrl: apiBaseUrl(),
    brand,
    method: 'GET',
    path: `/coin/history/${kind}`,
    query: { page: String(page), size: String(HISTORY_PAGE_SIZE) },
    schema: HistoryPage,
    accessToken,
  }),
);

/** GET /coin/mileage/exchange: the member's points, their soonest expiry and the brand's exchange rule. */
export const fetchMileageExchange = cache((brand: BrandConfig, accessToken: string) =>
  apiCall({
    baseUrl: apiBaseUrl(),
    brand,
    method: 'GET',
    path: '/coin/mileage/exchange',
    schema: MileageExchangeInfo,
    accessToken,
  }),
);

/** GET /coin/lots: the member's lots, their uses and the balance they add up to (/my/coins); never cached. */
export const fetchCoinLots = cache((brand: BrandConfig, accessToken: string) =>
  apiCall({ baseUrl: apiBaseUrl(), brand, method: 'GET', path: '/coin/lots', schema: CoinLotsResponse, accessToken }),
);

/** GET /coupons: one page of a tab of the member's coupons (spec §2 /coupon); never cached. */
export const fetchCoupons = cache((brand: BrandConfig, tab: CouponTab, page: number, accessToken: string) =>
  apiCall({
    baseUrl: apiBaseUrl(),
    brand,
    method: 'GET',
    path: '/coupons',
    query: { tab, page: String(page) },
    schema: CouponPage,
    accessToken,
  }),
);

/**
 * GET /episodes/{id}/comments or /contents/{id}/comments (/comment): a page of comments, never
 * cached (a member's answer leaves out the authors they blocked and marks their likes).
 */
export const fetchComments = cache(
  (
    brand: BrandConfig,
    target: { kind: 'episode' | 'series'; id: number },
    sort: CommentSort,
    page: number,
    accessToken: string | undefined,
  ) =>
    apiCall({
      baseUrl: apiBaseUrl(),
      brand,
      method: 'GET',
      path: target.kind === 'episode' ? `/episodes/${target.id}/comments` : `/contents/${target.id}/comments`,
      query: { sort, page: String(page) },
      schema: CommentPage,
      accessToken,
    }),
);

/** GET /comments/my: a page of the member's own comments (/comment/my); never cached. */
export const fetchMyComments = cache((brand: BrandConfig, page: number, accessToken: string) =>
  apiCall({
    baseUrl: apiBaseUrl(),
    brand,
    method: 'GET',
    path: '/comments/my',
    query: { page: String(page) },
    schema: MyCommentPage,
    accessToken,
  }),
);
