import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { episodes, giftInfos, gifts, seriesBrands } from '../../db/schema.js';

// Queries of `gift_infos` and `gifts`, which this module alone writes. Reads of the catalog's
// tables (a series' title in the brand, episode numbers) are joins for display only.

export type GiftInfoRow = typeof giftInfos.$inferSelect;
export type NewGiftInfo = typeof giftInfos.$inferInsert;
export type NewGift = typeof gifts.$inferInsert;

/** The sending, unless the admin already used this key: null then (the caller reads the first one). */
export async function insertInfoUnlessKeyUsed(db: Db, values: NewGiftInfo): Promise<GiftInfoRow | null> {
  const [row] = await db.insert(giftInfos).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findInfoByKey(db: Db, createdBy: number, idempotencyKey: string): Promise<GiftInfoRow | null> {
  const [row] = await db
    .select()
    .from(giftInfos)
    .where(and(eq(giftInfos.createdBy, createdBy), eq(giftInfos.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

export async function insertGifts(db: Db, rows: readonly NewGift[]) {
  return db
    .insert(gifts)
    .values([...rows])
    .returning({ id: gifts.id, targetType: gifts.targetType, userId: gifts.userId, email: gifts.email });
}

export async function giftsOfInfo(db: Db, infoId: number) {
  return db
    .select({ id: gifts.id, targetType: gifts.targetType, userId: gifts.userId, email: gifts.email })
    .from(gifts)
    .where(eq(gifts.infoId, infoId))
    .orderBy(asc(gifts.id));
}

/** A gift with what it gives and the series' title in its brand, as the box shows it. */
const giftView = {
  id: gifts.id,
  brandId: gifts.brandId,
  targetType: gifts.targetType,
  userId: gifts.userId,
  status: gifts.status,
  expiresAt: gifts.expiresAt,
  receivedAt: gifts.receivedAt,
  expiredAt: gifts.expiredAt,
  createdAt: gifts.createdAt,
  infoId: giftInfos.id,
  kind: giftInfos.kind,
  title: giftInfos.title,
  message: giftInfos.message,
  coinType: giftInfos.coinType,
  coinAmount: giftInfos.coinAmount,
  coinValidDays: giftInfos.coinValidDays,
  seriesId: giftInfos.seriesId,
  episodeIds: giftInfos.episodeIds,
  seriesTitle: seriesBrands.title,
  episodeNumbers: sql<
    number[] | null
  >`(select array_agg(${episodes.number} order by ${episodes.number}) from ${episodes} where ${episodes.id} = any(${giftInfos.episodeIds}))`,
};
export type GiftView = Awaited<ReturnType<typeof listWaiting>>[number];

function viewQuery(db: Db) {
  return db
    .select(giftView)
    .from(gifts)
    .innerJoin(giftInfos, eq(giftInfos.id, gifts.infoId))
    .leftJoin(
      seriesBrands,
      and(eq(seriesBrands.seriesId, giftInfos.seriesId), eq(seriesBrands.brandId, gifts.brandId)),
    );
}

const waitingFor = (userId: number, now: Date) =>
  and(eq(gifts.userId, userId), eq(gifts.status, 'WAITING'), gt(gifts.expiresAt, now));

/** The member's gifts still to receive, soonest expiry first. */
export function listWaiting(db: Db, userId: number, now: Date, limit: number) {
  return viewQuery(db).where(waitingFor(userId, now)).orderBy(asc(gifts.expiresAt), asc(gifts.id)).limit(limit);
}

/** The member's gifts received or expired since `since` (an expired one the job has not reached yet too), newest first. */
export function listPast(db: Db, userId: number, now: Date, since: Date, limit: number) {
  return viewQuery(db)
    .where(
      and(
        eq(gifts.userId, userId),
        or(
          and(eq(gifts.status, 'RECEIVED'), gte(gifts.receivedAt, since)),
          and(inArray(gifts.status, ['WAITING', 'EXPIRED']), lte(gifts.expiresAt, now), gte(gifts.expiresAt, since)),
        ),
      ),
    )
    .orderBy(desc(sql`coalesce(${gifts.receivedAt}, ${gifts.expiresAt})`), desc(gifts.id))
    .limit(limit);
}

export async function countWaiting(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(gifts).where(waitingFor(userId, now));
  return row?.n ?? 0;
}

/** One gift of the brand, its row locked until the transaction ends (two tabs receive it one after the other). */
export async function lockGift(db: Db, brandId: string, giftId: number): Promise<GiftView | null> {
  const [row] = await viewQuery(db)
    .where(and(eq(gifts.id, giftId), eq(gifts.brandId, brandId)))
    .for('update', { of: gifts });
  return row ?? null;
}

/** The member's receivable gifts, locked in id order (the order every receiver takes them in). */
export async function lockWaiting(db: Db, userId: number, now: Date): Promise<GiftView[]> {
  return viewQuery(db).where(waitingFor(userId, now)).orderBy(asc(gifts.id)).for('update', { of: gifts });
}

export async function markReceived(db: Db, giftId: number, at: Date): Promise<GiftView['receivedAt']> {
  await db.update(gifts).set({ status: 'RECEIVED', receivedAt: at }).where(eq(gifts.id, giftId));
  return at;
}

/** Gives the member the MAIL gifts of the brand waiting for their address; answers how many. */
export async function attachMailGifts(db: Db, brandId: string, email: string, userId: number): Promise<number> {
  const rows = await db
    .update(gifts)
    .set({ userId })
    .where(
      and(
        eq(gifts.brandId, brandId),
        eq(gifts.targetType, 'MAIL'),
        eq(gifts.email, email),
        isNull(gifts.userId),
        eq(gifts.status, 'WAITING'),
      ),
    )
    .returning({ id: gifts.id });
  return rows.length;
}

/**
 * Writes the EXPIRE entry of up to `limit` waiting gifts whose time has passed, at their expiry
 * time. A gift being received holds its row: this waits for it and then skips it (no longer WAITING).
 */
export async function expireDue(db: Db, now: Date, limit: number): Promise<number> {
  const due = db
    .select({ id: gifts.id })
    .from(gifts)
    .where(and(eq(gifts.status, 'WAITING'), lte(gifts.expiresAt, now)))
    .orderBy(asc(gifts.expiresAt))
    .limit(limit);
  const rows = await db
    .update(gifts)
    .set({ status: 'EXPIRED', expiredAt: sql`${gifts.expiresAt}` })
    .where(and(inArray(gifts.id, due), eq(gifts.status, 'WAITING'), lte(gifts.expiresAt, now)))
    .returning({ id: gifts.id });
  return rows.length;
}

/** The published episodes among `episodeIds` of a series the brand shows, in number order. */
export async function episodesInBrand(
  db: Db,
  brandId: string,
  seriesId: number,
  episodeIds: readonly number[],
  now: Date,
): Promise<{ id: number; number: number }[]> {
  if (episodeIds.length === 0) return [];
  return db
    .select({ id: episodes.id, number: episodes.number })
    .from(episodes)
    .innerJoin(seriesBrands, and(eq(seriesBrands.seriesId, episodes.seriesId), eq(seriesBrands.brandId, brandId)))
    .where(and(eq(episodes.seriesId, seriesId), inArray(episodes.id, [...episodeIds]), lte(episodes.publishedAt, now)))
    .orderBy(asc(episodes.number));
}
