import { and, asc, eq, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { refreshTokens, userAddresses, users, withdrawnEmails } from '../../db/schema.js';

// Queries of the `users`, `withdrawn_emails` and `user_addresses` tables, which this module alone writes
// (and reads of auth's `refresh_tokens` for a request's account, decision 0292).
// `db` may be an open transaction.

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserChanges = Partial<NewUser>;

export async function findUserByEmail(db: Db, brandId: string, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.brandId, brandId), sql`lower(${users.email}) = lower(${email})`))
    .orderBy(sql`${users.id} desc`)
    .limit(1);
  return row ?? null;
}

/** An account as a request's bearer needs it: its row, and the sessions it ended lately. */
export interface RequestAccount {
  readonly user: Readonly<UserRow>;
  /** Sessions (refresh-token families) logged out or revoked since the time asked. */
  readonly endedSessions: ReadonlySet<string>;
}

/**
 * The account of a bearer and its sessions ended since `endedSince`, in one round trip. The
 * sessions are auth's table, read here only because every member request needs both (decision
 * 0292): a session has ended when none of its refresh tokens is left unrevoked.
 */
export async function findAccountForRequest(db: Db, userId: number, endedSince: Date): Promise<RequestAccount | null> {
  const [row] = await db
    .select({
      user: users,
      ended: sql<string[] | string>`(select coalesce(json_agg(distinct r.family_id), '[]'::json)
        from ${refreshTokens} r
       where r.user_id = ${userId} and r.revoked_at > ${endedSince.toISOString()}::timestamptz
         and not exists (select 1 from ${refreshTokens} l where l.family_id = r.family_id and l.revoked_at is null))`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  const ended: string[] = typeof row.ended === 'string' ? JSON.parse(row.ended) : row.ended;
  return { user: row.user, endedSessions: new Set(ended) };
}

export async function findUserById(db: Db, userId: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function findUserByPhone(db: Db, brandId: string, phone: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.brandId, brandId), eq(users.phone, phone)));
  return row ?? null;
}

export async function findUserBySns(
  db: Db,
  brandId: string,
  provider: string,
  subject: string,
): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.brandId, brandId), eq(users.snsProvider, provider), eq(users.snsId, subject)));
  return row ?? null;
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

/**
 * Inserts a user unless a unique index refuses it (the same provider account, or the same
 * e-mail, signed up meanwhile): null then, and the caller decides what that means.
 */
export async function insertUserUnlessTaken(db: Db, values: NewUser): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateUser(db: Db, userId: number, values: UserChanges): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error(`user ${userId} vanished during update`);
  return row;
}

/** Locks the user's row for the rest of the transaction, so two writers cannot race on it. */
export async function lockUser(db: Db, userId: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row ?? null;
}

export async function recordWithdrawnEmail(db: Db, keyHash: string, withdrawnAt: Date): Promise<void> {
  await db
    .insert(withdrawnEmails)
    .values({ keyHash, withdrawnAt })
    .onConflictDoUpdate({ target: withdrawnEmails.keyHash, set: { withdrawnAt } });
}

/** Whether the address was withdrawn at or after `since`. */
export async function isWithdrawnEmail(db: Db, keyHash: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ keyHash: withdrawnEmails.keyHash })
    .from(withdrawnEmails)
    .where(and(eq(withdrawnEmails.keyHash, keyHash), gte(withdrawnEmails.withdrawnAt, since)));
  return row !== undefined;
}

/** Forgets addresses withdrawn before `before` (the 30-day block is over). */
export async function purgeWithdrawnEmails(db: Db, before: Date): Promise<void> {
  await db.delete(withdrawnEmails).where(lt(withdrawnEmails.withdrawnAt, before));
}

/** The push consents and state of these members (for sending their notifications' pushes). */
export function pushSettingsOf(db: Db, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: users.id,
      status: users.status,
      isAgreePush: users.isAgreePush,
      isAgreePushContents: users.isAgreePushContents,
      isAgreePushFreetime: users.isAgreePushFreetime,
      isAgreePushNight: users.isAgreePushNight,
      isAppPush: users.isAppPush,
    })
    .from(users)
    .where(inArray(users.id, [...userIds]));
}

/**
 * Members of a brand the console looks up: by id when `q` is a number, else by a part of the
 * e-mail address (case ignored), the oldest accounts first.
 */
export async function searchMembers(db: Db, brandId: string, q: string, limit: number): Promise<UserRow[]> {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const id = /^\d{1,10}$/.test(q) && Number(q) <= 2_147_483_647 ? Number(q) : null;
  return db
    .select()
    .from(users)
    .where(and(eq(users.brandId, brandId), or(ilike(users.email, like), id === null ? undefined : eq(users.id, id))))
    .orderBy(asc(users.id))
    .limit(limit);
}

// ——— the member's delivery address (decision 0280) ———

export type AddressRow = typeof userAddresses.$inferSelect;
export type AddressValues = Omit<typeof userAddresses.$inferInsert, 'userId' | 'createdAt' | 'updatedAt'>;

export async function findAddress(db: Db, userId: number): Promise<AddressRow | null> {
  const [row] = await db.select().from(userAddresses).where(eq(userAddresses.userId, userId));
  return row ?? null;
}

/** Keeps `values` as the member's one address, replacing the one kept before. */
export async function saveAddress(db: Db, userId: number, values: AddressValues, now: Date): Promise<AddressRow> {
  const [row] = await db
    .insert(userAddresses)
    .values({ ...values, userId, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: userAddresses.userId, set: { ...values, updatedAt: now } })
    .returning();
  if (!row) throw new Error(`address of user ${userId} not saved`);
  return row;
}

export async function deleteAddress(db: Db, userId: number): Promise<void> {
  await db.delete(userAddresses).where(eq(userAddresses.userId, userId));
}
