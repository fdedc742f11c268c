import { randomBytes } from 'node:crypto';
import {
  AppError,
  IDENTITY_ATTEMPT_TTL_MS,
  type NiceEncodeQuery,
  type NiceEncodeResponse,
  type SandboxIdentityAnswer,
  type SandboxIdentityAnswerRequest,
} from '@balcony/contracts';
import { type MemberContext, type ServiceContext, withTransaction } from '../../context.js';
import { webOriginFor } from '../../web-origins.js';
import { type IdentityProvider, type IdentityResult, isSandbox, type SandboxIdentityProvider } from './provider.js';
import * as repo from './repo.js';

// The Korean mobile-carrier identity check (decisions 0270, 0271): an attempt per popup, bound to
// the member and its request number, answered once by the provider's signed result before it
// expires. What a verified result changes on the account is the account module's (adult check).

/** The web's page the provider sends the reader back to (spec §2). */
export const CALLBACK_PATH = '/callback/auth-mobilians';

function providerOf(ctx: ServiceContext): IdentityProvider {
  // Without a provider (IDENTITY_SANDBOX=off and no contract yet) the check is not offered.
  if (!ctx.services.identity) throw new AppError('NOT_EXIST');
  return ctx.services.identity;
}

/**
 * GET /nice/encode: a new attempt of the member and the popup form that starts it at the
 * provider, coming back to the web origin the reader is on (when it is one of the web's).
 */
export async function encode(ctx: MemberContext, input: NiceEncodeQuery): Promise<NiceEncodeResponse> {
  const provider = providerOf(ctx);
  const requestNo = randomBytes(16).toString('base64url');
  const expiresAt = new Date(ctx.now.getTime() + IDENTITY_ATTEMPT_TTL_MS);
  await repo.insertAttempt(ctx.db, {
    id: requestNo,
    userId: ctx.user.id,
    brandId: ctx.brand.id,
    provider: provider.name,
    expiresAt,
    createdAt: ctx.now,
  });
  const returnUrl = new URL(CALLBACK_PATH, webOriginFor(input.webOrigin, ctx.services.webOrigins)).href;
  return { requestNo, ...provider.request({ requestNo, returnUrl, expiresAt }), expiresAt: expiresAt.toISOString() };
}

/**
 * Uses up the member's attempt that a genuine result answers, and gives that result. Refused, with
 * nothing used up: a result the provider did not sign or that was altered, or one of another
 * member's (or brand's, or provider's) attempt (INVALID_PARAMETER); one past the attempt's expiry
 * (TIMEOUT); one already used (ALREADY_USE_SMS: the carrier's verification was used).
 */
export async function consumeResult(ctx: MemberContext, encodeData: string): Promise<IdentityResult> {
  const provider = providerOf(ctx);
  const result = provider.readResult(encodeData);
  if (!result) throw new AppError('INVALID_PARAMETER');
  return withTransaction(ctx, async (tx) => {
    const attempt = await repo.lockAttempt(tx.db, result.requestNo);
    const mine =
      attempt?.userId === tx.user.id && attempt.brandId === tx.brand.id && attempt.provider === provider.name;
    if (!attempt || !mine) throw new AppError('INVALID_PARAMETER');
    if (attempt.consumedAt) throw new AppError('ALREADY_USE_SMS');
    if (attempt.expiresAt <= tx.now) throw new AppError('TIMEOUT');
    await repo.consumeAttempt(tx.db, attempt.id, tx.now);
    return result;
  });
}

function sandboxOf(ctx: ServiceContext): SandboxIdentityProvider {
  const provider = ctx.services.identity;
  if (!isSandbox(provider)) throw new AppError('NOT_EXIST');
  return provider;
}

/**
 * POST /nice/sandbox/result: the sandbox provider's page answers a request it issued with the
 * tester's choice, signed; an altered or expired request is INVALID_PARAMETER. Only while the
 * sandbox is the provider (it vouches for nothing: IDENTITY_SANDBOX=off in production).
 */
export function sandboxAnswer(ctx: ServiceContext, input: SandboxIdentityAnswerRequest): SandboxIdentityAnswer {
  const sandbox = sandboxOf(ctx);
  const request = sandbox.readRequest(input.encodeData, ctx.now);
  if (!request) throw new AppError('INVALID_PARAMETER');
  const choice =
    input.outcome === 'VERIFIED' ? { outcome: input.outcome, birthedAt: input.birthedAt } : { outcome: input.outcome };
  return { returnUrl: request.returnUrl, encodeData: sandbox.answer(request, choice) };
}
