import { z } from 'zod';
import { type ErrorCode as CatalogueCode, ERROR_CATALOGUE, FOLLOW_UP_ACTIONS } from './error-catalogue.js';

export { ERROR_CATALOGUE, type ErrorSpec, errorSpec } from './error-catalogue.js';

// The schemas of the error catalogue of spec §8 (error-catalogue.ts), the auth client's results,
// and `AppError`: services throw it; the api maps it to HTTP in one place.

/** What the client does after showing the message (spec §8 "follow-up"). */
export const FollowUpAction = z.enum(FOLLOW_UP_ACTIONS);
export type FollowUpAction = z.infer<typeof FollowUpAction>;

export type ErrorCode = CatalogueCode;
export const ErrorCode = z.enum(Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]]);

/** Results the auth client (spec §7 auth base) reports in its `error` field (spec §8). */
export const AuthClientError = z.enum([
  'UnknownError',
  'OAuthCallbackError',
  'AccountNotLinkedError',
  'MISSING_NEXTAUTH_API_ROUTE_ERROR',
  'NO_SECRET',
  'CALLBACK_CREDENTIALS_HANDLER_ERROR',
  'EMAIL_REQUIRES_ADAPTER_ERROR',
  'CALLBACK_CREDENTIALS_JWT_ERROR',
  'INVALID_CALLBACK_URL_ERROR',
  'SessionRequired',
]);
export type AuthClientError = z.infer<typeof AuthClientError>;

/** Codes the client logs (POST _log) when a fetch of the auth base fails; never shown to users. */
export const ClientLogCode = z.enum(['CLIENT_FETCH_ERROR', 'CLIENT_SESSION_ERROR']);
export type ClientLogCode = z.infer<typeof ClientLogCode>;

/** The one error services throw: a catalogue code plus optional detail for logs (never sent to clients). */
export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly code: ErrorCode,
    readonly details?: unknown,
  ) {
    super(code);
  }

  get status(): number {
    return ERROR_CATALOGUE[this.code].status;
  }
}
