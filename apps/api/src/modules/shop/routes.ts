import { CreateOrderRequest, Order, OrderIdParams, SandboxOutcome, ShopQuery, ShopResponse } from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../http/route.js';
import * as shop from './service.js';

/** The coin shop (spec §2 /shop) and its orders. */
export const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['shop']);

  route({
    method: 'GET',
    url: '/shop/products',
    summary: 'Coin products of the brand for a display channel, with this member’s limits',
    access: 'visitor',
    query: ShopQuery,
    response: ShopResponse,
    handler: (ctx, { query }) => shop.shop(ctx, query.channel),
  });

  route({
    method: 'POST',
    url: '/shop/orders',
    summary: 'Start paying for a coin product (idempotent by key); answers where to pay',
    access: 'member',
    body: CreateOrderRequest,
    response: Order,
    // The reader's web origin as the web sends it, else as the browser's Origin header says.
    handler: (ctx, { body }, { request }) =>
      shop.createOrder(ctx, { ...body, webOrigin: body.webOrigin ?? request.headers.origin }),
  });

  route({
    method: 'GET',
    url: '/shop/orders/:orderId',
    summary: 'One of the member’s orders',
    access: 'member',
    params: OrderIdParams,
    response: Order,
    handler: (ctx, { params }, { request }) => shop.getOrder(ctx, params.orderId, request.headers.origin),
  });

  route({
    method: 'POST',
    url: '/shop/orders/:orderId/sandbox',
    summary: 'The sandbox checkout’s answer: success, failure or cancel',
    access: 'member',
    params: OrderIdParams,
    body: SandboxOutcome,
    response: Order,
    handler: (ctx, { params, body }) => shop.sandboxOutcome(ctx, params.orderId, body),
  });

  route({
    method: 'POST',
    url: '/shop/orders/:orderId/refund',
    summary: 'Refund a charge within 7 days while none of its coins were used',
    access: 'member',
    params: OrderIdParams,
    response: Order,
    handler: (ctx, { params }) => shop.refund(ctx, params.orderId),
  });
};
