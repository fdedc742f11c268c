import { createHmac } from 'node:crypto';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { oneTimeCodes, refreshTokens, users, withdrawnEmails } from '../../db/schema.js';
import type { UserRow } from '../auth/repo.js';

// Queries of account settings and withdrawal. `db` may be an open transaction.

export async function findUserByPhone(db: Db, brandId: string, phone: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.brandId, brandId), eq(users.phone, phone)));
  return row ?? null;
}

/**
 * The key under which a withdrawn address is remembered: HMAC-SHA-256 with the auth secret of
 * brand and lower-case address, so a database dump alone cannot confirm anyone's address.
 */
export function withdrawnEmailKey(secret: Uint8Array, brandId: string, email: string): string {
  return createHmac('sha256', secret).update(`${brandId}\n${email.trim().toLowerCase()}`).digest('hex');
}

/** What is remembered of a withdrawn social account, hashed like an address: its provider identity. */
export function socialIdentityKey(provider: string, subject: string): string {
  return `sns:${provider}:${subject}`;
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

/** Ends every session of a user and forgets the addresses they connected from. */
export async function revokeAndForgetTokens(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`coalesce(${refreshTokens.revokedAt}, ${now.toISOString()}::timestamptz)`, ipAddress: null })
    .where(eq(refreshTokens.userId, userId));
}

export async function deleteCodesOfUser(db: Db, userId: number): Promise<void> {
  await db.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
}
