import { CoinBalance, successEnvelope, User } from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { RequiredHeaders } from '../../http/headers.js';
import type { AuthGuard } from '../auth/guard.js';
import { coinBalance, toUser } from './service.js';

export const userRoutes: FastifyPluginAsyncZod<{ guard: AuthGuard }> = async (app, { guard }) => {
  const tags = ['users'];
  app.post(
    '/user',
    {
      preHandler: guard.requireUser,
      schema: {
        tags,
        summary: 'The signed-in user',
        headers: RequiredHeaders,
        response: { 200: successEnvelope(User) },
      },
    },
    async (request) => ok(toUser(request.user)),
  );

  for (const path of ['/coin', '/coin/user']) {
    app.get(
      path,
      {
        preHandler: guard.requireUser,
        schema: {
          tags,
          summary: 'Coin balances of the signed-in user',
          headers: RequiredHeaders,
          response: { 200: successEnvelope(CoinBalance) },
        },
      },
      async (request) => ok(coinBalance(request.user)),
    );
  }
};
