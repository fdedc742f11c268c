import {
  BannerList,
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
  successEnvelope,
} from '@balcony/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { ok } from '../../http/envelope.js';
import { RequiredHeaders } from '../../http/headers.js';
import type { AuthGuard } from '../auth/guard.js';
import * as catalog from './service.js';

export const catalogRoutes: FastifyPluginAsyncZod<{ db: Db; guard: AuthGuard }> = async (app, { db, guard }) => {
  const tags = ['catalog'];
  // Every catalog call is open to visitors; a member's bearer unlocks what their settings allow.
  app.addHook('preHandler', guard.optionalUser);
  const ctx = (request: FastifyRequest): catalog.CatalogCtx => ({ ...request.ctx, db, user: request.member });

  app.get(
    '/contents/home/:tab',
    {
      schema: {
        tags,
        summary: 'Series of a home tab for the brand, with adult and BL items filtered for the caller',
        headers: RequiredHeaders,
        params: HomeTabParams,
        querystring: HomeTabQuery,
        response: { 200: successEnvelope(HomeTabResponse) },
      },
    },
    async (request) => ok(await catalog.homeTab(ctx(request), request.params.tab, request.query.sort)),
  );

  app.get(
    '/contents/:id',
    {
      schema: {
        tags,
        summary: 'Series detail with creators and published episodes',
        headers: RequiredHeaders,
        params: IdParams,
        response: { 200: successEnvelope(SeriesDetail) },
      },
    },
    async (request) => ok(await catalog.seriesDetail(ctx(request), request.params.id)),
  );

  app.get(
    '/contents/picks',
    {
      schema: {
        tags,
        summary: 'Editors’ picks of the brand, each with a preview of its series',
        headers: RequiredHeaders,
        response: { 200: successEnvelope(PickList) },
      },
    },
    async (request) => ok(await catalog.listPicks(ctx(request))),
  );

  app.get(
    '/contents/picks/:id',
    {
      schema: {
        tags,
        summary: 'One editors’ pick with all its series the caller may see',
        headers: RequiredHeaders,
        params: IdParams,
        response: { 200: successEnvelope(PickDetail) },
      },
    },
    async (request) => ok(await catalog.pickDetail(ctx(request), request.params.id)),
  );

  app.get(
    '/contents/sitemap',
    {
      schema: {
        tags,
        summary: 'Series of the brand to list in its sitemap (adult series are not indexed)',
        headers: RequiredHeaders,
        response: { 200: successEnvelope(SitemapList) },
      },
    },
    async (request) => ok(await catalog.sitemap(ctx(request))),
  );

  app.get(
    '/search',
    {
      schema: {
        tags,
        summary: 'Series by fragment of title, creator or tag (any script), or by genre, paged',
        headers: RequiredHeaders,
        querystring: SearchQuery,
        response: { 200: successEnvelope(SearchResponse) },
      },
    },
    async (request) => ok(await catalog.search(ctx(request), request.query)),
  );

  app.get(
    '/banners',
    {
      schema: {
        tags,
        summary: 'Active banners of the brand for the caller’s channel',
        headers: RequiredHeaders,
        response: { 200: successEnvelope(BannerList) },
      },
    },
    async (request) => ok(await catalog.listBanners(ctx(request))),
  );
};
