import 'server-only';
import {
  BannerList,
  type BrandConfig,
  type FreeContentSort,
  type HomeTab,
  HomeTabResponse,
  SeriesDetail,
  ViewerResponse,
} from '@balcony/contracts';
import { cache } from 'react';
import { apiCall, apiGet } from './api-client';
import { apiBaseUrl } from './api-url';

// The catalog calls the pages make. Each is memoised for the request, so a page and its
// generateMetadata share one call (and one failure).

export const fetchHomeTab = cache((brand: BrandConfig, tab: HomeTab, sort?: FreeContentSort) =>
  apiGet({ baseUrl: apiBaseUrl(), brand, path: `/contents/home/${tab}`, query: { sort }, schema: HomeTabResponse }),
);

/** With the member's access token, the api answers what this member may see (adult series, spec §4). */
export const fetchSeries = cache((brand: BrandConfig, id: number, accessToken?: string) =>
  apiCall({ baseUrl: apiBaseUrl(), brand, method: 'GET', path: `/contents/${id}`, schema: SeriesDetail, accessToken }),
);

export const fetchViewer = cache((brand: BrandConfig, episodeId: number) =>
  apiGet({ baseUrl: apiBaseUrl(), brand, path: `/episodes/${episodeId}/viewer`, schema: ViewerResponse }),
);

export const fetchBanners = cache((brand: BrandConfig) =>
  apiGet({ baseUrl: apiBaseUrl(), brand, path: '/banners', schema: BannerList }),
);
