import {
  AdminMemberLedger,
  AdminMemberMatches,
  AdminMemberQuery,
  CoinBalance,
  CoinLotsResponse,
  CoinUsedResponse,
  HistoryKind,
  HistoryPage,
  HistoryQuery,
  MemberIdParams,
  MileageExchangeInfo,
  MileageExchangeQuery,
  MileageExchangeRequest,
  MileageExchangeResult,
} from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberContext } from '../../http/context.js';
import { RequiredHeaders } from '../../http/headers.js';
import { routesOf } from '../../http/route.js';
import { authGuard } from '../auth/guard.js';
import * as walletAdmin from './admin.js';
import * as wallet from './service.js';

/**
 * The member's coins (spec §7 GET /coin, /coin/user, /coin/user/used), histories (§2 /history/*),
 * points exchange, and the lots behind the balance (/coin/lots[.csv], decisions 0170–0171).
 */
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
    url: '/coin/lots',
    summary:
      'Every lot of the signed-in member holding coins, and those emptied in 90 days: origin, expiry, uses; and the balance they add up to',
    access: 'member',
    response: CoinLotsResponse,
    handler: (ctx) => wallet.lots(ctx),
  });

  // The same lots as a CSV file to download (declared here rather than through `routesOf`, which
  // answers JSON in the envelope; a failure is still the envelope, NOT_LOGIN_USER for a visitor).
  app.route({
    method: 'GET',
    url: '/coin/lots.csv',
    schema: {
      tags: ['wallet'],
      summary: 'The lots of GET /coin/lots as CSV: one row per credit and per use of each lot',
      headers: RequiredHeaders,
      response: { 200: z.string() },
    },
    preHandler: (request) => authGuard.requireUser(request),
    handler: async (request, reply) => {
      const { fileName, csv } = await wallet.lotsCsv(memberContext(request));
      reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .type('text/csv; charset=utf-8');
      return csv;
    },
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

  route({
    method: 'GET',
    url: '/coin/mileage/exchange',
    summary:
      'Points held, their soonest expiry and the brand’s exchange rule; with ?points= what that exchange would give',
    access: 'member',
    query: MileageExchangeQuery,
    response: MileageExchangeInfo,
    handler: (ctx, { query }) => wallet.mileageExchangeInfo(ctx, query.points),
  });

  route({
    method: 'POST',
    url: '/coin/mileage/exchange',
    summary: 'Exchange points for bonus coins valid 30 days (from 3000, in units of 100; idempotent by key)',
    access: 'member',
    body: MileageExchangeRequest,
    response: MileageExchangeResult,
    handler: (ctx, { body }) => wallet.exchangeMileage(ctx, body),
  });

  // ——— the console (issue 15 item 5): a member's ledger by lot, FINANCE ———
  const admin = routesOf(app, ['admin']);

  admin({
    method: 'GET',
    url: '/admin/members',
    summary: 'Members of the brand by id or part of their e-mail address',
    access: { admin: ['FINANCE'] },
    query: AdminMemberQuery,
    response: AdminMemberMatches,
    handler: (ctx, { query }) => walletAdmin.findMembers(ctx, query.q),
  });

  admin({
    method: 'GET',
    url: '/admin/members/:memberId/ledger',
    summary: 'A member’s balances, lots with every use of them, and latest movements',
    access: { admin: ['FINANCE'] },
    params: MemberIdParams,
    response: AdminMemberLedger,
    handler: (ctx, { params }) => walletAdmin.memberLedger(ctx, params.memberId),
  });
};
