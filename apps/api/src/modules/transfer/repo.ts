import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accountTransfers, transferPeriods } from '../../db/schema.js';

// The account transfers and the operators' ends of the transfer periods (decision 0250).

export type TransferRow = typeof accountTransfers.$inferSelect;
export type NewTransfer = typeof accountTransfers.$inferInsert;

export async function transferOf(db: Db, userId: number): Promise<TransferRow | null> {
  const [row] = await db.select().from(accountTransfers).where(eq(accountTransfers.userId, userId));
  return row ?? null;
}

/** Inserts the transfer; null when the member already has one (their unique row). */
export async function insertTransfer(db: Db, row: NewTransfer): Promise<TransferRow | null> {
  const [inserted] = await db.insert(accountTransfers).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function countOfBrand(db: Db, brandId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accountTransfers).where(eq(accountTransfers.brandId, brandId));
  return row?.n ?? 0;
}

export async function periodOverride(db: Db, brandId: string): Promise<Date | null> {
  const [row] = await db
    .select({ endsAt: transferPeriods.endsAt })
    .from(transferPeriods)
    .where(eq(transferPeriods.brandId, brandId));
  return row?.endsAt ?? null;
}

export async function setPeriodOverride(
  db: Db,
  brandId: string,
  endsAt: Date | null,
  adminId: number,
  now: Date,
): Promise<void> {
  if (endsAt === null) {
    await db.delete(transferPeriods).where(eq(transferPeriods.brandId, brandId));
    return;
  }
  await db
    .insert(transferPeriods)
    .values({ brandId, endsAt, updatedBy: adminId, updatedAt: now })
    .onConflictDoUpdate({ target: transferPeriods.brandId, set: { endsAt, updatedBy: adminId, updatedAt: now } });
}
