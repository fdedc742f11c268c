import {
  AppError,
  type ErrorCode,
  hasBirthDate,
  type IpKrResponse,
  isAdult,
  isOfAge,
  type KrAdultAuthRequest,
  MINUTE_MS,
  type PushSettingsRequest,
  type UpdateUserRequest,
  type User,
  type UserAddressInput,
  type UserAddressResponse,
  type UserAuthResponse,
  validateBirthday,
  validateNickname,
  type WithdrawalRequest,
} from '@balcony/contracts';
import { type MemberContext, type ServiceContext, withTransaction } from '../../context.js';
import { forgetCodes } from '../auth/codes.js';
import { verifyPassword } from '../auth/passwords.js';
import { changeWithRotation, endAndForgetSessions } from '../auth/sessions.js';
import * as identity from '../identity/service.js';
import * as notifications from '../notifications/service.js';
import * as users from '../users/service.js';

// The member's own account: profile, adult checks, display toggles, push settings, withdrawal.
// Accounts are written through modules/users; token rotation through modules/auth.

/** A social account may withdraw only this soon after logging in (TIMEOUT after). */
const WITHDRAWAL_LOGIN_MAX_AGE_MS = 10 * MINUTE_MS;
/** After a refused withdrawal (wrong password), the next attempt waits this long (FREQUENT_REQUEST). */
const WITHDRAWAL_RETRY_MS = 5 * MINUTE_MS;

/** Korean visitor (GET /auth/ip-kr): the country the CDN read from the client address (decision 0041). */
export function isKrIp(ctx: ServiceContext): IpKrResponse {
  return { isKrIp: ctx.clientCountry === 'KR' };
}

/** POST /user: the signed-in member, noting whether they connect from Korea now. */
export async function currentUserSeen(ctx: MemberContext): Promise<User> {
  return users.toUser(await users.recordConnectionCountry(ctx, ctx.user));
}

async function currentUser(ctx: MemberContext): Promise<users.UserRow> {
  const user = await users.findById(ctx, ctx.user.id);
  if (user?.status !== 'ACTIVE' || user.brandId !== ctx.brand.id) throw new AppError('NOT_FOUND_USER');
  return user;
}

// ——— PUT /user and the adult checks ———

/**
 * An adult birth date (spec §5): a possible date, and the age in the brand's zone at least the
 * brand's adult age. Under age answers INVALID_PARAMETER (the popup asks to check the date first).
 */
function adultChanges(ctx: ServiceContext, birthedAt: string): users.UserChanges {
  const possible = validateBirthday(birthedAt, ctx.now, ctx.brand.timeZone);
  if (!possible.ok) throw new AppError(possible.code);
  if (!isOfAge(birthedAt, ctx.brand.adultAge, ctx.now, ctx.brand.timeZone)) throw new AppError('INVALID_PARAMETER');
  return { birthedAt, isAdult: true };
}

function requestedChanges(ctx: ServiceContext, input: UpdateUserRequest): users.UserChanges {
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
export async function updateUser(ctx: MemberContext, input: UpdateUserRequest): Promise<UserAuthResponse> {
  const changes = requestedChanges(ctx, input);
  const { authResponse } = await changeWithRotation(ctx, input.refreshToken, (tx, user) =>
    users.update(tx, user.id, changes),
  );
  return { authResponse };
}

/**
 * Korean identity check (decisions 0042, 0270): the carrier's signed result for the member's own
 * attempt, used once. An adult's sets isAdultKr and isAdult with the birth date, like PUT /user;
 * a cancelled check answers Callback and a minor's INVALID_PARAMETER, both after using the attempt.
 */
export async function verifyAdultKr(ctx: MemberContext, input: KrAdultAuthRequest): Promise<UserAuthResponse> {
  const result = await identity.consumeResult(ctx, input.encodeData);
  if (result.outcome === 'CANCELLED') throw new AppError('Callback');
  const changes = { ...adultChanges(ctx, result.birthedAt), isAdultKr: true };
  const { authResponse } = await changeWithRotation(ctx, input.refreshToken, (tx, user) =>
    users.update(tx, user.id, changes),
  );
  return { authResponse };
}

// ——— toggles and push ———

/** Adult display on only for an adult (spec §4: isAdult, or isAdultKr for Korean users) with a birth date. */
export async function setShowAdult(ctx: MemberContext, value: boolean): Promise<User> {
  const user = await currentUser(ctx);
  if (value) {
    const v = users.visibilityUser(user);
    if (!isAdult(v) || !hasBirthDate(ctx.brand, v)) throw new AppError('ADULT_ONLY_CONTENTS');
  }
  return users.toUser(await users.update(ctx, user.id, { showAdult: value }));
}

export async function setBlToggle(ctx: MemberContext, value: boolean): Promise<User> {
  const user = await currentUser(ctx);
  return users.toUser(await users.update(ctx, user.id, { isBlToggle: value }));
}

/** PUT /app/push: the switches given change, the others keep their value. */
export async function updatePushSettings(ctx: MemberContext, input: PushSettingsRequest): Promise<User> {
  const user = await currentUser(ctx);
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as users.UserChanges;
  if (Object.keys(changes).length === 0) return users.toUser(user);
  return users.toUser(await users.update(ctx, user.id, changes));
}

// ——— delivery address (spec §3 address form; decision 0280) ———

/** GET /user/address: the caller's own address; no other member's is reachable. */
export async function address(ctx: MemberContext): Promise<UserAddressResponse> {
  return { address: await users.addressOf(ctx, ctx.user.id) };
}

/** PUT /user/address: keeps the caller's one address, replacing the one kept before. */
export async function saveAddress(ctx: MemberContext, input: UserAddressInput): Promise<UserAddressResponse> {
  return { address: await users.saveAddress(ctx, ctx.user.id, input) };
}

/** DELETE /user/address: forgets the caller's address (nothing to do when none is kept). */
export async function deleteAddress(ctx: MemberContext): Promise<void> {
  await users.deleteAddress(ctx, ctx.user.id);
}

// ——— withdrawal ———

/**
 * Withdraws the caller's account (docs/decisions/0044-withdrawal.md): e-mail accounts confirm with their
 * password, social ones must have logged in within 10 minutes. Personal data is erased, sessions
 * end, and the row stays (WITHDRAWN) for the purchase history; the address is remembered only as
 * a keyed hash for the 30-day re-sign-up block.
 */
export async function withdraw(ctx: MemberContext, input: WithdrawalRequest): Promise<void> {
  const error = await withTransaction(ctx, async (tx): Promise<ErrorCode | null> => {
    const user = await users.lock(tx, ctx.user.id);
    if (!user || user.brandId !== ctx.brand.id || user.status === 'PENDING') return 'NOT_FOUND_USER';
    if (user.status === 'WITHDRAWN') return 'WITHDRAWAL';
    if (user.withdrawalAttemptAt && ctx.now.getTime() - user.withdrawalAttemptAt.getTime() < WITHDRAWAL_RETRY_MS) {
      return 'FREQUENT_REQUEST';
    }
    if (user.passwordHash) {
      if (!input.password) return 'INVALID_PASSWORD';
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        await users.update(tx, user.id, { withdrawalAttemptAt: ctx.now });
        return 'INCORRECT_PASSWORD';
      }
    } else if (ctx.now.getTime() - ctx.authTime.getTime() > WITHDRAWAL_LOGIN_MAX_AGE_MS) {
      return 'TIMEOUT';
    }

    const identity = user.snsProvider && user.snsId ? users.socialIdentityKey(user.snsProvider, user.snsId) : null;
    await users.rememberWithdrawn(
      tx,
      user.brandId,
      [user.email, identity].filter((remembered) => remembered !== null),
    );
    await users.forgetExpiredWithdrawals(tx);
    await users.update(tx, user.id, {
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
    await endAndForgetSessions(tx, user.id);
    await forgetCodes(tx, user.id);
    await notifications.forgetMember(tx, user.id);
    await users.deleteAddress(tx, user.id);
    return null;
  });
  // Thrown after the transaction, so that a refused attempt stays recorded.
  if (error) throw new AppError(error);
}
