import { createHmac } from 'node:crypto';
import {
  RESIGNUP_BLOCK_MS,
  type User,
  type UserAddress,
  type UserAddressInput,
  type VisibilityUser,
} from '@balcony/contracts';
import type { ServiceContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import * as repo from './repo.js';

// The owner of member records (`users`) and of the 30-day memory of withdrawn addresses. Every
// other module reads and writes accounts through these functions. Inside `withTransaction` they
// run in the caller's transaction, since they use `ctx.db`.

export type { NewUser, UserChanges, UserRow } from './repo.js';

export const findById = (ctx: ServiceContext, userId: number) => repo.findUserById(ctx.db, userId);
export const findByEmail = (ctx: ServiceContext, email: string) => repo.findUserByEmail(ctx.db, ctx.brand.id, email);
/** Members of the context's brand by id or part of their e-mail (the console's lookup). */
export const search = (ctx: ServiceContext, q: string, limit: number) =>
  repo.searchMembers(ctx.db, ctx.brand.id, q, limit);
export const findByPhone = (ctx: ServiceContext, phone: string) => repo.findUserByPhone(ctx.db, ctx.brand.id, phone);
export const findBySocialIdentity = (ctx: ServiceContext, provider: string, subject: string) =>
  repo.findUserBySns(ctx.db, ctx.brand.id, provider, subject);
export const create = (ctx: ServiceContext, values: repo.NewUser) => repo.insertUser(ctx.db, values);
/** Creates an account unless a unique index refuses it (same e-mail or provider account): null then. */
export const createUnlessTaken = (ctx: ServiceContext, values: repo.NewUser) =>
  repo.insertUserUnlessTaken(ctx.db, values);
/**
 * The account of a request's bearer, with the sessions it ended in the last `endedWithinMs`, kept a
 * moment (account-cache.ts). Read inside a transaction, it is read afresh.
 */
export const findForRequest = (ctx: ServiceContext, userId: number, endedWithinMs: number) => {
  const load = () => repo.findAccountForRequest(ctx.db, userId, new Date(ctx.now.getTime() - endedWithinMs));
  return ctx.inTransaction ? load() : ctx.services.accounts.get(userId, load);
};
/** Drops the kept account here and on the other replicas: its sessions changed (a logout). */
export const forgetForRequest = (ctx: ServiceContext, userId: number) => ctx.services.accounts.forget(userId);
export async function update(ctx: ServiceContext, userId: number, changes: repo.UserChanges): Promise<repo.UserRow> {
  const row = await repo.updateUser(ctx.db, userId, changes);
  ctx.services.accounts.forget(userId);
  return row;
}
/**
 * Notes on the account whether its member connects from Korea now (spec §3 `isKrIpUser`, which
 * asks Korean members for the carrier adult check), at login, refresh and `POST /user`. Nothing
 * is written when the country is unknown or the flag already says so.
 */
export async function recordConnectionCountry(ctx: ServiceContext, user: repo.UserRow): Promise<repo.UserRow> {
  if (ctx.clientCountry === undefined) return user;
  const isKrIpUser = ctx.clientCountry === 'KR';
  return isKrIpUser === user.isKrIpUser ? user : update(ctx, user.id, { isKrIpUser });
}
/** The account row locked until the transaction of `ctx` ends (use inside `withTransaction`). */
export const lock = (ctx: ServiceContext, userId: number) => repo.lockUser(ctx.db, userId);
/** Push consents of these members, for a job (no request). */
export const pushSettingsOf = (db: Db, userIds: readonly number[]) => repo.pushSettingsOf(db, userIds);

/** The owner's view of an account: the User of spec §3, nothing secret. */
export function toUser(row: repo.UserRow): User {
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
 * Korean-IP user: for them only the Korean identity check (isAdultKr) counts (docs/decisions/0038-korean-adult-auth-flag.md).
 */
export function visibilityUser(row: repo.UserRow): VisibilityUser {
  return { ...toUser(row), krAdultAuthRequired: true };
}

// ——— the 30-day re-sign-up block (spec §9) ———

/**
 * The key under which a withdrawn address is remembered: HMAC-SHA-256 with the auth secret of
 * brand and lower-case address, so a database dump alone cannot confirm anyone's address.
 */
function withdrawnKey(ctx: ServiceContext, brandId: string, emailOrIdentity: string): string {
  return createHmac('sha256', ctx.services.tokens.settings.secret)
    .update(`${brandId}\n${emailOrIdentity.trim().toLowerCase()}`)
    .digest('hex');
}

/** What is remembered of a withdrawn social account, hashed like an address: its provider identity. */
export function socialIdentityKey(provider: string, subject: string): string {
  return `sns:${provider}:${subject}`;
}

function blockStart(ctx: ServiceContext): Date {
  return new Date(ctx.now.getTime() - RESIGNUP_BLOCK_MS);
}

/** Whether an address (or a social identity key) withdrew from this brand within the last 30 days. */
export async function recentlyWithdrawn(ctx: ServiceContext, emailOrIdentity: string): Promise<boolean> {
  return repo.isWithdrawnEmail(ctx.db, withdrawnKey(ctx, ctx.brand.id, emailOrIdentity), blockStart(ctx));
}

/** Remembers the addresses of an account that withdraws, as keyed hashes, for the block. */
export async function rememberWithdrawn(
  ctx: ServiceContext,
  brandId: string,
  emailsOrIdentities: readonly string[],
): Promise<void> {
  for (const remembered of emailsOrIdentities) {
    await repo.recordWithdrawnEmail(ctx.db, withdrawnKey(ctx, brandId, remembered), ctx.now);
  }
}

/** Forgets addresses whose block is over. */
export async function forgetExpiredWithdrawals(ctx: ServiceContext): Promise<void> {
  await repo.purgeWithdrawnEmails(ctx.db, blockStart(ctx));
}

// ——— the member's delivery address (spec §3 address form; decision 0280) ———

function toAddress(row: repo.AddressRow): UserAddress {
  return {
    name: row.name,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    zipCode: row.zipCode,
    country: row.country,
    phone: { callingCode: row.phoneCallingCode, number: row.phoneNumber },
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The member's address, or null when none is kept. */
export async function addressOf(ctx: ServiceContext, userId: number): Promise<UserAddress | null> {
  const row = await repo.findAddress(ctx.db, userId);
  return row ? toAddress(row) : null;
}

/** Keeps `input` as the member's one address; an empty second line is kept as none. */
export async function saveAddress(ctx: ServiceContext, userId: number, input: UserAddressInput): Promise<UserAddress> {
  const row = await repo.saveAddress(
    ctx.db,
    userId,
    {
      name: input.name,
      address1: input.address1,
      address2: input.address2 ? input.address2 : null,
      city: input.city,
      zipCode: input.zipCode.toUpperCase(),
      country: input.country,
      phoneCallingCode: input.phone.callingCode,
      phoneNumber: input.phone.number,
    },
    ctx.now,
  );
  return toAddress(row);
}

/** Deletes the member's address (their own wish, or their withdrawal). */
export const deleteAddress = (ctx: ServiceContext, userId: number) => repo.deleteAddress(ctx.db, userId);
