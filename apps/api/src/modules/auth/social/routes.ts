import {
  AuthResponse,
  ProviderParams,
  SocialCallbackRequest,
  SocialCallbackResponse,
  SocialProvidersResponse,
  SocialSignUpRequest,
  SocialStartRequest,
  SocialStartResponse,
  successEnvelope,
} from '@balcony/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../http/envelope.js';
import { RequiredHeaders } from '../../../http/headers.js';
import type { SensitiveLimits } from '../../../http/rate-limits.js';
import * as social from './service.js';

// The api side of the web's social login (DESIGN §4): the web's /api/auth/signin/{p} calls
// /start, its /api/auth/callback/{p} calls /callback, its new-user page calls /signup.

export const socialRoutes: FastifyPluginAsyncZod<{ deps: social.SocialDeps; limits: SensitiveLimits }> = async (
  app,
  { deps, limits },
) => {
  const SENSITIVE = limits.address;
  const tags = ['auth'];
  const ctx = (request: FastifyRequest): social.SocialCtx => ({
    ...request.ctx,
    ...deps,
    clientIp: request.clientIp,
    log: request.log,
  });

  app.get(
    '/auth/social/providers',
    {
      schema: {
        tags,
        summary: 'Social login providers offered to this brand',
        headers: RequiredHeaders,
        response: { 200: successEnvelope(SocialProvidersResponse) },
      },
    },
    async (request) => ok(social.listProviders(ctx(request))),
  );

  app.post(
    '/auth/social/:provider/start',
    {
      schema: {
        tags,
        summary: 'Authorization URL with state, PKCE verifier and nonce for the web to keep',
        headers: RequiredHeaders,
        params: ProviderParams,
        body: SocialStartRequest,
        response: { 200: successEnvelope(SocialStartResponse) },
      },
    },
    async (request) => ok(await social.start(ctx(request), request.params.provider, request.body)),
  );

  app.post(
    '/auth/social/:provider/callback',
    {
      config: SENSITIVE,
      schema: {
        tags,
        summary: "Exchange the provider's code: a session, or a ticket for the sign-up step",
        headers: RequiredHeaders,
        params: ProviderParams,
        body: SocialCallbackRequest,
        response: { 200: successEnvelope(SocialCallbackResponse) },
      },
    },
    async (request) => ok(await social.callback(ctx(request), request.params.provider, request.body)),
  );

  app.post(
    '/auth/social/signup',
    {
      config: SENSITIVE,
      schema: {
        tags,
        summary: 'Create the account of a signup ticket; answers a token pair',
        headers: RequiredHeaders,
        body: SocialSignUpRequest,
        response: { 200: successEnvelope(AuthResponse) },
      },
    },
    async (request) => ok(await social.signUp(ctx(request), request.body)),
  );
};
