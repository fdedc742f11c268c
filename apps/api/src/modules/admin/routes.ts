import {
  AdminAccount,
  AdminAccountInput,
  AdminAccountStatusRequest,
  AdminAdjustmentRequest,
  AdminAdjustmentResult,
  AdminAuditPage,
  AdminAuditQuery,
  AdminCredentials,
  AdminLoginRequest,
  AdminProfile,
  AdminSession,
  IdParam,
} from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routesOf } from '../../http/route.js';
import * as accounts from './accounts.js';
import { bearerOf } from './guard.js';
import * as admin from './service.js';

const Done = z.object({ done: z.literal(true) });
const AccountParams = z.object({ id: IdParam });

/** The console's login and admins (issue 15 item 2), coin adjustments and the audit log. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['admin']);

  route({
    method: 'POST',
    url: '/admin/auth/login',
    summary: 'Log in to the admin console with the password and a TOTP code; answers a short admin session',
    access: 'public',
    body: AdminLoginRequest,
    response: AdminSession,
    sensitive: { account: ({ body }) => `admin:${body.email}` },
    handler: (ctx, { body }) => accounts.login(ctx, ctx.services.totp, body),
  });

  route({
    method: 'GET',
    url: '/admin/auth/me',
    summary: 'The admin of this session',
    access: { admin: ['CONTENT', 'SUPPORT', 'FINANCE'] },
    response: AdminProfile,
    handler: (ctx) => ctx.admin,
  });

  route({
    method: 'POST',
    url: '/admin/auth/logout',
    summary: 'End this admin session',
    access: { admin: ['CONTENT', 'SUPPORT', 'FINANCE'] },
    response: Done,
    handler: async (ctx, _input, { request }) => {
      await accounts.logout(ctx, bearerOf(request));
      return { done: true as const };
    },
  });

  route({
    method: 'GET',
    url: '/admin/accounts',
    summary: 'Every console admin',
    access: { admin: ['OWNER'] },
    response: z.array(AdminAccount),
    handler: (ctx) => accounts.listAccounts(ctx),
  });

  route({
    method: 'POST',
    url: '/admin/accounts',
    summary: 'Create an admin; answers their first password and TOTP secret, once',
    access: { admin: ['OWNER'] },
    body: AdminAccountInput,
    response: AdminCredentials,
    handler: (ctx, { body }) => accounts.createAccount(ctx, ctx.services.totp, body, ctx.admin, 'console'),
  });

  route({
    method: 'PUT',
    url: '/admin/accounts/:id/status',
    summary: 'Disable (ending their sessions) or enable an admin',
    access: { admin: ['OWNER'] },
    params: AccountParams,
    body: AdminAccountStatusRequest,
    response: AdminAccount,
    handler: (ctx, { params, body }) => accounts.setStatus(ctx, params.id, body.status, ctx.admin),
  });

  route({
    method: 'POST',
    url: '/admin/coins/adjust',
    summary: 'Charge (+) or deduct (−) coins of one type of a member, with a reason (idempotent by key)',
    access: { admin: ['FINANCE'] },
    body: AdminAdjustmentRequest,
    response: AdminAdjustmentResult,
    handler: (ctx, { body }) => admin.adjustCoins(ctx, body),
  });

  route({
    method: 'GET',
    url: '/admin/audit',
    summary: 'The audit log of the brand and of admin accounts, newest first, searchable',
    access: { admin: ['OWNER'] },
    query: AdminAuditQuery,
    response: AdminAuditPage,
    handler: (ctx, { query }) => admin.auditLog(ctx, query),
  });
};
