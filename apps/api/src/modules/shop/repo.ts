import type { DisplayChannel, OrderStatus } from '@balcony/contracts';
import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
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

// ——— the console (issue 15 item 5) ———

/** Every product of the brand, active or not, in the shop's order. */
export async function allProducts(db: Db, brandId: string): Promise<ProductRow[]> {
  return db
    .select()
    .from(coinProducts)
    .where(eq(coinProducts.brandId, brandId))
    .orderBy(asc(coinProducts.sortOrder), asc(coinProducts.id));
}

/** A product of the brand, locked until the transaction ends (an edit and a sale wait for each other). */
export async function lockProduct(db: Db, brandId: string, productId: number): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(coinProducts)
    .where(and(eq(coinProducts.id, productId), eq(coinProducts.brandId, brandId)))
    .for('update');
  return row ?? null;
}

/** Whether another product of the brand has this name (names are unique per brand). */
export async function nameTaken(db: Db, brandId: string, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: coinProducts.id })
    .from(coinProducts)
    .where(and(eq(coinProducts.brandId, brandId), eq(coinProducts.name, name)));
  return rows.some((r) => r.id !== exceptId);
}

export async function insertProduct(db: Db, values: NewProduct): Promise<ProductRow> {
  const [row] = await db.insert(coinProducts).values(values).returning();
  if (!row) throw new Error('product insert returned nothing');
  return row;
}

export type ProductChanges = Partial<Omit<NewProduct, 'id' | 'brandId' | 'soldCount' | 'createdAt'>>;

export async function updateProduct(db: Db, productId: number, changes: ProductChanges): Promise<ProductRow> {
  const [row] = await db.update(coinProducts).set(changes).where(eq(coinProducts.id, productId)).returning();
  if (!row) throw new Error('product not found');
  return row;
}

/** The next place at the end of the brand's list. */
export async function nextSortOrder(db: Db, brandId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${coinProducts.sortOrder}), -1)::int + 1` })
    .from(coinProducts)
    .where(eq(coinProducts.brandId, brandId));
  return row?.n ?? 0;
}

/** Sets each product's place to its index in `productIds`, in one statement. */
export async function reorderProducts(db: Db, brandId: string, productIds: readonly number[]): Promise<void> {
  const places = sql`${`{${productIds.join(',')}}`}::int[]`;
  await db.execute(sql`
    update coin_products p
       set sort_order = x.place - 1
      from unnest(${places}) with ordinality as x(id, place)
     where p.id = x.id and p.brand_id = ${brandId}`);
}

/** A member's orders, newest first. */
export async function ordersOfMember(db: Db, userId: number, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}
