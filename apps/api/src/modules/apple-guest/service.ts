import { createHmac } from 'node:crypto';
import {
  AppError,
  type AppleGuestSignInRequest,
  type AppleMigrateRequest,
  type AppleMigrateResponse,
  type AuthResponse,
  validateEmailFormat,
  validatePassword,
  validateSignUpEmail,
} from '@balcony/contracts';
import { type ServiceContext, withTransaction } from '../../context.js';
import * as access from '../access/service.js';
import { check } from '../auth/codes.js';
import { checkLocalLogin } from '../auth/login.js';
import { hashPassword } from '../auth/passwords.js';
import { endAndForgetSessions, startSession } from '../auth/sessions.js';
import * as library from '../library/service.js';
import * as notifications from '../notifications/service.js';
import * as users from '../users/service.js';
import * as wallet from '../wallet/service.js';
import * as repo from './repo.js';

// The iOS guest of the Japanese brand (spec §3, §4 "iOS guest", §7 POST
// /auth/sign-in/jp/apple/migrate; decisions 0272, 0273). The app makes a random key, keeps it in
// its keychain and signs in with it: the key is the guest's only credential, stored as a keyed
// hash in snsId. Moving to a web account proves both sides: the guest by its key, the web account
// by its e-mail and password. Once moved, the guest is closed; a guest whose address is new
// becomes the web account itself.

/** The provider name of an iOS guest (spec §3: "apple_guest is special"). */
export const APPLE_GUEST = 'apple_guest';
/** The only brand with iOS guests (the path's "jp"). */
const GUEST_BRAND = 'beltoon-jp';
/** The title of the coins a guest brought into a web account (coin history). */
export const MIGRATED_TITLE = 'APPLE_GUEST_MIGRATE';

/** Other brands have no such call: NOT_FOUND_ROUTE, as for a path that does not exist. */
function japaneseBrandOnly(ctx: ServiceContext): void {
  if (ctx.brand.id !== GUEST_BRAND) throw new AppError('NOT_FOUND_ROUTE');
}

/** The guest's identity: the app key, hashed with the api's secret (a leaked table gives no key). */
function guestSubject(ctx: ServiceContext, appKey: string): string {
  return createHmac('sha256', ctx.services.tokens.settings.secret).update(`apple-guest:${appKey}`).digest('hex');
}

const isOpenGuest = (user: users.UserRow, brandId: string) =>
  user.status === 'ACTIVE' && user.snsProvider === APPLE_GUEST && user.brandId === brandId;

/** The guest the key opens: NOT_FOUND_USER for an unknown key, WITHDRAWAL once it has moved. */
async function guestOf(ctx: ServiceContext, appKey: string): Promise<users.UserRow> {
  const guest = await users.findBySocialIdentity(ctx, APPLE_GUEST, guestSubject(ctx, appKey));
  if (!guest) throw new AppError('NOT_FOUND_USER');
  if (guest.status === 'WITHDRAWN') throw new AppError('WITHDRAWAL');
  return guest;
}

/**
 * POST /auth/sign-in/jp/apple/guest: the iOS app's guest session, the guest made on the key's
 * first use. Only the iOS app has guests (another platform: INVALID_USER).
 */
export async function signInGuest(ctx: ServiceContext, input: AppleGuestSignInRequest): Promise<AuthResponse> {
  japaneseBrandOnly(ctx);
  if (ctx.platform !== 'IOS_APP') throw new AppError('INVALID_USER');
  const subject = guestSubject(ctx, input.appKey);
  const known = await users.findBySocialIdentity(ctx, APPLE_GUEST, subject);
  if (known) {
    if (known.status === 'WITHDRAWN') throw new AppError('WITHDRAWAL');
    return startSession(ctx, known);
  }
  const created = await users.createUnlessTaken(ctx, {
    status: 'ACTIVE',
    brandId: ctx.brand.id,
    snsProvider: APPLE_GUEST,
    snsId: subject,
    isAgreeMail: false,
    signedUpAt: ctx.now,
  });
  // Two first sign-ins with one key: the one that lost the unique index signs in to the other's guest.
  const guest = created ?? (await users.findBySocialIdentity(ctx, APPLE_GUEST, subject));
  if (!guest) throw new Error('an iOS guest vanished while it was being made');
  return startSession(ctx, guest);
}

/**
 * POST /auth/sign-in/jp/apple/migrate (decision 0272): the guest's key and a web account's
 * e-mail and password. An e-mail account holding the address must be opened by the password
 * (checked as a login, with its lock) and receives the guest's coins, episodes, library and
 * favourites (isMigrate); an address without an account makes the guest that e-mail account
 * (isSignUp). Either way the guest key opens nothing afterwards, and the answer is the web
 * account's new session.
 */
export async function migrate(ctx: ServiceContext, input: AppleMigrateRequest): Promise<AppleMigrateResponse> {
  japaneseBrandOnly(ctx);
  const guest = await guestOf(ctx, input.appKeyRequest.appKey);
  const { email, password } = input.webKeyRequest;
  check(validateEmailFormat(email));
  const holder = await users.findByEmail(ctx, email);
  if (!holder) return becomeWebAccount(ctx, guest, { email, password });
  if (holder.snsProvider) throw new AppError('ALREADY_USED_ANOTHER_PLATFORM');
  // An unconfirmed sign-up holds the address until its code is used or it is replaced.
  if (holder.status === 'PENDING') throw new AppError('ALREADY_USED_EMAIL');
  const target = await checkLocalLogin(ctx, { email, password });
  return moveInto(ctx, guest, target);
}

/** Moves everything the guest holds into `target` and closes the guest, in one transaction. */
async function moveInto(
  ctx: ServiceContext,
  guest: users.UserRow,
  target: users.UserRow,
): Promise<AppleMigrateResponse> {
  return withTransaction(ctx, async (tx) => {
    // Both wallets, lower member id first, before any other row of theirs: two moves into one
    // account, or a purchase of either member, wait for each other instead of deadlocking.
    const [firstId, secondId] = guest.id < target.id ? [guest.id, target.id] : [target.id, guest.id];
    const first = await wallet.lock(tx, firstId);
    const second = await wallet.lock(tx, secondId);
    const [from, to] = first.userId === guest.id ? [first, second] : [second, first];
    const lockedGuest = await users.lock(tx, guest.id);
    if (!lockedGuest || !isOpenGuest(lockedGuest, tx.brand.id)) throw new AppError('WITHDRAWAL');
    const lockedTarget = await users.lock(tx, target.id);
    if (lockedTarget?.status !== 'ACTIVE' || lockedTarget.brandId !== tx.brand.id) {
      throw new AppError('NOT_REGISTERED_USER');
    }
    if (!(await repo.insertMigration(tx.db, migrationOf(tx, guest.id, target.id, false)))) {
      throw new AppError('WITHDRAWAL');
    }
    const coins = await wallet.moveAll(tx, from, to, { key: `apple-migrate:${guest.id}`, title: MIGRATED_TITLE });
    const episodes = await access.moveOwnerships(tx, guest.id, target.id);
    await library.moveMember(tx, guest.id, target.id);
    tx.log.info({ guestId: guest.id, userId: target.id, coins, episodes }, 'iOS guest moved to a web account');
    const account = await users.update(tx, target.id, {
      purchaseCount: lockedTarget.purchaseCount + lockedGuest.purchaseCount,
    });
    await users.update(tx, guest.id, {
      status: 'WITHDRAWN',
      withdrawnAt: tx.now,
      withdrawalReason: 'APPLE_GUEST_MIGRATED',
      isAppPush: false,
      isAgreePush: false,
      isAgreePushContents: false,
      isAgreePushFreetime: false,
      isAgreePushNight: false,
    });
    await endAndForgetSessions(tx, guest.id);
    await notifications.forgetMember(tx, guest.id);
    const session = await startSession(tx, account);
    return { ...session, isSignUp: false, userId: account.id, isMigrate: true };
  });
}

/** No account holds the address: the guest becomes its e-mail account, keeping all it holds. */
async function becomeWebAccount(
  ctx: ServiceContext,
  guest: users.UserRow,
  input: { email: string; password: string },
): Promise<AppleMigrateResponse> {
  check(validateSignUpEmail(input.email));
  check(validatePassword(input.password));
  await users.forgetExpiredWithdrawals(ctx);
  if (await users.recentlyWithdrawn(ctx, input.email)) throw new AppError('DELETED_USER');
  const passwordHash = await hashPassword(input.password);
  return withTransaction(ctx, async (tx) => {
    await wallet.lock(tx, guest.id);
    const lockedGuest = await users.lock(tx, guest.id);
    if (!lockedGuest || !isOpenGuest(lockedGuest, tx.brand.id)) throw new AppError('WITHDRAWAL');
    // Another sign-up took the address meanwhile.
    if (await users.findByEmail(tx, input.email)) throw new AppError('ALREADY_USED_EMAIL');
    if (!(await repo.insertMigration(tx.db, migrationOf(tx, guest.id, guest.id, true)))) {
      throw new AppError('WITHDRAWAL');
    }
    const account = await users.update(tx, guest.id, {
      snsProvider: null,
      snsId: null,
      email: input.email,
      passwordHash,
      signedUpAt: tx.now,
    });
    // The app's guest sessions end; the answer is the web account's first session.
    await endAndForgetSessions(tx, guest.id);
    const session = await startSession(tx, account);
    return { ...session, isSignUp: true, userId: account.id, isMigrate: false };
  });
}

function migrationOf(ctx: ServiceContext, guestId: number, userId: number, isSignUp: boolean) {
  return { guestId, userId, brandId: ctx.brand.id, isSignUp, migratedAt: ctx.now };
}
