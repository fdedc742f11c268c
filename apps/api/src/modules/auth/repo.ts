import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { oneTimeCodes, refreshTokens, signUpAttempts } from '../../db/schema.js';

// Queries of refresh tokens, one-time codes and sign-up attempts, which this module alone
// writes (accounts belong to modules/users). `db` may be an open transaction.

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type SignUpAttemptRow = typeof signUpAttempts.$inferSelect;
export type OneTimeCodePurpose = 'SIGNUP_OTP' | 'RESET_LINK' | 'RESET_SMS';

export async function insertRefreshToken(db: Db, values: typeof refreshTokens.$inferInsert): Promise<RefreshTokenRow> {
  const [row] = await db.insert(refreshTokens).values(values).returning();
  if (!row) throw new Error('refresh token insert returned nothing');
  return row;
}

export async function findRefreshTokenForUpdate(db: Db, tokenHash: string): Promise<RefreshTokenRow | null> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
  return row ?? null;
}

export async function findRefreshTokenById(db: Db, id: number): Promise<RefreshTokenRow | null> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, id));
  return row ?? null;
}

export async function markRefreshTokenReplaced(db: Db, id: number, replacedById: number, now: Date): Promise<void> {
  await db.update(refreshTokens).set({ revokedAt: now, replacedById }).where(eq(refreshTokens.id, id));
}

export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Whether a family still has a live token (it was neither logged out nor revoked for reuse). */
export async function familyIsActive(db: Db, familyId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

export async function revokeAllForUser(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Sessions (token families) an account opened since `since`. */
export async function countSessionsSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${refreshTokens.familyId})`.mapWith(Number) })
    .from(refreshTokens)
    .where(
      and(eq(refreshTokens.userId, userId), gt(refreshTokens.createdAt, since), isNull(refreshTokens.replacedById)),
    );
  return row?.n ?? 0;
}

export async function insertCode(
  db: Db,
  values: {
    userId: number;
    purpose: OneTimeCodePurpose;
    codeHash: string;
    expiresAt: Date;
    signUpAttemptId?: number;
  },
): Promise<void> {
  await db.insert(oneTimeCodes).values(values);
}

export async function insertSignUpAttempt(
  db: Db,
  values: { userId: number; passwordHash: string; isAgreeMail: boolean; phone: string | null },
): Promise<SignUpAttemptRow> {
  const [row] = await db.insert(signUpAttempts).values(values).returning();
  if (!row) throw new Error('sign-up attempt insert returned no row');
  return row;
}

/** The attempt `id` of `userId`, or that user's newest attempt when `id` is undefined. */
export async function findSignUpAttempt(db: Db, userId: number, id: number | undefined) {
  const [row] = await db
    .select()
    .from(signUpAttempts)
    .where(and(eq(signUpAttempts.userId, userId), id === undefined ? undefined : eq(signUpAttempts.id, id)))
    .orderBy(sql`${signUpAttempts.id} desc`)
    .limit(1);
  return row ?? null;
}

/** An activated account needs its attempts no more; their codes go with them. */
export async function deleteSignUpAttempts(db: Db, userId: number): Promise<void> {
  await db.delete(signUpAttempts).where(eq(signUpAttempts.userId, userId));
}

/** The newest code of a sign-up attempt, locked for the transaction. */
export async function latestAttemptCodeForUpdate(db: Db, signUpAttemptId: number) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(eq(oneTimeCodes.signUpAttemptId, signUpAttemptId))
    .orderBy(sql`${oneTimeCodes.id} desc`)
    .limit(1)
    .for('update');
  return row ?? null;
}

/** The newest code of a purpose for a user, locked for the transaction. */
export async function latestCodeForUpdate(db: Db, userId: number, purpose: OneTimeCodePurpose) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
    .orderBy(sql`${oneTimeCodes.id} desc`)
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function markCodeUsed(db: Db, id: number, now: Date): Promise<void> {
  await db.update(oneTimeCodes).set({ usedAt: now }).where(eq(oneTimeCodes.id, id));
}

export async function countCodeAttempt(db: Db, id: number): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(eq(oneTimeCodes.id, id));
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
