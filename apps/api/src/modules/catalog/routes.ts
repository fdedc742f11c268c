import {
  BannerList,
  HomeTabParams,
  HomeTabQuery,
  HomeTabResponse,
  IdParams,
  SeriesDetail,
  successEnvelope,
  ViewerResponse,
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
    '/episodes/:id/viewer',
    {
      schema: {
        tags,
        summary: 'Pages of an episode the caller may read',
        headers: RequiredHeaders,
        params: IdParams,
        response: { 200: successEnvelope(ViewerResponse) },
      },
    },
    async (request) => ok(await catalog.episodeViewer(ctx(request), request.params.id)),
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
