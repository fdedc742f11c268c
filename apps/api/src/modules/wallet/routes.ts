import { CoinBalance, CoinUsedResponse } from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../http/route.js';
import * as wallet from './service.js';

/** The member's coins (spec §7 GET /coin, /coin/user, /coin/user/used). */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['wallet']);

  for (const url of ['/coin', '/coin/user']) {
    route({
      method: 'GET',
      url,
      summary: 'Coin balances of the signed-in user',
      access: 'member',
      response: CoinBalance,
      handler: (ctx) => wallet.balance(ctx),
    });
  }

  route({
    method: 'GET',
    url: '/coin/user/used',
    summary: 'Coins used by the signed-in user',
    access: 'member',
    response: CoinUsedResponse,
    handler: (ctx) => wallet.coinsUsed(ctx),
  });
};
