import {
  FavoritePage,
  FavoriteState,
  OwnedPage,
  PageQuery,
  RecentPage,
  SeriesIdParams,
  successEnvelope,
} from '@balcony/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { ok } from '../../http/envelope.js';
import { RequiredHeaders } from '../../http/headers.js';
import type { AuthGuard } from '../auth/guard.js';
import * as library from './service.js';

const Removed = z.object({ removed: z.literal(true) });

/** Favourites and the library: members only (spec §6 "login required: library"). */
export const libraryRoutes: FastifyPluginAsyncZod<{ db: Db; guard: AuthGuard }> = async (app, { db, guard }) => {
  const tags = ['library'];
  app.addHook('preHandler', guard.requireUser);
  const ctx = (request: FastifyRequest): library.MemberCtx => ({ ...request.ctx, db, user: request.user });
  const headers = RequiredHeaders;

  for (const [method, on] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/favorites/:seriesId',
      schema: {
        tags,
        summary: on ? 'Add a series to the member’s favourites' : 'Remove a series from the member’s favourites',
        headers,
        params: SeriesIdParams,
        response: { 200: successEnvelope(FavoriteState) },
      },
      handler: async (request) => ok(await library.setFavorite(ctx(request), request.params.seriesId, on)),
    });
  }

  app.get(
    '/library/my',
    {
      schema: {
        tags,
        summary: 'Series with owned or rented episodes, rentals with their end',
        headers,
        querystring: PageQuery,
        response: { 200: successEnvelope(OwnedPage) },
      },
    },
    async (request) => ok(await library.ownedLibrary(ctx(request), request.query)),
  );

  app.get(
    '/library/favorite',
    {
      schema: {
        tags,
        summary: 'Favourite series, with a flag for episodes out since the member last looked',
        headers,
        querystring: PageQuery,
        response: { 200: successEnvelope(FavoritePage) },
      },
    },
    async (request) => ok(await library.favoriteLibrary(ctx(request), request.query)),
  );

  app.get(
    '/library/recent',
    {
      schema: {
        tags,
        summary: 'The last episode read in each series, most recent first',
        headers,
        querystring: PageQuery,
        response: { 200: successEnvelope(RecentPage) },
      },
    },
    async (request) => ok(await library.recentLibrary(ctx(request), request.query)),
  );

  app.delete(
    '/library/my/:seriesId',
    {
      schema: {
        tags,
        summary: 'Hide a series from the owned list until something new is acquired in it',
        headers,
        params: SeriesIdParams,
        response: { 200: successEnvelope(Removed) },
      },
    },
    async (request) => {
      await library.removeOwned(ctx(request), request.params.seriesId);
      return ok({ removed: true as const });
    },
  );

  app.delete(
    '/library/recent/:seriesId',
    {
      schema: {
        tags,
        summary: 'Forget what the member read in a series',
        headers,
        params: SeriesIdParams,
        response: { 200: successEnvelope(Removed) },
      },
    },
    async (request) => {
      await library.removeRecent(ctx(request), request.params.seriesId);
      return ok({ removed: true as const });
    },
  );
};
