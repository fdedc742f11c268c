import { CoinBalance, CoinUsedResponse, HistoryKind, HistoryPage, HistoryQuery } from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routesOf } from '../../http/route.js';
import * as wallet from './service.js';

/** The member's coins (spec §7 GET /coin, /coin/user, /coin/user/used) and histories (§2 /history/*). */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['wallet']);

  for (const url of ['/coin', '/coin/user']) {
    route({
      method: 'GET',
      url,
      summary: 'Coin balances of the signed-in member by type, and the soonest expiries',
      access: 'member',
      response: CoinBalance,
      handler: (ctx) => wallet.balance(ctx),
    });
  }

  route({
    method: 'GET',
    url: '/coin/user/used',
    summary: 'Coins the signed-in member used on episodes',
    access: 'member',
    response: CoinUsedResponse,
    handler: (ctx) => wallet.coinsUsed(ctx),
  });

  route({
    method: 'GET',
    url: '/coin/history/:kind',
    summary: 'Charges (90 days), uses (90 days) or points (180 days) of the signed-in member, newest first',
    access: 'member',
    params: z.object({ kind: HistoryKind }),
    query: HistoryQuery,
    response: HistoryPage,
    handler: (ctx, { params, query }) => wallet.history(ctx, params.kind, query),
  });
};
