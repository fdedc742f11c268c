import { DAY_MS } from '@balcony/contracts';
import { and, desc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { freetimeUses, seriesBrands } from '../../db/schema.js';

// Queries of `freetime_uses`, one row per ticket spent (decision 0155), and of the series' ticket
// interval on a brand.

export type FreetimeUseRow = typeof freetimeUses.$inferSelect;
export type NewFreetimeUse = Omit<typeof freetimeUses.$inferInsert, 'id'>;

export async function findByKey(db: Db, userId: number, idempotencyKey: string): Promise<FreetimeUseRow | null> {
  const [row] = await db
    .select()
    .from(freetimeUses)
    .where(and(eq(freetimeUses.userId, userId), eq(freetimeUses.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

/** The member's newest use of the series' ticket, or null before the first. */
export async function latestUse(db: Db, userId: number, seriesId: number): Promise<FreetimeUseRow | null> {
  const [row] = await db
    .select()
    .from(freetimeUses)
    .where(and(eq(freetimeUses.userId, userId), eq(freetimeUses.seriesId, seriesId)))
    .orderBy(desc(freetimeUses.seq))
    .limit(1);
  return row ?? null;
}

/**
 * Spends ticket number `use.seq`, or answers null when that number is already taken: a use from
 * another tab committed first (PostgreSQL waits for it, then skips). Nothing is thrown, so the
 * transaction stays usable to answer with the use that won.
 */
export async function spend(db: Db, use: NewFreetimeUse): Promise<FreetimeUseRow | null> {
  const [row] = await db.insert(freetimeUses).values(use).onConflictDoNothing().returning();
  return row ?? null;
}

/** The ticket interval of each of these series that offers one on the brand. */
export async function intervals(db: Db, brandId: string, seriesIds: readonly number[]) {
  if (seriesIds.length === 0) return [];
  const rows = await db
    .select({ id: seriesBrands.seriesId, freetimeIntervalHours: seriesBrands.freetimeIntervalHours })
    .from(seriesBrands)
    .where(
      and(
        eq(seriesBrands.brandId, brandId),
        inArray(seriesBrands.seriesId, [...seriesIds]),
        isNotNull(seriesBrands.freetimeIntervalHours),
      ),
    );
  return rows;
}

/** The longest ticket interval the scan below looks back for (longer ones are not announced). */
const LONGEST_INTERVAL_DAYS = 30;

/**
 * Tickets back in (from, to]: the newest use of a member's ticket of a series whose interval ends
 * in that span (for the notifications' scan). `used_at` is indexed and bounded to 30 days back.
 */
export function ticketsBackBetween(db: Db, from: Date, to: Date) {
  const backAt = sql<Date>`${freetimeUses.usedAt} + ${seriesBrands.freetimeIntervalHours} * interval '1 hour'`;
  return db
    .select({
      useId: freetimeUses.id,
      userId: freetimeUses.userId,
      brandId: freetimeUses.brandId,
      seriesId: freetimeUses.seriesId,
      title: seriesBrands.title,
    })
    .from(freetimeUses)
    .innerJoin(
      seriesBrands,
      and(eq(seriesBrands.seriesId, freetimeUses.seriesId), eq(seriesBrands.brandId, freetimeUses.brandId)),
    )
    .where(
      and(
        isNotNull(seriesBrands.freetimeIntervalHours),
        gt(freetimeUses.usedAt, new Date(from.getTime() - LONGEST_INTERVAL_DAYS * DAY_MS)),
        lte(freetimeUses.usedAt, to),
        sql`${backAt} > ${from} and ${backAt} <= ${to}`,
        sql`not exists (select 1 from ${freetimeUses} later where later.user_id = ${freetimeUses.userId}
              and later.series_id = ${freetimeUses.seriesId} and later.seq > ${freetimeUses.seq})`,
      ),
    );
}
