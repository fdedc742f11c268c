import {
  BannerList,
  HomeTabOrder,
  HomeTabParams,
  HomeTabQuery,
  HomeTabResponse,
  IdParams,
  PickDetail,
  PickList,
  SearchQuery,
  SearchResponse,
  SeriesDetail,
  SitemapList,
} from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../http/route.js';
import * as catalog from './service.js';

/** Every catalog call is open to visitors; a member's bearer unlocks what their settings allow. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['catalog']);

  route({
    method: 'GET',
    url: '/contents/home/:tab',
    summary: 'Series of a home tab for the brand, with adult and BL items filtered for the caller',
    access: 'visitor',
    params: HomeTabParams,
    query: HomeTabQuery,
    response: HomeTabResponse,
    handler: (ctx, { params, query }) => catalog.homeTab(ctx, params.tab, query.sort),
  });

  route({
    method: 'GET',
    url: '/contents/:id',
    summary: 'Series detail with creators and published episodes',
    access: 'visitor',
    params: IdParams,
    response: SeriesDetail,
    handler: (ctx, { params }) => catalog.seriesDetail(ctx, params.id),
  });

  route({
    method: 'GET',
    url: '/contents/picks',
    summary: 'Editors’ picks of the brand, each with a preview of its series',
    access: 'visitor',
    response: PickList,
    handler: (ctx) => catalog.listPicks(ctx),
  });

  route({
    method: 'GET',
    url: '/contents/picks/:id',
    summary: 'One editors’ pick with all its series the caller may see',
    access: 'visitor',
    params: IdParams,
    response: PickDetail,
    handler: (ctx, { params }) => catalog.pickDetail(ctx, params.id),
  });

  route({
    method: 'GET',
    url: '/contents/sitemap',
    summary: 'Series of the brand to list in its sitemap (adult series are not indexed)',
    access: 'visitor',
    response: SitemapList,
    handler: (ctx) => catalog.sitemap(ctx),
  });

  route({
    method: 'GET',
    url: '/search',
    summary: 'Series by fragment of title, creator or tag (any script), or by genre, paged',
    access: 'visitor',
    query: SearchQuery,
    response: SearchResponse,
    handler: (ctx, { query }) => catalog.search(ctx, query),
  });

  route({
    method: 'GET',
    url: '/contents/home-tabs',
    summary: 'The order of the brand’s home tab bar (set in the console, or the default)',
    access: 'visitor',
    response: HomeTabOrder,
    handler: (ctx) => catalog.homeTabBar(ctx),
  });

  route({
    method: 'GET',
    url: '/banners',
    summary: 'Active banners of the brand for the caller’s channel',
    access: 'visitor',
    response: BannerList,
    handler: (ctx) => catalog.listBanners(ctx),
  });
};
