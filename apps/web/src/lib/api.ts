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
import { apiGet } from './api-client';
import { apiBaseUrl } from './api-url';

// The catalog calls the pages make. Each is memoised for the request, so a page and its
// generateMetadata share one call (and one failure).

export const fetchHomeTab = cache((brand: BrandConfig, tab: HomeTab, sort?: FreeContentSort) =>
  apiGet({ baseUrl: apiBaseUrl(), brand, path: `/contents/home/${tab}`, query: { sort }, schema: HomeTabResponse }),
);

export const fetchSeries = cache((brand: BrandConfig, id: number) =>
  apiGet({ baseUrl: apiBaseUrl(), brand, path: `/contents/${id}`, schema: SeriesDetail }),
);

export const fetchViewer = cache((brand: BrandConfig, episodeId: number) =>
  apiGet({ baseUrl: apiBaseUrl(), brand, path: `/episodes/${episodeId}/viewer`, schema: ViewerResponse }),
);

export const fetchBanners = cache((brand: BrandConfig) =>
  apiGet({ baseUrl: apiBaseUrl(), brand, path: '/banners', schema: BannerList }),
);
