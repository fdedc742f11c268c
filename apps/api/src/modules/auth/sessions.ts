import { createHmac, randomUUID } from 'node:crypto';
import { AppError, type AuthResponse, HOUR_MS, type RefreshResponse, type TokenPair } from '@balcony/contracts';
import { type MemberContext, type ServiceContext, withTransaction } from '../../context.js';
import * as users from '../users/service.js';
import * as repo from './repo.js';
import { newOpaqueToken, sha256 } from './tokens.js';

// Sessions (DESIGN §4): a short access JWT and an opaque refresh token that rotates on every
// refresh; the token families live in `refresh_tokens`, which this module alone writes.

/** How long a just-rotated refresh token still answers, for a concurrent request of the same reader. */
const REFRESH_REUSE_GRACE_MS = 30_000;

type Rotation =
  | { error: 'NOT_FOUND_REFRESH_TOKEN' | 'EXPIRED_REFRESH_TOKEN' }
  | { error: null; user: users.UserRow; pair: TokenPair };

async function issueTokens(
  ctx: ServiceContext,
  user: users.UserRow,
  familyId: string,
  /** When the user logged in; a refresh carries it over, a new session starts now. */
  authTime: Date = ctx.now,
  /** A rotation's successor (see `successorToken`); a new session gets a random one. */
  refreshToken: string = newOpaqueToken(),
): Promise<{ pair: TokenPair; row: repo.RefreshTokenRow }> {
  const { tokens } = ctx.services;
  const access = await tokens.signAccess(
    { userId: user.id, brandId: user.brandId, authTime, sessionId: familyId },
    ctx.now,
  );
  const refreshExpiresAt = new Date(ctx.now.getTime() + tokens.settings.refreshTtlSeconds * 1000);
  const row = await repo.insertRefreshToken(ctx.db, {
    userId: user.id,
    familyId,
    tokenHash: sha256(refreshToken),
    expiresAt: refreshExpiresAt,
    ipAddress: ctx.clientIp,
    createdAt: ctx.now,
  });
  await users.recordConnectionCountry(ctx, user);
  return {
    pair: {
      accessToken: { token: access.token, expiredAt: access.expiredAt.toISOString() },
      refreshToken: { token: refreshToken, expiredAt: refreshExpiresAt.toISOString() },
    },
    row,
  };
}

/** The is-sign-up flag (spec §4): the account was created less than an hour ago. */
function isNewSignUp(user: users.UserRow, now: Date): boolean {
  return user.signedUpAt !== null && now.getTime() - user.signedUpAt.getTime() < HOUR_MS;
}

/** Opens a new session (token family) for an active user: login, sign-up, social login. */
export async function startSession(ctx: ServiceContext, user: users.UserRow): Promise<AuthResponse> {
  const { pair } = await issueTokens(ctx, user, randomUUID());
  return { ...pair, isSignUp: isNewSignUp(user, ctx.now) };
}

/** New sessions of an account since `since`, for the DUPLICATE_LOGIN limit. */
export function countSessionsSince(ctx: ServiceContext, userId: number, since: Date): Promise<number> {
  return repo.countSessionsSince(ctx.db, userId, since);
}

/** Ends every session of a user (a password reset: the old password may be known to someone). */
export async function endAllSessions(ctx: ServiceContext, userId: number): Promise<void> {
  await repo.revokeAllForUser(ctx.db, userId, ctx.now);
}

/** Ends every session of a withdrawing user and forgets the addresses they connected from. */
export async function endAndForgetSessions(ctx: ServiceContext, userId: number): Promise<void> {
  await repo.revokeAndForgetTokens(ctx.db, userId, ctx.now);
}

/**
 * The token that replaces `presented` in a rotation, derived from it with the signing secret: a
 * request that presents the same token again within the grace can be answered the same
 * successor, so a replay never starts a second chain beside the owner's.
 */
function successorToken(ctx: ServiceContext, presented: string): string {
  return createHmac('sha256', ctx.services.tokens.settings.secret)
    .update(`refresh-successor:${presented}`)
    .digest('base64url');
}

/**
 * Rotates a refresh token of `userId` in the transaction of `tx`. A failure is answered, not
 * thrown, so that the caller can commit a family revocation before it throws.
 */
async function rotate(
  tx: ServiceContext,
  input: { userId: number; refreshToken: string; authTime: Date },
): Promise<Rotation> {
  const current = await repo.findRefreshTokenForUpdate(tx.db, sha256(input.refreshToken));
  if (!current || current.userId !== input.userId) return { error: 'NOT_FOUND_REFRESH_TOKEN' };
  if (current.revokedAt) {
    const replay = await sameSuccessor(tx, current, input);
    if (replay) return replay;
    // A rotated token came back after the grace: someone holds a copy. End every session of that family.
    await repo.revokeFamily(tx.db, current.familyId, tx.now);
    return { error: 'EXPIRED_REFRESH_TOKEN' };
  }
  if (current.expiresAt <= tx.now) return { error: 'EXPIRED_REFRESH_TOKEN' };
  const user = await users.findById(tx, current.userId);
  if (user?.status !== 'ACTIVE') return { error: 'NOT_FOUND_REFRESH_TOKEN' };
  const successor = successorToken(tx, input.refreshToken);
  const issued = await issueTokens(tx, user, current.familyId, input.authTime, successor);
  await repo.markRefreshTokenReplaced(tx.db, current.id, issued.row.id, tx.now);
  return { error: null, user, pair: issued.pair };
}

/** How many rotations within the grace a late request of the same reader may still follow. */
const REFRESH_REUSE_CHAIN_MAX = 3;

/**
 * Two requests of one reader refreshing at once (two tabs, a page and its data calls) present the
 * same token. Within the grace the later one gets the pair at the live end of the chain (the
 * same pair again, idempotent, or the next one when the first request went on to rotate it again,
 * as a refresh followed by PUT /user or an adult check does): each link must be the successor
 * derived from the one before and rotated within the grace. Otherwise null, and the caller
 * treats it as reuse.
 */
async function sameSuccessor(
  tx: ServiceContext,
  current: repo.RefreshTokenRow,
  input: { refreshToken: string; authTime: Date },
): Promise<Rotation | null> {
  const withinGrace = (at: Date | null): at is Date =>
    at !== null && tx.now.getTime() - at.getTime() < REFRESH_REUSE_GRACE_MS;
  let link = current;
  let token = input.refreshToken;
  for (let step = 0; step < REFRESH_REUSE_CHAIN_MAX; step += 1) {
    const rotatedAt = link.revokedAt;
    if (link.replacedById === null || !withinGrace(rotatedAt)) return null;
    const successor = await repo.findRefreshTokenById(tx.db, link.replacedById);
    token = successorToken(tx, token);
    if (!successor || successor.expiresAt <= tx.now || successor.tokenHash !== sha256(token)) return null;
    if (successor.revokedAt) {
      link = successor;
      continue;
    }
    const user = await users.findById(tx, successor.userId);
    if (user?.status !== 'ACTIVE') return { error: 'NOT_FOUND_REFRESH_TOKEN' };
    // Signed as at the rotation that made it, so it is the access token that request got.
    const access = await tx.services.tokens.signAccess(
      { userId: user.id, brandId: user.brandId, authTime: input.authTime, sessionId: successor.familyId },
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
  return null;
}

export async function refresh(
  ctx: ServiceContext,
  input: { accessToken: string; refreshToken: string },
): Promise<RefreshResponse> {
  const claims = await ctx.services.tokens.verifyAccess(input.accessToken, { allowExpired: true, now: ctx.now });
  // A session belongs to one brand, as for every authenticated call.
  if (claims.brandId !== ctx.brand.id) throw new AppError('MALFORMED_JWT');
  const result = await withTransaction(ctx, (tx) =>
    rotate(tx, { userId: claims.userId, refreshToken: input.refreshToken, authTime: claims.authTime }),
  );
  // Errors are thrown after the transaction so that a family revocation is committed; its access
  // tokens stop working once the cached account is read again.
  if (result.error) {
    users.forgetForRequest(ctx, claims.userId);
    throw new AppError(result.error);
  }
  // The body's clientIp (spec §7) is the caller's own claim; the address recorded and answered is
  // the one the api trusts (the web's signed relay or the socket), so nobody can choose theirs.
  return { ...result.pair, email: result.user.email, ipAddress: ctx.clientIp };
}

/**
 * Changes the signed-in member's account and rotates their refresh token in one transaction, for
 * the calls that answer a new pair (PUT /user, adult checks). The token must be the caller's
 * (NOT_FOUND_REFRESH_TOKEN otherwise) and nothing changes when it is refused. `change` gets the
 * user's locked row and answers the updated one.
 */
export async function changeWithRotation(
  ctx: MemberContext,
  refreshToken: string,
  change: (tx: ServiceContext, user: users.UserRow) => Promise<users.UserRow>,
): Promise<{ user: users.UserRow; authResponse: AuthResponse }> {
  const result = await withTransaction(ctx, async (tx): Promise<Rotation> => {
    const rotation = await rotate(tx, { userId: ctx.user.id, refreshToken, authTime: ctx.authTime });
    if (rotation.error) return rotation;
    const locked = await users.lock(tx, rotation.user.id);
    if (!locked) return { error: 'NOT_FOUND_REFRESH_TOKEN' };
    return { error: null, user: await change(tx, locked), pair: rotation.pair };
  });
  if (result.error) {
    users.forgetForRequest(ctx, ctx.user.id);
    throw new AppError(result.error);
  }
  return { user: result.user, authResponse: { ...result.pair, isSignUp: isNewSignUp(result.user, ctx.now) } };
}

/** Ends the session of a refresh token: the token, and every access token of its session at once. */
export async function logout(ctx: ServiceContext, refreshToken: string): Promise<void> {
  const userId = await withTransaction(ctx, async (tx) => {
    const current = await repo.findRefreshTokenForUpdate(tx.db, sha256(refreshToken));
    if (!current) throw new AppError('NOT_FOUND_REFRESH_TOKEN');
    await repo.revokeFamily(tx.db, current.familyId, tx.now);
    return current.userId;
  });
  // After the commit, so that no replica reads the session as live again (decision 0292).
  users.forgetForRequest(ctx, userId);
}

/**
 * The signed-in member of a bearer token and when they logged in, or the catalogue code telling
 * the client what to do: expired → NEED_TO_REFRESH, forged or another brand's → MALFORMED_JWT,
 * its session logged out or revoked → NOT_FOUND_ACCESS_TOKEN (log out, decision 0292).
 */
export async function authenticate(
  ctx: ServiceContext,
  token: string,
): Promise<{ user: users.UserRow; authTime: Date }> {
  const { tokens } = ctx.services;
  const claims = await tokens.verifyAccess(token, { now: ctx.now });
  if (claims.brandId !== ctx.brand.id) throw new AppError('MALFORMED_JWT');
  // A session ended up to one access-token lifetime ago may still have unexpired tokens out.
  const account = await users.findForRequest(ctx, claims.userId, tokens.settings.accessTtlSeconds * 1000);
  const user = account?.user;
  if (!user || user.status === 'PENDING') throw new AppError('NOT_LOGIN_USER');
  if (user.status === 'WITHDRAWN') throw new AppError('WITHDRAWAL');
  if (claims.sessionId !== undefined && account.endedSessions.has(claims.sessionId)) {
    throw new AppError('NOT_FOUND_ACCESS_TOKEN');
  }
  return { user, authTime: claims.authTime };
}
