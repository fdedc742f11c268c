import {
  CoinBalance,
  CoinUsedResponse,
  IpKrResponse,
  KrAdultAuthRequest,
  PushSettingsRequest,
  successEnvelope,
  ToggleParams,
  UpdateUserRequest,
  User,
  UserAuthResponse,
  WithdrawalRequest,
} from '@balcony/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { RequiredHeaders } from '../../http/headers.js';
import type { SensitiveLimits } from '../../http/rate-limits.js';
import type { AuthGuard } from '../auth/guard.js';
import * as users from './service.js';

const Done = successEnvelope(z.null());

export const userRoutes: FastifyPluginAsyncZod<{
  guard: AuthGuard;
  deps: users.UsersDeps;
  limits: SensitiveLimits;
  /** Request header in which the CDN gives the client's country (COUNTRY_HEADER). */
  countryHeader: string;
}> = async (app, { guard, deps, limits, countryHeader }) => {
  // Routes that check a secret (password, identity signature) are limited per client address and account.
  const SENSITIVE = limits.address;
  const perMember = [guard.requireUser, limits.account((request) => request.user.id)];
  const tags = ['users'];
  const ctx = (request: FastifyRequest): users.UsersCtx => ({ ...request.ctx, ...deps, clientIp: request.clientIp });
  const session = (request: FastifyRequest): users.Session => ({
    userId: request.user.id,
    authTime: request.authTime,
  });

  app.post(
    '/user',
    {
      preHandler: guard.requireUser,
      schema: {
        tags,
        summary: 'The signed-in user',
        headers: RequiredHeaders,
        response: { 200: successEnvelope(User) },
      },
    },
    async (request) => ok(users.toUser(request.user)),
  );

  app.put(
    '/user',
    {
      preHandler: guard.requireUser,
      schema: {
        tags,
        summary: 'Adult birth date (ADULT), mail agreement (MAIL) or nickname (PROFILE); rotates the refresh token',
        headers: RequiredHeaders,
        body: UpdateUserRequest,
        response: { 200: successEnvelope(UserAuthResponse) },
      },
    },
    async (request) => ok(await users.updateUser(ctx(request), session(request), request.body)),
  );

  app.put(
    '/user/adult/toggle/:value',
    {
      preHandler: guard.requireUser,
      schema: {
        tags,
        summary: 'Show adult content or not (on only for adults)',
        headers: RequiredHeaders,
        params: ToggleParams,
        response: { 200: successEnvelope(User) },
      },
    },
    async (request) => ok(await users.setShowAdult(ctx(request), request.user.id, request.params.value)),
  );

  app.put(
    '/user/BL/toggle/:value',
    {
      preHandler: guard.requireUser,
      schema: {
        tags,
        summary: 'Show BL content or not',
        headers: RequiredHeaders,
        params: ToggleParams,
        response: { 200: successEnvelope(User) },
      },
    },
    async (request) => ok(await users.setBlToggle(ctx(request), request.user.id, request.params.value)),
  );

  app.put(
    '/app/push',
    {
      preHandler: guard.requireUser,
      schema: {
        tags,
        summary: 'Push settings; switches left out keep their value',
        headers: RequiredHeaders,
        body: PushSettingsRequest,
        response: { 200: successEnvelope(User) },
      },
    },
    async (request) => ok(await users.updatePushSettings(ctx(request), request.user.id, request.body)),
  );

  app.post(
    '/user/auth/adult/kr',
    {
      preHandler: perMember,
      config: SENSITIVE,
      schema: {
        tags,
        summary: 'Korean mobile-carrier identity check; rotates the refresh token',
        headers: RequiredHeaders,
        body: KrAdultAuthRequest,
        response: { 200: successEnvelope(UserAuthResponse) },
      },
    },
    async (request) => ok(await users.verifyAdultKr(ctx(request), session(request), request.body)),
  );

  app.post(
    '/user/withdrawal',
    {
      preHandler: perMember,
      config: SENSITIVE,
      schema: {
        tags,
        summary: 'Delete the signed-in account (password, or a login within 10 minutes for social accounts)',
        headers: RequiredHeaders,
        body: WithdrawalRequest,
        response: { 200: Done },
      },
    },
    async (request) => {
      await users.withdraw(ctx(request), session(request), request.body);
      return ok(null);
    },
  );

  app.get(
    '/auth/ip-kr',
    {
      schema: {
        tags,
        summary: 'Whether the caller connects from Korea (country header of the CDN)',
        headers: RequiredHeaders,
        response: { 200: successEnvelope(IpKrResponse) },
      },
    },
    async (request) => {
      const value = request.headers[countryHeader.toLowerCase()];
      return ok(users.isKrIp(Array.isArray(value) ? value[0] : value));
    },
  );

  for (const path of ['/coin', '/coin/user']) {
    app.get(
      path,
      {
        preHandler: guard.requireUser,
        schema: {
          tags,
          summary: 'Coin balances of the signed-in user',
          headers: RequiredHeaders,
          response: { 200: successEnvelope(CoinBalance) },
        },
      },
      async (request) => ok(users.coinBalance(request.user)),
    );
  }

  app.get(
    '/coin/user/used',
    {
      preHandler: guard.requireUser,
      schema: {
        tags,
        summary: 'Coins used by the signed-in user',
        headers: RequiredHeaders,
        response: { 200: successEnvelope(CoinUsedResponse) },
      },
    },
    async (request) => ok(users.coinUsed(request.user)),
  );
};
