import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { adminAccounts, adminSessions } from '../../db/schema.js';

// Queries of `admin_accounts` and `admin_sessions`, which this module alone writes.

export type AdminAccountRow = typeof adminAccounts.$inferSelect;

export async function insertAccount(db: Db, row: typeof adminAccounts.$inferInsert): Promise<AdminAccountRow> {
  const [inserted] = await db.insert(adminAccounts).values(row).returning();
  if (!inserted) throw new Error('admin account not inserted');
  return inserted;
}

export async function findByEmail(db: Db, email: string): Promise<AdminAccountRow | null> {
  const [row] = await db.select().from(adminAccounts).where(eq(adminAccounts.email, email));
  return row ?? null;
}

export async function findById(db: Db, id: number): Promise<AdminAccountRow | null> {
  const [row] = await db.select().from(adminAccounts).where(eq(adminAccounts.id, id));
  return row ?? null;
}

/** The account's row, locked until the transaction ends (a login's counters, a status change). */
export async function lockById(db: Db, id: number): Promise<AdminAccountRow | null> {
  const [row] = await db.select().from(adminAccounts).where(eq(adminAccounts.id, id)).for('update');
  return row ?? null;
}

export function listAccounts(db: Db): Promise<AdminAccountRow[]> {
  return db.select().from(adminAccounts).orderBy(asc(adminAccounts.id));
}

export async function countAccounts(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(adminAccounts);
  return row?.n ?? 0;
}

/** Active OWNERs other than `exceptId`: an OWNER may not disable the last one. */
export async function countOtherActiveOwners(db: Db, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(adminAccounts)
    .where(
      and(
        eq(adminAccounts.status, 'ACTIVE'),
        sql`'OWNER' = any(${adminAccounts.roles})`,
        sql`${adminAccounts.id} <> ${exceptId}`,
      ),
    );
  return row?.n ?? 0;
}

export async function updateAccount(
  db: Db,
  id: number,
  values: Partial<typeof adminAccounts.$inferInsert>,
): Promise<AdminAccountRow> {
  const [row] = await db
    .update(adminAccounts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(adminAccounts.id, id))
    .returning();
  if (!row) throw new Error('admin account not updated');
  return row;
}

export async function insertSession(db: Db, row: typeof adminSessions.$inferInsert): Promise<void> {
  await db.insert(adminSessions).values(row);
}

/** The live session of a token hash (not revoked, not past its end) with its account. */
export async function liveSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ session: adminSessions, account: adminAccounts })
    .from(adminSessions)
    .innerJoin(adminAccounts, eq(adminAccounts.id, adminSessions.adminId))
    .where(
      and(eq(adminSessions.tokenHash, tokenHash), isNull(adminSessions.revokedAt), gt(adminSessions.expiresAt, now)),
    );
  return row ?? null;
}

export async function touchSession(db: Db, id: number, now: Date): Promise<void> {
  await db.update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.id, id));
}

export async function revokeSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(adminSessions)
    .set({ revokedAt: now })
    .where(and(eq(adminSessions.tokenHash, tokenHash), isNull(adminSessions.revokedAt)));
}

export async function revokeSessionsOf(db: Db, adminId: number, now: Date): Promise<void> {
  await db
    .update(adminSessions)
    .set({ revokedAt: now })
    .where(and(eq(adminSessions.adminId, adminId), isNull(adminSessions.revokedAt)));
}
