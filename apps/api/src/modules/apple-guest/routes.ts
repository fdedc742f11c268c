import { AppleGuestSignInRequest, AppleMigrateRequest, AppleMigrateResponse, AuthResponse } from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../http/route.js';
import * as appleGuest from './service.js';

/** The iOS guest of the Japanese brand: its sign-in, and its move to a web account (spec §7). */
export const appleGuestRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['auth']);

  route({
    method: 'POST',
    url: '/auth/sign-in/jp/apple/guest',
    summary: 'The iOS app signs its guest in with its own key (made on first use; beltoon-jp only)',
    access: 'public',
    sensitive: {},
    body: AppleGuestSignInRequest,
    response: AuthResponse,
    handler: (ctx, { body }) => appleGuest.signInGuest(ctx, body),
  });

  route({
    method: 'POST',
    url: '/auth/sign-in/jp/apple/migrate',
    summary: "Moves an iOS guest to a web account (the guest's key, the web account's e-mail and password); once",
    access: 'public',
    sensitive: { account: ({ body }) => body.webKeyRequest.email.toLowerCase() },
    body: AppleMigrateRequest,
    response: AppleMigrateResponse,
    handler: (ctx, { body }) => appleGuest.migrate(ctx, body),
  });
};
