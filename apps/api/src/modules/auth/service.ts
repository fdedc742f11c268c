import { createHmac, randomInt, randomUUID } from 'node:crypto';
import {
  AppError,
  type AuthResponse,
  type ErrorCode,
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES,
  OTP_TTL_MS,
  RESET_LINK_TTL_MS,
  RESIGNUP_BLOCK_DAYS,
  type RefreshResponse,
  type TokenPair,
  validateNewPassword,
  validatePassword,
  validatePasswordConfirmation,
  validateSignUpEmail,
} from '@balcony/contracts';
import type { Db } from '../../db/client.js';
import type { RequestContext } from '../../http/context.js';
import type { Mailer } from '../mail/mailer.js';
import { mailText } from '../mail/templates.js';
import { hashPassword, verifyPassword } from './passwords.js';
import * as repo from './repo.js';
import { newOpaqueToken, sha256, type TokenSigner } from './tokens.js';

export interface AuthDeps {
  db: Db;
  tokens: TokenSigner;
  mailer: Mailer;
  /** Public address of the web, for links in mail. */
  webBaseUrl: string;
}

export interface AuthCtx extends RequestContext, AuthDeps {
  clientIp: string;
}

/** At most this many new sessions per account per hour; more answer DUPLICATE_LOGIN (docs/decisions.md). */
const MAX_NEW_SESSIONS_PER_HOUR = 10;
/** A fresh code may be requested again after this long (FREQUENT_REQUEST before). */
const RESEND_INTERVAL_MS = 60_000;
const RESET_REQUEST_INTERVAL_MS = 5 * 60_000;
const MAX_CODE_ATTEMPTS = 5;
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

function check(result: { ok: true } | { ok: false; code: ErrorCode }): void {
  if (!result.ok) throw new AppError(result.code);
}

/** Codes are hashed with the signing secret as pepper: a 6-digit code cannot be brute-forced from a dump. */
function codeHash(ctx: AuthDeps, userId: number, code: string): string {
  return createHmac('sha256', ctx.tokens.settings.secret).update(`${userId}:${code}`).digest('hex');
}

async function issueTokens(
  ctx: AuthCtx,
  db: Db,
  user: repo.UserRow,
  familyId: string,
): Promise<{ pair: TokenPair; row: repo.RefreshTokenRow }> {
  const access = await ctx.tokens.signAccess({ userId: user.id, brandId: user.brandId }, ctx.now);
  const refreshToken = newOpaqueToken();
  const refreshExpiresAt = new Date(ctx.now.getTime() + ctx.tokens.settings.refreshTtlSeconds * 1000);
  const row = await repo.insertRefreshToken(db, {
    userId: user.id,
    familyId,
    tokenHash: sha256(refreshToken),
    expiresAt: refreshExpiresAt,
    ipAddress: ctx.clientIp,
    createdAt: ctx.now,
  });
  return {
    pair: {
      accessToken: { token: access.token, expiredAt: access.expiredAt.toISOString() },
      refreshToken: { token: refreshToken, expiredAt: refreshExpiresAt.toISOString() },
    },
    row,
  };
}

async function startSession(ctx: AuthCtx, user: repo.UserRow): Promise<AuthResponse> {
  const { pair } = await issueTokens(ctx, ctx.db, user, randomUUID());
  const isSignUp = user.signedUpAt !== null && ctx.now.getTime() - user.signedUpAt.getTime() < HOUR_MS;
  return { ...pair, isSignUp };
}

async function sendSignUpCode(ctx: AuthCtx, user: repo.UserRow): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await repo.insertCode(ctx.db, {
    userId: user.id,
    purpose: 'SIGNUP_OTP',
    codeHash: codeHash(ctx, user.id, code),
    expiresAt: new Date(ctx.now.getTime() + OTP_TTL_MS),
  });
  const mail = mailText(ctx.brand, 'signupCode', { code });
  await ctx.mailer.send({ to: user.email ?? '', ...mail });
}

// ——— sign-up ———

export async function signUp(
  ctx: AuthCtx,
  input: { email: string; password: string; passwordConfirm: string; agreeMail?: boolean | undefined },
): Promise<{ userId: number; email: string }> {
  const email = input.email.trim();
  check(validateSignUpEmail(email));
  check(validatePassword(input.password));
  check(validatePasswordConfirmation(input.password, input.passwordConfirm));

  const existing = await repo.findUserByEmail(ctx.db, ctx.brand.id, email);
  if (existing) {
    if (existing.status === 'WITHDRAWN') {
      const allowedAt = (existing.withdrawnAt?.getTime() ?? 0) + RESIGNUP_BLOCK_DAYS * DAY_MS;
      if (ctx.now.getTime() < allowedAt) throw new AppError('DELETED_USER');
    } else if (existing.snsProvider) {
      throw new AppError('ALREADY_USED_ANOTHER_PLATFORM');
    } else if (existing.status !== 'PENDING') {
      throw new AppError('ALREADY_USED_EMAIL');
    }
  }
  const passwordHash = await hashPassword(input.password);
  const user =
    existing && existing.status === 'PENDING'
      ? await repo.updateUser(ctx.db, existing.id, { passwordHash, isAgreeMail: input.agreeMail ?? false })
      : await repo.insertUser(ctx.db, {
          brandId: ctx.brand.id,
          email,
          passwordHash,
          isAgreeMail: input.agreeMail ?? false,
          status: 'PENDING',
          // Withdrawn accounts keep their row (anonymised); a re-sign-up is a new account.
        });
  await sendSignUpCode(ctx, user);
  return { userId: user.id, email };
}

async function pendingUser(ctx: AuthCtx, userId: number): Promise<repo.UserRow> {
  const user = await repo.findUserById(ctx.db, userId);
  if (!user || user.brandId !== ctx.brand.id) throw new AppError('NOT_FOUND_USER');
  if (user.status !== 'PENDING') throw new AppError('ALREADY_AUTH_MAIL');
  return user;
}

export async function resendSignUpCode(ctx: AuthCtx, userId: number): Promise<void> {
  const user = await pendingUser(ctx, userId);
  const last = await repo.latestCodeForUpdate(ctx.db, user.id, 'SIGNUP_OTP');
  if (last && ctx.now.getTime() - last.createdAt.getTime() < RESEND_INTERVAL_MS) throw new AppError('FREQUENT_REQUEST');
  await sendSignUpCode(ctx, user);
}

export async function verifySignUp(ctx: AuthCtx, input: { userId: number; code: string }): Promise<AuthResponse> {
  const user = await pendingUser(ctx, input.userId);
  const activated = await ctx.db.transaction(async (tx) => {
    const code = await repo.latestCodeForUpdate(tx, user.id, 'SIGNUP_OTP');
    if (!code || code.usedAt) throw new AppError('INVALID_PARAMETER');
    if (code.expiresAt <= ctx.now || code.attempts >= MAX_CODE_ATTEMPTS) throw new AppError('EXPIRED_OTP');
    if (code.codeHash !== codeHash(ctx, user.id, input.code)) {
      await repo.countCodeAttempt(tx, code.id);
      return null;
    }
    await repo.markCodeUsed(tx, code.id, ctx.now);
    return repo.updateUser(tx, user.id, { status: 'ACTIVE', emailVerifiedAt: ctx.now, signedUpAt: ctx.now });
  });
  // A wrong code is counted (committed) before it is refused.
  if (!activated) throw new AppError('INVALID_PARAMETER');
  return startSession(ctx, activated);
}

// ——— login ———

export async function login(ctx: AuthCtx, input: { email: string; password: string }): Promise<AuthResponse> {
  const email = input.email.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AppError('INVALID_MAIL_FORM');
  if (input.password.length === 0) throw new AppError('INVALID_PASSWORD');
  // No valid password, old (6+) or new (8–20), falls outside 6–20 characters.
  if (input.password.length < 6 || input.password.length > 20) throw new AppError('INVALID_PW_REGEX');

  const found = await repo.findUserByEmail(ctx.db, ctx.brand.id, email);
  if (!found || found.status === 'PENDING') throw new AppError('NOT_REGISTERED_USER');
  if (found.status === 'WITHDRAWN') throw new AppError('WITHDRAWAL');
  if (!found.passwordHash) throw new AppError('NOT_LOCAL_LOGIN_USER');

  const outcome = await ctx.db.transaction(async (tx) => {
    const user = await repo.lockUser(tx, found.id);
    if (!user) throw new AppError('NOT_REGISTERED_USER');
    if (user.lockedUntil && user.lockedUntil > ctx.now) return 'locked' as const;
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      const failures = (user.lockedUntil ? 0 : user.failedLoginCount) + 1;
      await repo.updateUser(tx, user.id, {
        failedLoginCount: failures,
        lockedUntil: failures >= LOGIN_MAX_FAILURES ? new Date(ctx.now.getTime() + LOGIN_LOCK_MS) : null,
      });
      return 'wrong' as const;
    }
    const recent = await repo.countSessionsSince(tx, user.id, new Date(ctx.now.getTime() - HOUR_MS));
    if (recent >= MAX_NEW_SESSIONS_PER_HOUR) return 'duplicate' as const;
    return repo.updateUser(tx, user.id, { failedLoginCount: 0, lockedUntil: null });
  });
  if (outcome === 'locked') throw new AppError('EXCEED_AUTH_COUNT');
  if (outcome === 'wrong') throw new AppError('INCORRECT_PASSWORD');
  if (outcome === 'duplicate') throw new AppError('DUPLICATE_LOGIN');
  return startSession(ctx, outcome);
}

// ——— tokens ———

export async function refresh(
  ctx: AuthCtx,
  input: { accessToken: string; refreshToken: string; clientIp?: string | undefined },
): Promise<RefreshResponse> {
  const claims = await ctx.tokens.verifyAccess(input.accessToken, { allowExpired: true, now: ctx.now });
  type Outcome =
    | { error: 'NOT_FOUND_REFRESH_TOKEN' | 'EXPIRED_REFRESH_TOKEN' }
    | { error: null; response: RefreshResponse };
  const result = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const current = await repo.findRefreshTokenForUpdate(tx, sha256(input.refreshToken));
    if (!current || current.userId !== claims.userId) return { error: 'NOT_FOUND_REFRESH_TOKEN' as const };
    if (current.revokedAt) {
      // A rotated token came back: someone holds a copy. End every session of that family.
      await repo.revokeFamily(tx, current.familyId, ctx.now);
      return { error: 'EXPIRED_REFRESH_TOKEN' as const };
    }
    if (current.expiresAt <= ctx.now) return { error: 'EXPIRED_REFRESH_TOKEN' as const };
    const user = await repo.findUserById(tx, current.userId);
    if (user?.status !== 'ACTIVE') return { error: 'NOT_FOUND_REFRESH_TOKEN' as const };
    const ip = input.clientIp ?? ctx.clientIp;
    const issued = await issueTokens({ ...ctx, clientIp: ip }, tx, user, current.familyId);
    await repo.markRefreshTokenReplaced(tx, current.id, issued.row.id, ctx.now);
    return { error: null, response: { ...issued.pair, email: user.email, ipAddress: ip } };
  });
  // Errors are thrown after the transaction so that a family revocation is committed.
  if (result.error) throw new AppError(result.error);
  return result.response;
}

export async function logout(ctx: AuthCtx, refreshToken: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await repo.findRefreshTokenForUpdate(tx, sha256(refreshToken));
    if (!current) throw new AppError('NOT_FOUND_REFRESH_TOKEN');
    await repo.revokeFamily(tx, current.familyId, ctx.now);
  });
}

/** The signed-in user of a bearer token, or the catalogue code telling the client what to do. */
export async function authenticate(deps: Pick<AuthDeps, 'db' | 'tokens'>, token: string, brandId: string, now: Date) {
  const claims = await deps.tokens.verifyAccess(token, { now });
  if (claims.brandId !== brandId) throw new AppError('MALFORMED_JWT');
  const user = await repo.findUserById(deps.db, claims.userId);
  if (!user || user.status === 'PENDING') throw new AppError('NOT_LOGIN_USER');
  if (user.status === 'WITHDRAWN') throw new AppError('WITHDRAWAL');
  return user;
}

// ——— passwords ———

export async function changePassword(
  ctx: AuthCtx,
  userId: number,
  input: { oldPassword: string; newPassword: string },
): Promise<void> {
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw new AppError('NOT_FOUND_USER');
  if (!user.passwordHash) throw new AppError('NOT_LOCAL_LOGIN_USER');
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) throw new AppError('INCORRECT_PASSWORD');
  check(validateNewPassword(input.oldPassword, input.newPassword));
  check(validatePassword(input.newPassword));
  await repo.updateUser(ctx.db, user.id, { passwordHash: await hashPassword(input.newPassword) });
}

export async function requestPasswordReset(ctx: AuthCtx, email: string): Promise<void> {
  const user = await repo.findUserByEmail(ctx.db, ctx.brand.id, email.trim());
  if (user?.status !== 'ACTIVE') throw new AppError('NOT_FOUND_USER');
  if (!user.passwordHash) throw new AppError('NOT_LOCAL_LOGIN_USER');
  const last = await repo.latestCodeForUpdate(ctx.db, user.id, 'RESET_LINK');
  if (last && ctx.now.getTime() - last.createdAt.getTime() < RESET_REQUEST_INTERVAL_MS) {
    throw new AppError('FREQUENT_REQUEST');
  }
  const uuid = newOpaqueToken();
  await repo.insertCode(ctx.db, {
    userId: user.id,
    purpose: 'RESET_LINK',
    codeHash: codeHash(ctx, user.id, uuid),
    expiresAt: new Date(ctx.now.getTime() + RESET_LINK_TTL_MS),
  });
  const link = `${ctx.webBaseUrl}/mail/resetPassword?userId=${user.id}&uuid=${encodeURIComponent(uuid)}`;
  await ctx.mailer.send({ to: user.email ?? '', ...mailText(ctx.brand, 'resetLink', { link }) });
}

export async function resetPassword(
  ctx: AuthCtx,
  input: { userId: number; uuid: string; newPassword: string },
): Promise<void> {
  check(validatePassword(input.newPassword));
  await ctx.db.transaction(async (tx) => {
    const user = await repo.findUserById(tx, input.userId);
    if (!user || user.brandId !== ctx.brand.id) throw new AppError('NOT_FOUND_USER');
    const code = await repo.latestCodeForUpdate(tx, user.id, 'RESET_LINK');
    if (!code || code.usedAt || code.codeHash !== codeHash(ctx, user.id, input.uuid)) throw new AppError('UNKNOWN');
    if (code.expiresAt <= ctx.now) throw new AppError('TIMEOUT');
    if (await verifyPassword(user.passwordHash, input.newPassword)) throw new AppError('EQUAL_PASSWORD');
    await repo.markCodeUsed(tx, code.id, ctx.now);
    await repo.updateUser(tx, user.id, {
      passwordHash: await hashPassword(input.newPassword),
      failedLoginCount: 0,
      lockedUntil: null,
    });
    // A reset means the old password may be known to someone else: end every session.
    await repo.revokeAllForUser(tx, user.id, ctx.now);
  });
}
