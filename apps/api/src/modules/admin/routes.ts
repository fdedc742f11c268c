import { AdminAdjustmentRequest, AdminAdjustmentResult, AdminAuditPage, AdminAuditQuery } from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../http/route.js';
import * as admin from './service.js';

/** Admin actions of the caller's brand (issue 11 item 6); every one is in the audit log. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['admin']);

  route({
    method: 'POST',
    url: '/admin/coins/adjust',
    summary: 'Charge (+) or deduct (−) coins of one type of a member, with a reason (idempotent by key)',
    access: 'admin',
    body: AdminAdjustmentRequest,
    response: AdminAdjustmentResult,
    handler: (ctx, { body }) => admin.adjustCoins(ctx, body),
  });

  route({
    method: 'GET',
    url: '/admin/audit',
    summary: 'The audit log of admin actions in the brand, newest first',
    access: 'admin',
    query: AdminAuditQuery,
    response: AdminAuditPage,
    handler: (ctx, { query }) => admin.auditLog(ctx, query),
  });
};
