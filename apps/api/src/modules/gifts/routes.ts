import { GiftBox, GiftCount, GiftIdParams, GiftsReceived, SendGiftRequest, SendGiftResult } from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../http/route.js';
import * as gifts from './service.js';

/** The member's gift box (spec §2 /gift); admins send gifts through /admin/gifts. */
export const giftRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['gifts']);

  route({
    method: 'GET',
    url: '/gift',
    summary: 'The gift box: gifts waiting (soonest expiry first) and those received or expired lately',
    access: 'member',
    response: GiftBox,
    handler: (ctx) => gifts.box(ctx),
  });

  route({
    method: 'GET',
    url: '/gift/count',
    summary: 'How many gifts wait to be received (the header count)',
    access: 'member',
    response: GiftCount,
    handler: (ctx) => gifts.waitingCount(ctx),
  });

  route({
    method: 'POST',
    url: '/gift/:giftId/receive',
    summary: 'Receive one gift: its coins or episodes are given at once',
    access: 'member',
    params: GiftIdParams,
    response: GiftsReceived,
    handler: (ctx, { params }) => gifts.receive(ctx, params.giftId),
  });

  route({
    method: 'POST',
    url: '/gift/receive-all',
    summary: 'Receive every gift waiting',
    access: 'member',
    response: GiftsReceived,
    handler: (ctx) => gifts.receiveAll(ctx),
  });

  route({
    method: 'POST',
    url: '/admin/gifts',
    summary: 'Send a gift of coins or episodes to members and e-mail addresses (admins; idempotent by key)',
    access: { admin: ['FINANCE'] },
    body: SendGiftRequest,
    response: SendGiftResult,
    handler: (ctx, { body }) => gifts.sendAsAdmin(ctx, body),
  });
};
