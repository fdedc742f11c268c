import {
  IdParam,
  PurchaseAllQuery,
  PurchaseAllQuote,
  PurchaseAllRequest,
  PurchaseEpisodeRequest,
  PurchaseResult,
} from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routesOf } from '../../http/route.js';
import * as purchases from './service.js';

/** Renting and buying episodes with coins (spec §8 purchase codes). */
export const purchaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['purchases']);

  route({
    method: 'POST',
    url: '/episodes/:id/purchase',
    summary: 'Rent or buy one episode with coins (idempotent by key)',
    access: 'member',
    params: z.object({ id: IdParam }),
    body: PurchaseEpisodeRequest,
    response: PurchaseResult,
    handler: (ctx, { params, body }) => purchases.purchaseEpisode(ctx, params.id, body),
  });

  route({
    method: 'GET',
    url: '/contents/:id/purchase-all',
    summary: 'What renting or buying every remaining episode of a series costs',
    access: 'member',
    params: z.object({ id: IdParam }),
    query: PurchaseAllQuery,
    response: PurchaseAllQuote,
    handler: (ctx, { params, query }) => purchases.quoteAll(ctx, params.id, query.kind),
  });

  route({
    method: 'POST',
    url: '/contents/:id/purchase-all',
    summary: 'Rent or buy every remaining episode of a series (ALL_RENT, ALL_POSSESSION)',
    access: 'member',
    params: z.object({ id: IdParam }),
    body: PurchaseAllRequest,
    response: PurchaseResult,
    handler: (ctx, { params, body }) => purchases.purchaseAll(ctx, params.id, body),
  });
};
