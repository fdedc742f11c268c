import {
  AuthResponse,
  ChangePasswordBody,
  LoginBody,
  LogoutRequest,
  MailAuthRequest,
  PasswordResetMailRequest,
  PasswordResetRequest,
  RefreshRequest,
  RefreshResponse,
  SignUpBody,
  SignUpStarted,
  SignUpVerifyRequest,
  SmsCodeSent,
  SmsResetRequest,
  SmsResetVerified,
  SmsResetVerifyRequest,
  successEnvelope,
} from '@balcony/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { RequiredHeaders } from '../../http/headers.js';
import { bodyField, type SensitiveLimits } from '../../http/rate-limits.js';
import type { AuthGuard } from './guard.js';
import * as auth from './service.js';

const Done = successEnvelope(z.null());

export const authRoutes: FastifyPluginAsyncZod<{
  deps: auth.AuthDeps;
  guard: AuthGuard;
  limits: SensitiveLimits;
}> = async (app, { deps, guard, limits }) => {
  // Routes that guess a secret or tell whether an account exists are limited per client address
  // and per account they name.
  const SENSITIVE = limits.address;
  const tags = ['auth'];
  const ctx = (request: FastifyRequest): auth.AuthCtx => ({ ...request.ctx, ...deps, clientIp: request.clientIp });

  app.post(
    '/auth/local/signup',
    {
      config: SENSITIVE,
      preHandler: limits.account(bodyField('email')),
      schema: {
        tags,
        summary: 'E-mail sign-up; sends a 6-digit code',
        headers: RequiredHeaders,
        body: SignUpBody,
        response: { 200: successEnvelope(SignUpStarted) },
      },
    },
    async (request) => ok(await auth.signUp(ctx(request), request.body)),
  );

  app.post(
    '/auth/local/signup/verify',
    {
      config: SENSITIVE,
      preHandler: limits.account(bodyField('userId')),
      schema: {
        tags,
        summary: 'Verify the sign-up code; answers a token pair',
        headers: RequiredHeaders,
        body: SignUpVerifyRequest,
        response: { 200: successEnvelope(AuthResponse) },
      },
    },
    async (request) => ok(await auth.verifySignUp(ctx(request), request.body)),
  );

  app.post(
    '/user/mail/auth',
    {
      config: SENSITIVE,
      preHandler: limits.account(bodyField('userId')),
      schema: {
        tags,
        summary: 'Send the sign-up code again',
        headers: RequiredHeaders,
        body: MailAuthRequest,
        response: { 200: Done },
      },
    },
    async (request) => {
      await auth.resendSignUpCode(ctx(request), request.body);
      return ok(null);
    },
  );

  app.post(
    '/auth/local/login',
    {
      config: SENSITIVE,
      preHandler: limits.account(bodyField('email')),
      schema: {
        tags,
        summary: 'E-mail login',
        headers: RequiredHeaders,
        body: LoginBody,
        response: { 200: successEnvelope(AuthResponse) },
      },
    },
    async (request) => ok(await auth.login(ctx(request), request.body)),
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags,
        summary: 'Rotate the token pair',
        headers: RequiredHeaders,
        body: RefreshRequest,
        response: { 200: successEnvelope(RefreshResponse) },
      },
    },
    async (request) => ok(await auth.refresh(ctx(request), request.body)),
  );

  app.put(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: 'End the session of a refresh token',
        headers: RequiredHeaders,
        body: LogoutRequest,
        response: { 200: Done },
      },
    },
    async (request) => {
      await auth.logout(ctx(request), request.body.refreshToken);
      return ok(null);
    },
  );

  app.post(
    '/auth/local/change/password',
    {
      preHandler: [guard.requireUser, limits.account((request) => request.user.id)],
      config: SENSITIVE,
      schema: {
        tags,
        summary: 'Change the password of the signed-in user',
        headers: RequiredHeaders,
        body: ChangePasswordBody,
        response: { 200: Done },
      },
    },
    async (request) => {
      await auth.changePassword(ctx(request), request.user.id, request.body);
      return ok(null);
    },
  );

  app.post(
    '/auth/local/reset/mail',
    {
      config: SENSITIVE,
      preHandler: limits.account(bodyField('email')),
      schema: {
        tags,
        summary: 'Mail a password-reset link (valid 1 hour, single use)',
        headers: RequiredHeaders,
        body: PasswordResetMailRequest,
        response: { 200: Done },
      },
    },
    async (request) => {
      await auth.requestPasswordReset(ctx(request), request.body.email);
      return ok(null);
    },
  );

  app.post(
    '/auth/local/reset/password',
    {
      config: SENSITIVE,
      preHandler: limits.account(bodyField('userId')),
      schema: {
        tags,
        summary: 'Set a new password from a reset link',
        headers: RequiredHeaders,
        body: PasswordResetRequest,
        response: { 200: Done },
      },
    },
    async (request) => {
      await auth.resetPassword(ctx(request), request.body);
      return ok(null);
    },
  );

  app.post(
    '/auth/local/reset/sms',
    {
      config: SENSITIVE,
      preHandler: limits.account(bodyField('phone')),
      schema: {
        tags,
        summary: 'Text a 6-digit password-reset code (valid 10 minutes) to the phone of an e-mail account',
        headers: RequiredHeaders,
        body: SmsResetRequest,
        response: { 200: successEnvelope(SmsCodeSent) },
      },
    },
    async (request) => ok(await auth.requestSmsReset(ctx(request), request.body.phone)),
  );

  app.post(
    '/auth/local/reset/sms/verify',
    {
      config: SENSITIVE,
      preHandler: limits.account(bodyField('phone')),
      schema: {
        tags,
        summary: 'Check the texted code; answers userId and uuid for /auth/local/reset/password',
        headers: RequiredHeaders,
        body: SmsResetVerifyRequest,
        response: { 200: successEnvelope(SmsResetVerified) },
      },
    },
    async (request) => ok(await auth.verifySmsReset(ctx(request), request.body)),
  );
};
