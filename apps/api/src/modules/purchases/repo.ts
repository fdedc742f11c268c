import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { episodePurchases } from '../../db/schema.js';

// Queries of `episode_purchases`: one row per rent or buy, its idempotency key unique per member.

export type PurchaseRow = typeof episodePurchases.$inferSelect;
export type NewPurchase = typeof episodePurchases.$inferInsert;

export async function findByKey(db: Db, userId: number, idempotencyKey: string): Promise<PurchaseRow | null> {
  const [row] = await db
    .select()
    .from(episodePurchases)
    .where(and(eq(episodePurchases.userId, userId), eq(episodePurchases.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

export async function insert(db: Db, values: NewPurchase): Promise<PurchaseRow> {
  const [row] = await db.insert(episodePurchases).values(values).returning();
  if (!row) throw new Error('purchase not inserted');
  return row;
}
