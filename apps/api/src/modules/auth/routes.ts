import {
  AuthResponse,
  ChangePasswordBody,
  LoginBody,
  LogoutRequest,
  MailAuthRequest,
  NoData,
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
} from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../http/route.js';
import { login } from './login.js';
import {
  changePassword,
  requestPasswordReset,
  requestSmsReset,
  resetPassword,
  verifySmsReset,
} from './password-reset.js';
import { logout, refresh } from './sessions.js';
import { resendSignUpCode, signUp, verifySignUp } from './signup.js';

/**
 * E-mail accounts and sessions. Routes that guess a secret or tell whether an account exists are
 * `sensitive`: limited per client address and per the account they name.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['auth']);

  route({
    method: 'POST',
    url: '/auth/local/signup',
    summary: 'E-mail sign-up; sends a 6-digit code',
    access: 'public',
    sensitive: { account: ({ body }) => body.email },
    body: SignUpBody,
    response: SignUpStarted,
    handler: (ctx, { body }) => signUp(ctx, body),
  });

  route({
    method: 'POST',
    url: '/auth/local/signup/verify',
    summary: 'Verify the sign-up code; answers a token pair',
    access: 'public',
    sensitive: { account: ({ body }) => body.userId },
    body: SignUpVerifyRequest,
    response: AuthResponse,
    handler: (ctx, { body }) => verifySignUp(ctx, body),
  });

  route({
    method: 'POST',
    url: '/user/mail/auth',
    summary: 'Send the sign-up code again',
    access: 'public',
    sensitive: { account: ({ body }) => body.userId },
    body: MailAuthRequest,
    response: NoData,
    handler: async (ctx, { body }) => {
      await resendSignUpCode(ctx, body);
      return null;
    },
  });

  route({
    method: 'POST',
    url: '/auth/local/login',
    summary: 'E-mail login',
    access: 'public',
    sensitive: { account: ({ body }) => body.email },
    body: LoginBody,
    response: AuthResponse,
    handler: (ctx, { body }) => login(ctx, body),
  });

  route({
    method: 'POST',
    url: '/auth/refresh',
    summary: 'Rotate the token pair',
    access: 'public',
    body: RefreshRequest,
    response: RefreshResponse,
    handler: (ctx, { body }) => refresh(ctx, body),
  });

  route({
    method: 'PUT',
    url: '/auth/logout',
    summary: 'End the session of a refresh token',
    access: 'public',
    body: LogoutRequest,
    response: NoData,
    handler: async (ctx, { body }) => {
      await logout(ctx, body.refreshToken);
      return null;
    },
  });

  route({
    method: 'POST',
    url: '/auth/local/change/password',
    summary: 'Change the password of the signed-in user',
    access: 'member',
    sensitive: { account: (_input, ctx) => ctx.user.id },
    body: ChangePasswordBody,
    response: NoData,
    handler: async (ctx, { body }) => {
      await changePassword(ctx, body);
      return null;
    },
  });

  route({
    method: 'POST',
    url: '/auth/local/reset/mail',
    summary: 'Mail a password-reset link (valid 1 hour, single use)',
    access: 'public',
    sensitive: { account: ({ body }) => body.email },
    body: PasswordResetMailRequest,
    response: NoData,
    handler: async (ctx, { body }) => {
      await requestPasswordReset(ctx, body.email);
      return null;
    },
  });

  route({
    method: 'POST',
    url: '/auth/local/reset/password',
    summary: 'Set a new password from a reset link',
    access: 'public',
    sensitive: { account: ({ body }) => body.userId },
    body: PasswordResetRequest,
    response: NoData,
    handler: async (ctx, { body }) => {
      await resetPassword(ctx, body);
      return null;
    },
  });

  route({
    method: 'POST',
    url: '/auth/local/reset/sms',
    summary: 'Text a 6-digit password-reset code (valid 10 minutes) to the phone of an e-mail account',
    access: 'public',
    sensitive: { account: ({ body }) => body.phone },
    body: SmsResetRequest,
    response: SmsCodeSent,
    handler: (ctx, { body }) => requestSmsReset(ctx, body.phone),
  });

  route({
    method: 'POST',
    url: '/auth/local/reset/sms/verify',
    summary: 'Check the texted code; answers userId and uuid for /auth/local/reset/password',
    access: 'public',
    sensitive: { account: ({ body }) => body.phone },
    body: SmsResetVerifyRequest,
    response: SmsResetVerified,
    handler: (ctx, { body }) => verifySmsReset(ctx, body),
  });
};
