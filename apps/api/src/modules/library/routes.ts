import {
  FavoritePage,
  FavoriteState,
  OwnedPage,
  PageQuery,
  RecentPage,
  Removed,
  SeriesIdParams,
} from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../http/route.js';
import * as library from './service.js';

/** Favourites and the library: members only (spec §6 "login required: library"). */
export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['library']);

  for (const [method, on] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    route({
      method,
      url: '/favorites/:seriesId',
      summary: on ? 'Add a series to the member’s favourites' : 'Remove a series from the member’s favourites',
      access: 'member',
      params: SeriesIdParams,
      response: FavoriteState,
      handler: (ctx, { params }) => library.setFavorite(ctx, params.seriesId, on),
    });
  }

  route({
    method: 'GET',
    url: '/library/my',
    summary: 'Series with owned or rented episodes, rentals with their end',
    access: 'member',
    query: PageQuery,
    response: OwnedPage,
    handler: (ctx, { query }) => library.ownedLibrary(ctx, query),
  });

  route({
    method: 'GET',
    url: '/library/favorite',
    summary: 'Favourite series, with a flag for episodes out since the member last looked',
    access: 'member',
    query: PageQuery,
    response: FavoritePage,
    handler: (ctx, { query }) => library.favoriteLibrary(ctx, query),
  });

  route({
    method: 'GET',
    url: '/library/recent',
    summary: 'The last episode read in each series, most recent first',
    access: 'member',
    query: PageQuery,
    response: RecentPage,
    handler: (ctx, { query }) => library.recentLibrary(ctx, query),
  });

  route({
    method: 'DELETE',
    url: '/library/my/:seriesId',
    summary: 'Hide a series from the owned list until something new is acquired in it',
    access: 'member',
    params: SeriesIdParams,
    response: Removed,
    handler: async (ctx, { params }) => {
      await library.removeOwned(ctx, params.seriesId);
      return { removed: true as const };
    },
  });

  route({
    method: 'DELETE',
    url: '/library/recent/:seriesId',
    summary: 'Forget what the member read in a series',
    access: 'member',
    params: SeriesIdParams,
    response: Removed,
    handler: async (ctx, { params }) => {
      await library.removeRecent(ctx, params.seriesId);
      return { removed: true as const };
    },
  });
};
