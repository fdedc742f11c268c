import {
  AuthResponse,
  ProviderParams,
  SocialCallbackRequest,
  SocialCallbackResponse,
  SocialProvidersResponse,
  SocialSignUpRequest,
  SocialStartRequest,
  SocialStartResponse,
} from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../../http/route.js';
import * as social from './service.js';

// The api side of the web's social login (DESIGN §4): the web's /api/auth/signin/{p} calls
// /start, its /api/auth/callback/{p} calls /callback, its new-user page calls /signup.

export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['auth']);

  route({
    method: 'GET',
    url: '/auth/social/providers',
    summary: 'Social login providers offered to this brand',
    access: 'public',
    response: SocialProvidersResponse,
    handler: (ctx) => social.listProviders(ctx),
  });

  route({
    method: 'POST',
    url: '/auth/social/:provider/start',
    summary: 'Authorization URL with state, PKCE verifier and nonce for the web to keep',
    access: 'public',
    params: ProviderParams,
    body: SocialStartRequest,
    response: SocialStartResponse,
    handler: (ctx, { params, body }) => social.start(ctx, params.provider, body),
  });

  route({
    method: 'POST',
    url: '/auth/social/:provider/callback',
    summary: "Exchange the provider's code: a session, or a ticket for the sign-up step",
    access: 'public',
    sensitive: {},
    params: ProviderParams,
    body: SocialCallbackRequest,
    response: SocialCallbackResponse,
    handler: (ctx, { params, body }) => social.callback(ctx, params.provider, body),
  });

  route({
    method: 'POST',
    url: '/auth/social/signup',
    summary: 'Create the account of a signup ticket; answers a token pair',
    access: 'public',
    sensitive: {},
    body: SocialSignUpRequest,
    response: AuthResponse,
    handler: (ctx, { body }) => social.signUp(ctx, body),
  });
};
