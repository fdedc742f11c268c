import {
  AppError,
  type CoinBalance,
  type CoinUsedResponse,
  type ErrorCode,
  hasBirthDate,
  type IpKrResponse,
  isAdult,
  isOfAge,
  type KrAdultAuthRequest,
  type PushSettingsRequest,
  type UpdateUserRequest,
  type User,
  type UserAuthResponse,
  type VisibilityUser,
  validateBirthday,
  validateNickname,
  type WithdrawalRequest,
} from '@balcony/contracts';
import type { Db } from '../../db/client.js';
import { verifyPassword } from '../auth/passwords.js';
import * as authRepo from '../auth/repo.js';
import { type AuthCtx, type AuthDeps, changeWithRotation } from '../auth/service.js';
import type { IdentityVerifier } from './identity.js';
import * as repo from './repo.js';

export interface UsersDeps extends AuthDeps {
  identity: IdentityVerifier;
}

export interface UsersCtx extends AuthCtx {
  identity: IdentityVerifier;
}

/** The signed-in caller: who, and when they logged in. */
export interface Session {
  userId: number;
  authTime: Date;
}

type UserChanges = Parameters<typeof authRepo.updateUser>[2];

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** A social account may withdraw only this soon after logging in (TIMEOUT after). */
const WITHDRAWAL_LOGIN_MAX_AGE_MS = 10 * MINUTE_MS;
/** After a refused withdrawal (wrong password), the next attempt waits this long (FREQUENT_REQUEST). */
const WITHDRAWAL_RETRY_MS = 5 * MINUTE_MS;
const RESIGNUP_BLOCK_MS = 30 * DAY_MS;

/** The owner's view of an account: the User of spec §3, nothing secret. */
export function toUser(row: authRepo.UserRow): User {
  return {
    id: row.id,
    snsProvider: row.snsProvider,
    snsId: row.snsId,
    email: row.email,
    name: row.name,
    nickname: row.nickname,
    isAdult: row.isAdult,
    purchaseCount: row.purchaseCount,
    isAgreeMail: row.isAgreeMail,
    showAdult: row.showAdult,
    isKrIpUser: row.isKrIpUser,
    isAdultKr: row.isAdultKr,
    isAppPush: row.isAppPush,
    agreePush: {
      isAgreePush: row.isAgreePush,
      isAgreePushContents: row.isAgreePushContents,
      isAgreePushFreetime: row.isAgreePushFreetime,
      isAgreePushNight: row.isAgreePushNight,
    },
    birthedAt: row.birthedAt,
    isBlToggle: row.isBlToggle,
  };
}

/**
 * The fields the visibility rules read (spec §4). Korean adult auth is required of every
 * Korean-IP user: for them only the Korean identity check (isAdultKr) counts (docs/decisions.md).
 */
export function visibilityUser(row: authRepo.UserRow): VisibilityUser {
  return { ...toUser(row), krAdultAuthRequired: true };
}

/** Balances arrive with the coin ledger; until then every member holds nothing. */
export function coinBalance(_user: authRepo.UserRow): CoinBalance {
  return { coin: 0, freeCoin: 0, bonus: 0, mileage: 0, total: 0 };
}

/** Coins used, newest first; empty until the coin ledger exists. */
export function coinUsed(_user: authRepo.UserRow): CoinUsedResponse {
  return { total: 0, items: [] };
}

/** Korean visitor (GET /auth/ip-kr): the country the CDN read from the client address (ISO 3166 alpha-2). */
export function isKrIp(country: string | undefined): IpKrResponse {
  return { isKrIp: country?.trim().toUpperCase() === 'KR' };
}

async function currentUser(ctx: UsersCtx, userId: number): Promise<authRepo.UserRow> {
  const user = await authRepo.findUserById(ctx.db, userId);
  if (user?.status !== 'ACTIVE' || user.brandId !== ctx.brand.id) throw new AppError('NOT_FOUND_USER');
  return user;
}

// ——— PUT /user and the adult checks ———

/**
 * An adult birth date (spec §5): a possible date, and the age in the brand's zone at least the
 * brand's adult age. Under age answers INVALID_PARAMETER (the popup asks to check the date first).
 */
function adultChanges(ctx: UsersCtx, birthedAt: string): UserChanges {
  const possible = validateBirthday(birthedAt, ctx.now, ctx.brand.timeZone);
  if (!possible.ok) throw new AppError(possible.code);
  if (!isOfAge(birthedAt, ctx.brand.adultAge, ctx.now, ctx.brand.timeZone)) throw new AppError('INVALID_PARAMETER');
  return { birthedAt, isAdult: true };
}

function requestedChanges(ctx: UsersCtx, input: UpdateUserRequest): UserChanges {
  switch (input.action) {
    case 'ADULT':
      return adultChanges(ctx, input.verifyAdultRequest.birthedAt);
    case 'MAIL':
      return { isAgreeMail: input.agreeMailRequest.isAgreeMail };
    case 'PROFILE': {
      const result = validateNickname(input.profileRequest.nickname);
      if (!result.ok) throw new AppError(result.code);
      return { nickname: result.nickname };
    }
  }
}

/** PUT /user: one change, checked before anything is written, with the caller's refresh token rotated. */
export async function updateUser(ctx: UsersCtx, session: Session, input: UpdateUserRequest): Promise<UserAuthResponse> {
  const changes = requestedChanges(ctx, input);
  const { authResponse } = await changeWithRotation(
    ctx,
    { ...session, refreshToken: input.refreshToken },
    (tx: Db, user) => authRepo.updateUser(tx, user.id, changes),
  );
  return { authResponse };
}

/** Korean identity check: a genuine result of an adult sets isAdultKr and isAdult, like PUT /user. */
export async function verifyAdultKr(
  ctx: UsersCtx,
  session: Session,
  input: KrAdultAuthRequest,
): Promise<UserAuthResponse> {
  const verified = await ctx.identity.verify(input);
  if (!verified) throw new AppError('INVALID_PARAMETER');
  const changes = { ...adultChanges(ctx, verified.birthedAt), isAdultKr: true };
  const { authResponse } = await changeWithRotation(
    ctx,
    { ...session, refreshToken: input.refreshToken },
    (tx: Db, user) => authRepo.updateUser(tx, user.id, changes),
  );
  return { authResponse };
}

// ——— toggles and push ———

/** Adult display on only for an adult (spec §4: isAdult, or isAdultKr for Korean users) with a birth date. */
export async function setShowAdult(ctx: UsersCtx, userId: number, value: boolean): Promise<User> {
  const user = await currentUser(ctx, userId);
  if (value) {
    const v = visibilityUser(user);
    if (!isAdult(v) || !hasBirthDate(ctx.brand, v)) throw new AppError('ADULT_ONLY_CONTENTS');
  }
  return toUser(await authRepo.updateUser(ctx.db, user.id, { showAdult: value }));
}

export async function setBlToggle(ctx: UsersCtx, userId: number, value: boolean): Promise<User> {
  const user = await currentUser(ctx, userId);
  return toUser(await authRepo.updateUser(ctx.db, user.id, { isBlToggle: value }));
}

/** PUT /app/push: the switches given change, the others keep their value. */
export async function updatePushSettings(ctx: UsersCtx, userId: number, input: PushSettingsRequest): Promise<User> {
  const user = await currentUser(ctx, userId);
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as UserChanges;
  if (Object.keys(changes).length === 0) return toUser(user);
  return toUser(await authRepo.updateUser(ctx.db, user.id, changes));
}

// ——— withdrawal ———

/**
 * Withdraws the caller's account (docs/decisions.md, Accounts): e-mail accounts confirm with their
 * password, social ones must have logged in within 10 minutes. Personal data is erased, sessions
 * end, and the row stays (WITHDRAWN) for the purchase history; the address is remembered only as
 * a keyed hash for the 30-day re-sign-up block.
 */
export async function withdraw(ctx: UsersCtx, session: Session, input: WithdrawalRequest): Promise<void> {
  const error = await ctx.db.transaction(async (tx): Promise<ErrorCode | null> => {
    const user = await authRepo.lockUser(tx, session.userId);
    if (!user || user.brandId !== ctx.brand.id || user.status === 'PENDING') return 'NOT_FOUND_USER';
    if (user.status === 'WITHDRAWN') return 'WITHDRAWAL';
    if (user.withdrawalAttemptAt && ctx.now.getTime() - user.withdrawalAttemptAt.getTime() < WITHDRAWAL_RETRY_MS) {
      return 'FREQUENT_REQUEST';
    }
    if (user.passwordHash) {
      if (!input.password) return 'INVALID_PASSWORD';
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        await authRepo.updateUser(tx, user.id, { withdrawalAttemptAt: ctx.now });
        return 'INCORRECT_PASSWORD';
      }
    } else if (ctx.now.getTime() - session.authTime.getTime() > WITHDRAWAL_LOGIN_MAX_AGE_MS) {
      return 'TIMEOUT';
    }

    const identity = user.snsProvider && user.snsId ? repo.socialIdentityKey(user.snsProvider, user.snsId) : null;
    for (const remembered of [user.email, identity]) {
      if (!remembered) continue;
      const key = repo.withdrawnEmailKey(ctx.tokens.settings.secret, user.brandId, remembered);
      await repo.recordWithdrawnEmail(tx, key, ctx.now);
    }
    await repo.purgeWithdrawnEmails(tx, new Date(ctx.now.getTime() - RESIGNUP_BLOCK_MS));
    await authRepo.updateUser(tx, user.id, {
      status: 'WITHDRAWN',
      withdrawnAt: ctx.now,
      withdrawalReason: input.reason,
      // Erased: who the person is and how they could be reached or log in.
      email: null,
      name: null,
      nickname: null,
      phone: null,
      birthedAt: null,
      passwordHash: null,
      snsId: null,
      // Consents end with the account.
      isAgreeMail: false,
      isAppPush: false,
      isAgreePush: false,
      isAgreePushContents: false,
      isAgreePushFreetime: false,
      isAgreePushNight: false,
      failedLoginCount: 0,
      lockedUntil: null,
      withdrawalAttemptAt: null,
    });
    await repo.revokeAndForgetTokens(tx, user.id, ctx.now);
    await repo.deleteCodesOfUser(tx, user.id);
    return null;
  });
  // Thrown after the transaction, so that a refused attempt stays recorded.
  if (error) throw new AppError(error);
}
