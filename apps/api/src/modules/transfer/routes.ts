import {
  TransferAdminView,
  TransferPeriodUpdate,
  TransferPublicKey,
  TransferRequest,
  TransferStatus,
} from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberContext } from '../../http/context.js';
import { RequiredHeaders } from '../../http/headers.js';
import { routesOf } from '../../http/route.js';
import { authGuard } from '../auth/guard.js';
import * as transfer from './service.js';

/** The account transfer (spec §2 /transfer/*; decisions 0250, 0251). */
export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['transfer']);

  route({
    method: 'GET',
    url: '/transfer',
    summary: "The brand's transfer period; for a member, their transfer and whether they may transfer now",
    access: 'visitor',
    response: TransferStatus,
    handler: (ctx) => transfer.status(ctx),
  });

  route({
    method: 'POST',
    url: '/transfer',
    summary: 'Transfer the account, once and for good, with the consent given (a login within 15 minutes)',
    access: 'member',
    body: TransferRequest,
    response: TransferStatus,
    handler: (ctx, { body }) => transfer.apply(ctx, body),
  });

  route({
    method: 'GET',
    url: '/transfer/public-key',
    summary: 'The Ed25519 public key that verifies transfer files',
    access: 'public',
    response: TransferPublicKey,
    handler: (ctx) => transfer.publicKey(ctx),
  });

  // A file to save, not the envelope (as GET /coin/lots.csv); a failure is still the envelope.
  app.route({
    method: 'GET',
    url: '/transfer/file',
    schema: {
      tags: ['transfer'],
      summary: "The member's signed transfer file (JSON, Ed25519), as handed to the partner",
      headers: RequiredHeaders,
      response: { 200: z.string() },
    },
    preHandler: (request) => authGuard.requireUser(request),
    handler: async (request, reply) => {
      const { fileName, file } = await transfer.file(memberContext(request));
      reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .type('application/vnd.balcony.account-transfer+json; charset=utf-8');
      return `${JSON.stringify(file, null, 2)}\n`;
    },
  });

  route({
    method: 'GET',
    url: '/admin/transfer',
    summary: "The brand's transfer period (configured and moved) and how many members transferred (admins)",
    access: { admin: ['SUPPORT', 'FINANCE'] },
    response: TransferAdminView,
    handler: (ctx) => transfer.adminView(ctx),
  });

  route({
    method: 'PUT',
    url: '/admin/transfer/period',
    summary: "Move the end of the brand's transfer period, or back to the configured end with null (admins)",
    access: { admin: ['FINANCE'] },
    body: TransferPeriodUpdate,
    response: TransferAdminView,
    handler: (ctx, { body }) => transfer.setPeriod(ctx, body),
  });
};
