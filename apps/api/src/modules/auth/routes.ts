import {
  AuthResponse,
  LogoutRequest,
  MailAuthRequest,
  PasswordResetMailRequest,
  PasswordResetRequest,
  PhoneNumber,
  RefreshRequest,
  RefreshResponse,
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
import type { AuthGuard } from './guard.js';
import * as auth from './service.js';

const Done = successEnvelope(z.null());

// Bodies only bound the sizes here; the service applies the spec §5 rules so that each
// failure answers its own catalogue code (INVALID_MAIL_FORM, INVALID_PW_REGEX, …).
const SignUpBody = z.object({
  email: z.string().max(254),
  password: z.string().max(100),
  passwordConfirm: z.string().max(100),
  agreeTerms: z.literal(true),
  agreeMail: z.boolean().optional(),
  /** Lets the account reset its password by SMS (spec §5). */
  phone: PhoneNumber.optional(),
});
const LoginBody = z.object({ email: z.string().max(254), password: z.string().max(100) });
const ChangePasswordBody = z.object({ oldPassword: z.string().max(100), newPassword: z.string().max(100) });

export const authRoutes: FastifyPluginAsyncZod<{
  deps: auth.AuthDeps;
  guard: AuthGuard;
  sensitiveRateLimit: number;
}> = async (app, { deps, guard, sensitiveRateLimit }) => {
  // Routes that guess a secret (login, codes, resets) are limited per client address.
  const SENSITIVE = { rateLimit: { max: sensitiveRateLimit, timeWindow: '1 minute' } };
  const tags = ['auth'];
  const ctx = (request: FastifyRequest): auth.AuthCtx => ({ ...request.ctx, ...deps, clientIp: request.ip });

  app.post(
    '/auth/local/signup',
    {
      config: SENSITIVE,
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
      schema: {
        tags,
        summary: 'Send the sign-up code again',
        headers: RequiredHeaders,
        body: MailAuthRequest,
        response: { 200: Done },
      },
    },
    async (request) => {
      await auth.resendSignUpCode(ctx(request), request.body.userId);
      return ok(null);
    },
  );

  app.post(
    '/auth/local/login',
    {
      config: SENSITIVE,
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
      preHandler: guard.requireUser,
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
