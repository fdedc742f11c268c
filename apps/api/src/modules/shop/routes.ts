import {
  AdminOrderIdParams,
  AdminOrderList,
  AdminProduct,
  AdminProductActiveRequest,
  AdminProductInput,
  AdminProductList,
  AdminProductOrderRequest,
  AdminRefundResult,
  CreateOrderRequest,
  MemberIdParams,
  Order,
  OrderIdParams,
  ProductIdParams,
  SandboxOutcome,
  ShopQuery,
  ShopResponse,
} from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../http/route.js';
import * as shopAdmin from './admin.js';
import * as shop from './service.js';

const FINANCE = ['FINANCE'] as const;

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

  // ——— the console (issue 15 item 5): FINANCE ———
  const admin = routesOf(app, ['admin']);

  admin({
    method: 'GET',
    url: '/admin/shop/products',
    summary: 'Every coin product of the brand, active or not, in the shop’s order',
    access: { admin: FINANCE },
    response: AdminProductList,
    handler: (ctx) => shopAdmin.listProducts(ctx),
  });

  admin({
    method: 'POST',
    url: '/admin/shop/products',
    summary: 'Create a coin product (channels, coins, price and sale, limits, first-purchase offer, marks)',
    access: { admin: FINANCE },
    body: AdminProductInput,
    response: AdminProduct,
    handler: (ctx, { body }) => shopAdmin.createProduct(ctx, body),
  });

  admin({
    method: 'PUT',
    url: '/admin/shop/products/order',
    summary: 'Order the brand’s coin products as the shop lists them',
    access: { admin: FINANCE },
    body: AdminProductOrderRequest,
    response: AdminProductList,
    handler: (ctx, { body }) => shopAdmin.reorderProducts(ctx, body),
  });

  admin({
    method: 'PUT',
    url: '/admin/shop/products/:productId',
    summary: 'Change every setting of a coin product',
    access: { admin: FINANCE },
    params: ProductIdParams,
    body: AdminProductInput,
    response: AdminProduct,
    handler: (ctx, { params, body }) => shopAdmin.updateProduct(ctx, params.productId, body),
  });

  admin({
    method: 'PUT',
    url: '/admin/shop/products/:productId/active',
    summary: 'Offer a coin product again, or take it out of the shop',
    access: { admin: FINANCE },
    params: ProductIdParams,
    body: AdminProductActiveRequest,
    response: AdminProduct,
    handler: (ctx, { params, body }) => shopAdmin.setProductActive(ctx, params.productId, body.active),
  });

  admin({
    method: 'GET',
    url: '/admin/members/:memberId/orders',
    summary: 'A member’s latest orders, newest first, with until when each may be refunded',
    access: { admin: FINANCE },
    params: MemberIdParams,
    response: AdminOrderList,
    handler: (ctx, { params }) => shopAdmin.memberOrders(ctx, params.memberId),
  });

  admin({
    method: 'POST',
    url: '/admin/orders/:orderId/refund',
    summary: 'Refund a member’s order through its provider (7 days, no coin used); once, however often asked',
    access: { admin: FINANCE },
    params: AdminOrderIdParams,
    response: AdminRefundResult,
    handler: (ctx, { params }) => shopAdmin.refund(ctx, params.orderId),
  });
};
