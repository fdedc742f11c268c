import type { DisplayChannel, OrderStatus } from '@balcony/contracts';
import { and, asc, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { coinProducts, orders, paymentEvents } from '../../db/schema.js';

// Queries of the shop's tables: coin products, orders and the provider events already applied.

export type ProductRow = typeof coinProducts.$inferSelect;
export type NewProduct = typeof coinProducts.$inferInsert;
export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

export async function listProducts(db: Db, brandId: string, channel: DisplayChannel): Promise<ProductRow[]> {
  return db
    .select()
    .from(coinProducts)
    .where(
      and(
        eq(coinProducts.brandId, brandId),
        eq(coinProducts.active, true),
        sql`${channel} = any(${coinProducts.channels})`,
      ),
    )
    .orderBy(asc(coinProducts.sortOrder), asc(coinProducts.id));
}

export async function findProduct(db: Db, brandId: string, productId: number): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(coinProducts)
    .where(and(eq(coinProducts.id, productId), eq(coinProducts.brandId, brandId), eq(coinProducts.active, true)));
  return row ?? null;
}

export async function productById(db: Db, productId: number): Promise<ProductRow | null> {
  const [row] = await db.select().from(coinProducts).where(eq(coinProducts.id, productId));
  return row ?? null;
}

/** Counts one more sale unless the total stock is gone; false when it is. */
export async function takeFromStock(db: Db, productId: number): Promise<boolean> {
  const rows = await db
    .update(coinProducts)
    .set({ soldCount: sql`${coinProducts.soldCount} + 1` })
    .where(
      and(
        eq(coinProducts.id, productId),
        or(isNull(coinProducts.limitTotal), lt(coinProducts.soldCount, coinProducts.limitTotal)),
      ),
    )
    .returning({ id: coinProducts.id });
  return rows.length > 0;
}

export async function returnToStock(db: Db, productId: number): Promise<void> {
  await db
    .update(coinProducts)
    .set({ soldCount: sql`greatest(${coinProducts.soldCount} - 1, 0)` })
    .where(eq(coinProducts.id, productId));
}

/** How many of each product the member has paid for (refunded ones do not count). */
export async function paidCounts(db: Db, userId: number, productIds: readonly number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: orders.productId, n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'PAID'), inArray(orders.productId, [...productIds])))
    .groupBy(orders.productId);
  return new Map(rows.map((r) => [r.productId, r.n]));
}

export async function insertProducts(db: Db, rows: readonly NewProduct[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insert(coinProducts)
      .values([...rows])
      .onConflictDoNothing();
}

export async function findOrderByKey(db: Db, userId: number, key: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row ?? null;
}

export async function insertOrderUnlessKeyTaken(db: Db, values: NewOrder): Promise<OrderRow | null> {
  const [row] = await db.insert(orders).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findOrder(db: Db, orderId: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

export async function findOrderByProviderRef(db: Db, providerRef: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.providerRef, providerRef));
  return row ?? null;
}

/** The order row locked until the transaction ends. */
export async function lockOrder(db: Db, orderId: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row ?? null;
}

export async function updateOrder(
  db: Db,
  orderId: number,
  changes: Partial<Pick<OrderRow, 'status' | 'providerRef' | 'paidAt' | 'refundedAt' | 'purchaseCount'>> & {
    status?: OrderStatus;
  },
): Promise<OrderRow> {
  const [row] = await db.update(orders).set(changes).where(eq(orders.id, orderId)).returning();
  if (!row) throw new Error('order not found');
  return row;
}

/** Records a provider event; false when it was already recorded (a webhook delivered again). */
export async function recordPaymentEvent(
  db: Db,
  event: { id: string; provider: 'SANDBOX' | 'STRIPE'; orderId: number | null },
): Promise<boolean> {
  const rows = await db.insert(paymentEvents).values(event).onConflictDoNothing().returning({ id: paymentEvents.id });
  return rows.length > 0;
}

/** The orders that hold a member's coupon (unpaid or paid), locked until the transaction ends. */
export async function lockOrdersHoldingCoupon(db: Db, couponUserId: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.couponUserId, couponUserId), inArray(orders.status, ['UNPAID', 'PAID'])))
    .orderBy(asc(orders.id))
    .for('update');
}
