import {
  NiceEncodeQuery,
  NiceEncodeResponse,
  SandboxIdentityAnswer,
  SandboxIdentityAnswerRequest,
} from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../http/route.js';
import * as identity from './service.js';

/** The Korean carrier identity check (spec §7 GET /nice/encode; the result goes to POST /user/auth/adult/kr). */
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['identity']);

  route({
    method: 'GET',
    url: '/nice/encode',
    summary: 'Opens a carrier identity attempt of the member: the form the web posts in a popup to the provider',
    access: 'member',
    sensitive: { account: (_input, ctx) => ctx.user.id },
    query: NiceEncodeQuery,
    response: NiceEncodeResponse,
    handler: (ctx, { query }) => identity.encode(ctx, query),
  });

  route({
    method: 'POST',
    url: '/nice/sandbox/result',
    summary: 'The sandbox provider signs the result a tester chose for one of its requests (IDENTITY_SANDBOX)',
    access: 'public',
    sensitive: {},
    body: SandboxIdentityAnswerRequest,
    response: SandboxIdentityAnswer,
    handler: (ctx, { body }) => identity.sandboxAnswer(ctx, body),
  });
};
