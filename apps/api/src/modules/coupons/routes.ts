import {
  AddCouponCodesRequest,
  AdminCouponPage,
  AdminCouponQuery,
  CouponListQuery,
  CouponPage,
  CouponWithCodes,
  CreateCouponRequest,
  couponCodesCsv,
  IdParam,
  RegisterCouponRequest,
  RegisterCouponResult,
} from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminContext } from '../../http/context.js';
import { RequiredHeaders } from '../../http/headers.js';
import { adminRouteOptions, routesOf } from '../../http/route.js';
import * as coupons from './service.js';

const CouponIdParams = z.object({ couponId: IdParam });

const FINANCE = ['FINANCE'] as const;

/** The member's coupons (spec §2 /coupon, login required by §6) and the admin's (issue 12). */
export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['coupons']);

  route({
    method: 'POST',
    url: '/coupons',
    summary: 'Register a coupon code: its coins, ticket or discount become the member’s',
    access: 'member',
    // Guessing codes is what this limit stops: per address, and per member however many addresses.
    sensitive: { account: (_input, ctx) => ctx.user.id },
    body: RegisterCouponRequest,
    response: RegisterCouponResult,
    handler: (ctx, { body }) => coupons.register(ctx, body),
  });

  route({
    method: 'GET',
    url: '/coupons',
    summary: 'The member’s coupons: those to use, or those used and expired, newest first',
    access: 'member',
    query: CouponListQuery,
    response: CouponPage,
    handler: (ctx, { query }) => coupons.list(ctx, query),
  });

  const admin = routesOf(app, ['admin']);

  admin({
    method: 'POST',
    url: '/admin/coupons',
    summary: 'Create a coupon with one shared code or a batch of single-use codes (shown once)',
    access: { admin: FINANCE },
    body: CreateCouponRequest,
    response: CouponWithCodes,
    handler: (ctx, { body }) => coupons.createCoupon(ctx, body),
  });

  admin({
    method: 'GET',
    url: '/admin/coupons',
    summary: 'The brand’s coupons, newest first, with their codes and registrations counted',
    access: { admin: FINANCE },
    query: AdminCouponQuery,
    response: AdminCouponPage,
    handler: (ctx, { query }) => coupons.adminList(ctx, query),
  });

  admin({
    method: 'POST',
    url: '/admin/coupons/:couponId/codes',
    summary: 'Add a batch of single-use codes to a coupon (shown once)',
    access: { admin: FINANCE },
    params: CouponIdParams,
    body: AddCouponCodesRequest,
    response: CouponWithCodes,
    handler: (ctx, { params, body }) => coupons.addCodes(ctx, params.couponId, body),
  });

  // The same batch as a CSV file to download (the only answer of the api that is not JSON in the
  // envelope, so it is declared here rather than through `routesOf`; a failure is still the envelope).
  const financeOnly = adminRouteOptions(FINANCE);
  app.route({
    method: 'POST',
    url: '/admin/coupons/:couponId/codes.csv',
    config: financeOnly.config,
    onRequest: financeOnly.onRequest,
    schema: {
      tags: ['admin'],
      summary: 'Add a batch of single-use codes to a coupon, answered as CSV (coupon_id,coupon_name,code)',
      ...financeOnly.docs,
      headers: RequiredHeaders,
      params: CouponIdParams,
      body: AddCouponCodesRequest,
      response: { 200: z.string() },
    },
    handler: async (request, reply) => {
      const { couponId } = request.params as z.infer<typeof CouponIdParams>;
      const result = await coupons.addCodes(adminContext(request), couponId, request.body as AddCouponCodesRequest);
      reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="coupon-${couponId}-codes.csv"`)
        .type('text/csv; charset=utf-8');
      return couponCodesCsv(result.coupon, result.codes);
    },
  });
};
