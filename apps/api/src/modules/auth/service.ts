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
  SMS_CODE_TTL_MS,
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
import type { SmsSender } from '../sms/sender.js';
import { smsText } from '../sms/templates.js';
import * as accounts from '../users/repo.js';
import { hashPassword, verifyPassword } from './passwords.js';
import * as repo from './repo.js';
import { newOpaqueToken, sha256, type TokenSigner } from './tokens.js';

export interface AuthDeps {
  db: Db;
  tokens: TokenSigner;
  mailer: Mailer;
  sms: SmsSender;
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
  /** When the user logged in; a refresh carries it over, a new session starts now. */
  authTime: Date = ctx.now,
  /** A rotation's successor (see `successorToken`); a new session gets a random one. */
  refreshToken: string = newOpaqueToken(),
): Promise<{ pair: TokenPair; row: repo.RefreshTokenRow }> {
  const access = await ctx.tokens.signAccess({ userId: user.id, brandId: user.brandId, authTime }, ctx.now);
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

/** Opens a new session (token family) for an active user; also used by social login. */
export async function startSession(ctx: AuthCtx, user: repo.UserRow): Promise<AuthResponse> {
  const { pair } = await issueTokens(ctx, ctx.db, user, randomUUID());
  return { ...pair, isSignUp: isNewSignUp(user, ctx.now) };
}

/** The is-sign-up flag (spec §4): the account was created less than an hour ago. */
function isNewSignUp(user: repo.UserRow, now: Date): boolean {
  return user.signedUpAt !== null && now.getTime() - user.signedUpAt.getTime() < HOUR_MS;
}

async function sendSignUpCode(ctx: AuthCtx, db: Db, user: repo.UserRow, attemptId: number): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await repo.insertCode(db, {
    userId: user.id,
    purpose: 'SIGNUP_OTP',
    codeHash: codeHash(ctx, user.id, code),
    expiresAt: new Date(ctx.now.getTime() + OTP_TTL_MS),
    signUpAttemptId: attemptId,
  });
  const mail = mailText(ctx.brand, 'signupCode', { code });
  await ctx.mailer.send({ to: user.email ?? '', ...mail });
}

/** Withdrawals since then still block a new sign-up with the same address (spec §9: 30 days). */
function resignUpBlockStart(now: Date): Date {
  return new Date(now.getTime() - RESIGNUP_BLOCK_DAYS * DAY_MS);
}

/**
 * A withdrawn account keeps no address, only a keyed hash of it (and of its social identity, see
 * `accounts.socialIdentityKey`) for 30 days (docs/decisions.md).
 */
export async function recentlyWithdrawn(ctx: AuthCtx, emailOrIdentity: string): Promise<boolean> {
  const key = accounts.withdrawnEmailKey(ctx.tokens.settings.secret, ctx.brand.id, emailOrIdentity);
  return accounts.isWithdrawnEmail(ctx.db, key, resignUpBlockStart(ctx.now));
}

// ——— sign-up ———

/**
 * Starts a sign-up attempt. A pending account's credentials are never replaced: each attempt keeps
 * its own password until its code, mailed to the address, opens the account with it.
 */
export async function signUp(
  ctx: AuthCtx,
  input: {
    email: string;
    password: string;
    passwordConfirm: string;
    agreeMail?: boolean | undefined;
    phone?: string | undefined;
  },
): Promise<{ userId: number; email: string; signUpId: number }> {
  const email = input.email.trim();
  check(validateSignUpEmail(email));
  check(validatePassword(input.password));
  check(validatePasswordConfirmation(input.password, input.passwordConfirm));

  await accounts.purgeWithdrawnEmails(ctx.db, resignUpBlockStart(ctx.now));
  if (await recentlyWithdrawn(ctx, email)) throw new AppError('DELETED_USER');

  const existing = await repo.findUserByEmail(ctx.db, ctx.brand.id, email);
  if (existing) {
    if (existing.snsProvider) throw new AppError('ALREADY_USED_ANOTHER_PLATFORM');
    if (existing.status !== 'PENDING') throw new AppError('ALREADY_USED_EMAIL');
  }
  const phone = input.phone ?? null;
  if (phone) await phoneIsFree(ctx.db, ctx.brand.id, phone, existing?.id);
  const passwordHash = await hashPassword(input.password);
  const user =
    existing ??
    (await repo.insertUser(ctx.db, { brandId: ctx.brand.id, email, status: 'PENDING', isAgreeMail: false }));
  const attempt = await repo.insertSignUpAttempt(ctx.db, {
    userId: user.id,
    passwordHash,
    isAgreeMail: input.agreeMail ?? false,
    phone,
  });
  await sendSignUpCode(ctx, ctx.db, user, attempt.id);
  return { userId: user.id, email, signUpId: attempt.id };
}

/**
 * One account per number and brand (INVALID_PARAMETER when an active one holds it); an unverified
 * sign-up does not hold its number, so a pending holder loses it.
 */
async function phoneIsFree(db: Db, brandId: string, phone: string, userId: number | undefined): Promise<void> {
  const holder = await accounts.findUserByPhone(db, brandId, phone);
  if (!holder || holder.id === userId) return;
  if (holder.status !== 'PENDING') throw new AppError('INVALID_PARAMETER');
  await repo.updateUser(db, holder.id, { phone: null });
}

async function pendingUser(ctx: AuthCtx, userId: number): Promise<repo.UserRow> {
  const user = await repo.findUserById(ctx.db, userId);
  if (!user || user.brandId !== ctx.brand.id) throw new AppError('NOT_FOUND_USER');
  if (user.status !== 'PENDING') throw new AppError('ALREADY_AUTH_MAIL');
  return user;
}

export async function resendSignUpCode(ctx: AuthCtx, input: { userId: number; signUpId?: number | undefined }) {
  const user = await pendingUser(ctx, input.userId);
  const attempt = await repo.findSignUpAttempt(ctx.db, user.id, input.signUpId);
  if (!attempt) throw new AppError('INVALID_PARAMETER');
  const last = await repo.latestAttemptCodeForUpdate(ctx.db, attempt.id);
  if (last && ctx.now.getTime() - last.createdAt.getTime() < RESEND_INTERVAL_MS) throw new AppError('FREQUENT_REQUEST');
  await sendSignUpCode(ctx, ctx.db, user, attempt.id);
}

export async function verifySignUp(
  ctx: AuthCtx,
  input: { userId: number; signUpId: number; code: string },
): Promise<AuthResponse> {
  const user = await pendingUser(ctx, input.userId);
  const activated = await ctx.db.transaction(async (tx) => {
    // Two attempts verified at once: the first to lock the account opens it, the other finds it open.
    const locked = await repo.lockUser(tx, user.id);
    if (locked?.status !== 'PENDING') throw new AppError('ALREADY_AUTH_MAIL');
    const attempt = await repo.findSignUpAttempt(tx, user.id, input.signUpId);
    if (!attempt) throw new AppError('INVALID_PARAMETER');
    const code = await repo.latestAttemptCodeForUpdate(tx, attempt.id);
    if (!code || code.usedAt) throw new AppError('INVALID_PARAMETER');
    if (code.expiresAt <= ctx.now || code.attempts >= MAX_CODE_ATTEMPTS) throw new AppError('EXPIRED_OTP');
    if (code.codeHash !== codeHash(ctx, user.id, input.code)) {
      await repo.countCodeAttempt(tx, code.id);
      return null;
    }
    if (attempt.phone) await phoneIsFree(tx, ctx.brand.id, attempt.phone, user.id);
    // The other attempts, and their codes, die with this one.
    await repo.deleteSignUpAttempts(tx, user.id);
    return repo.updateUser(tx, user.id, {
      status: 'ACTIVE',
      passwordHash: attempt.passwordHash,
      isAgreeMail: attempt.isAgreeMail,
      phone: attempt.phone,
      emailVerifiedAt: ctx.now,
      signedUpAt: ctx.now,
    });
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
  if (!found || found.status === 'PENDING') {
    if (!found && (await recentlyWithdrawn(ctx, email))) throw new AppError('WITHDRAWAL');
    throw new AppError('NOT_REGISTERED_USER');
  }
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

type Rotation =
  | { error: 'NOT_FOUND_REFRESH_TOKEN' | 'EXPIRED_REFRESH_TOKEN' }
  | { error: null; user: repo.UserRow; pair: TokenPair };

/** How long a just-rotated refresh token still answers, for a concurrent request of the same reader. */
const REFRESH_REUSE_GRACE_MS = 30_000;

/**
 * The token that replaces `presented` in a rotation, derived from it with the signing secret: a
 * request that presents the same token again within the grace can be answered the same
 * successor, so a replay never starts a second chain beside the owner's.
 */
function successorToken(ctx: AuthDeps, presented: string): string {
  return createHmac('sha256', ctx.tokens.settings.secret).update(`refresh-successor:${presented}`).digest('base64url');
}

/**
 * Rotates a refresh token of `userId` inside `tx`. A failure is answered, not thrown, so that the
 * caller can commit a family revocation before it throws.
 */
async function rotate(
  ctx: AuthCtx,
  tx: Db,
  input: { userId: number; refreshToken: string; authTime: Date },
): Promise<Rotation> {
  const current = await repo.findRefreshTokenForUpdate(tx, sha256(input.refreshToken));
  if (!current || current.userId !== input.userId) return { error: 'NOT_FOUND_REFRESH_TOKEN' };
  if (current.revokedAt) {
    const replay = await sameSuccessor(ctx, tx, current, input);
    if (replay) return replay;
    // A rotated token came back after the grace: someone holds a copy. End every session of that family.
    await repo.revokeFamily(tx, current.familyId, ctx.now);
    return { error: 'EXPIRED_REFRESH_TOKEN' };
  }
  if (current.expiresAt <= ctx.now) return { error: 'EXPIRED_REFRESH_TOKEN' };
  const user = await repo.findUserById(tx, current.userId);
  if (user?.status !== 'ACTIVE') return { error: 'NOT_FOUND_REFRESH_TOKEN' };
  const successor = successorToken(ctx, input.refreshToken);
  const issued = await issueTokens(ctx, tx, user, current.familyId, input.authTime, successor);
  await repo.markRefreshTokenReplaced(tx, current.id, issued.row.id, ctx.now);
  return { error: null, user, pair: issued.pair };
}

/**
 * Two requests of one reader refreshing at once (two tabs, a page and its data call) present the
 * same token. Within the grace, while its successor is still the live end of the chain, the later
 * one gets that same pair again (idempotent); otherwise null, and the caller treats it as reuse.
 */
async function sameSuccessor(
  ctx: AuthCtx,
  tx: Db,
  current: repo.RefreshTokenRow,
  input: { refreshToken: string; authTime: Date },
): Promise<Rotation | null> {
  const rotatedAt = current.revokedAt;
  if (current.replacedById === null || !rotatedAt) return null;
  if (ctx.now.getTime() - rotatedAt.getTime() >= REFRESH_REUSE_GRACE_MS) return null;
  const successor = await repo.findRefreshTokenById(tx, current.replacedById);
  const token = successorToken(ctx, input.refreshToken);
  if (!successor || successor.revokedAt || successor.expiresAt <= ctx.now || successor.tokenHash !== sha256(token)) {
    return null;
  }
  const user = await repo.findUserById(tx, successor.userId);
  if (user?.status !== 'ACTIVE') return { error: 'NOT_FOUND_REFRESH_TOKEN' };
  // Signed as at the rotation, so it is the access token the first request got.
  const access = await ctx.tokens.signAccess(
    { userId: user.id, brandId: user.brandId, authTime: input.authTime },
    rotatedAt,
  );
  return {
    error: null,
    user,
    pair: {
      accessToken: { token: access.token, expiredAt: access.expiredAt.toISOString() },
      refreshToken: { token, expiredAt: successor.expiresAt.toISOString() },
    },
  };
}

export async function refresh(
  ctx: AuthCtx,
  input: { accessToken: string; refreshToken: string },
): Promise<RefreshResponse> {
  const claims = await ctx.tokens.verifyAccess(input.accessToken, { allowExpired: true, now: ctx.now });
  // A session belongs to one brand, as for every authenticated call.
  if (claims.brandId !== ctx.brand.id) throw new AppError('MALFORMED_JWT');
  // The body's clientIp (spec §7) is the caller's own claim; the address recorded and answered is
  // the one the api trusts (the web's signed relay or the socket), so nobody can choose theirs.
  const ip = ctx.clientIp;
  const result = await ctx.db.transaction((tx) =>
    rotate(ctx, tx, {
      userId: claims.userId,
      refreshToken: input.refreshToken,
      authTime: claims.authTime,
    }),
  );
  // Errors are thrown after the transaction so that a family revocation is committed.
  if (result.error) throw new AppError(result.error);
  return { ...result.pair, email: result.user.email, ipAddress: ip };
}

/**
 * Changes the signed-in user's account and rotates their refresh token in one transaction, for
 * the calls that answer a new pair (PUT /user, adult checks). The token must be the caller's
 * (NOT_FOUND_REFRESH_TOKEN otherwise) and nothing changes when it is refused. `change` gets the
 * user's locked row and answers the updated one.
 */
export async function changeWithRotation(
  ctx: AuthCtx,
  input: { userId: number; refreshToken: string; authTime: Date },
  change: (tx: Db, user: repo.UserRow) => Promise<repo.UserRow>,
): Promise<{ user: repo.UserRow; authResponse: AuthResponse }> {
  const result = await ctx.db.transaction(async (tx): Promise<Rotation> => {
    const rotation = await rotate(ctx, tx, input);
    if (rotation.error) return rotation;
    const locked = await repo.lockUser(tx, rotation.user.id);
    if (!locked) return { error: 'NOT_FOUND_REFRESH_TOKEN' };
    return { error: null, user: await change(tx, locked), pair: rotation.pair };
  });
  if (result.error) throw new AppError(result.error);
  return { user: result.user, authResponse: { ...result.pair, isSignUp: isNewSignUp(result.user, ctx.now) } };
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
  return (await authenticateSession(deps, token, brandId, now)).user;
}

/** Like `authenticate`, plus when the user logged in (the token's auth time). */
export async function authenticateSession(
  deps: Pick<AuthDeps, 'db' | 'tokens'>,
  token: string,
  brandId: string,
  now: Date,
): Promise<{ user: repo.UserRow; authTime: Date }> {
  const claims = await deps.tokens.verifyAccess(token, { now });
  if (claims.brandId !== brandId) throw new AppError('MALFORMED_JWT');
  const user = await repo.findUserById(deps.db, claims.userId);
  if (!user || user.status === 'PENDING') throw new AppError('NOT_LOGIN_USER');
  if (user.status === 'WITHDRAWN') throw new AppError('WITHDRAWAL');
  return { user, authTime: claims.authTime };
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

// ——— password reset by SMS ———

/** The active e-mail account holding a phone number (spec §5: phone reset only for those who gave one). */
async function smsUser(ctx: AuthCtx, phone: string): Promise<repo.UserRow> {
  const user = await accounts.findUserByPhone(ctx.db, ctx.brand.id, phone);
  if (user?.status !== 'ACTIVE' || !user.passwordHash) throw new AppError('NOT_FOUND_SMS_USER');
  return user;
}

/** Texts a 6-digit code valid 10 minutes; a new one may be asked for once a minute. */
export async function requestSmsReset(ctx: AuthCtx, phone: string): Promise<{ expiredAt: string }> {
  const user = await smsUser(ctx, phone);
  const last = await repo.latestCodeForUpdate(ctx.db, user.id, 'RESET_SMS');
  if (last && ctx.now.getTime() - last.createdAt.getTime() < RESEND_INTERVAL_MS) throw new AppError('ALREADY_SEND_SMS');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(ctx.now.getTime() + SMS_CODE_TTL_MS);
  await repo.insertCode(ctx.db, {
    userId: user.id,
    purpose: 'RESET_SMS',
    codeHash: codeHash(ctx, user.id, code),
    expiresAt,
  });
  await ctx.sms.send({ to: phone, text: smsText(ctx.brand, 'resetCode', { code }) });
  return { expiredAt: expiresAt.toISOString() };
}

/**
 * Checks the texted code and answers a reset pair (userId, uuid) for POST /auth/local/reset/password,
 * valid 10 minutes and once, like a mailed link.
 */
export async function verifySmsReset(
  ctx: AuthCtx,
  input: { phone: string; code: string },
): Promise<{ userId: number; uuid: string }> {
  const user = await smsUser(ctx, input.phone);
  type Outcome = { error: ErrorCode } | { error: null; uuid: string };
  const result = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    const code = await repo.latestCodeForUpdate(tx, user.id, 'RESET_SMS');
    if (!code) return { error: 'INVALID_PARAMETER' };
    if (code.usedAt) return { error: 'ALREADY_USE_SMS' };
    if (code.expiresAt <= ctx.now || code.attempts >= MAX_CODE_ATTEMPTS) return { error: 'EXPIRED_OTP' };
    if (code.codeHash !== codeHash(ctx, user.id, input.code)) {
      await repo.countCodeAttempt(tx, code.id);
      return { error: 'INVALID_PARAMETER' };
    }
    await repo.markCodeUsed(tx, code.id, ctx.now);
    const uuid = newOpaqueToken();
    await repo.insertCode(tx, {
      userId: user.id,
      purpose: 'RESET_LINK',
      codeHash: codeHash(ctx, user.id, uuid),
      expiresAt: new Date(ctx.now.getTime() + SMS_CODE_TTL_MS),
    });
    return { error: null, uuid };
  });
  // A wrong code is counted (committed) before it is refused.
  if (result.error) throw new AppError(result.error);
  return { userId: user.id, uuid: result.uuid };
}
