import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { batchedPerTurn, inKeyOrder, keyTable } from '../../db/batch.js';
import type { Db } from '../../db/client.js';
import {
  episodes,
  favorites,
  libraryHidden,
  ownerships,
  readingProgress,
  series,
  seriesBrands,
  users,
} from '../../db/schema.js';

// What a member keeps: reading positions, favourites, and the lists of what they hold. Lists are scoped to the series
// the brand shows, so a series withdrawn from a brand leaves its readers' lists too.

export interface Paging {
  page: number;
  size: number;
}

const offsetOf = (p: Paging) => (p.page - 1) * p.size;
const onBrand = (brandId: string, seriesId: PgColumn) =>
  sql`exists (select 1 from ${seriesBrands} where ${seriesBrands.seriesId} = ${seriesId} and ${seriesBrands.brandId} = ${brandId})`;

export async function saveProgress(
  db: Db,
  row: { userId: number; episodeId: number; seriesId: number; page: number; offset: number; now: Date },
): Promise<void> {
  const values = { ...row, updatedAt: row.now };
  await db
    .insert(readingProgress)
    .values(values)
    .onConflictDoUpdate({
      target: [readingProgress.userId, readingProgress.episodeId],
      set: { page: row.page, offset: row.offset, updatedAt: row.now },
    });
}

const PLACE_KEYS = keyTable<{ userId: number; episodeId: number }>([
  { name: 'user_id', type: 'int', of: (k) => k.userId },
  { name: 'episode_id', type: 'int', of: (k) => k.episodeId },
]);

/**
 * Where members stopped in episodes, for the viewer: the places asked for in one turn of the event
 * loop are read in one statement (decision 0294).
 */
export const findProgress = batchedPerTurn(async (db, keys: readonly { userId: number; episodeId: number }[]) => {
  const rows = await db
    .select({ at: PLACE_KEYS.at, page: readingProgress.page, offset: readingProgress.offset })
    .from(PLACE_KEYS.from)
    .innerJoin(
      readingProgress,
      sql`${readingProgress.userId} = ${PLACE_KEYS.column('user_id')} and ${readingProgress.episodeId} = ${PLACE_KEYS.column('episode_id')}`,
    )
    .prepare('library_reading_places')
    .execute(PLACE_KEYS.bind(keys));
  return inKeyOrder(keys, rows).map((row) => (row ? { page: row.page, offset: row.offset } : null));
});

export async function addFavorite(db: Db, userId: number, seriesId: number, now: Date): Promise<void> {
  await db.insert(favorites).values({ userId, seriesId, createdAt: now }).onConflictDoNothing();
}

export async function removeFavorite(db: Db, userId: number, seriesId: number): Promise<void> {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.seriesId, seriesId)));
}

/** Series in which the member owns or rents episodes, last acquired first, minus those they hid since. */
export async function listOwnedSeries(db: Db, userId: number, brandId: string, paging: Paging, now: Date) {
  const acquiredAt = sql<Date>`max(${ownerships.createdAt})`.mapWith((v: string | Date) => new Date(v));
  const ownedCount = sql<number>`count(distinct ${ownerships.episodeId}) filter (where ${ownerships.expiresAt} is null)`;
  const running = sql`(${ownerships.expiresAt} is null or ${ownerships.expiresAt} > ${now})`;
  const visible = sql`not exists (select 1 from ${libraryHidden} h where h.user_id = ${userId} and h.series_id = ${ownerships.seriesId} and h.hidden_at >= ${ownerships.createdAt})`;
  const where = and(eq(ownerships.userId, userId), running, visible, onBrand(brandId, ownerships.seriesId));
  const rows = await db
    .select({ seriesId: ownerships.seriesId, acquiredAt, ownedCount: ownedCount.mapWith(Number) })
    .from(ownerships)
    .where(where)
    .groupBy(ownerships.seriesId)
    .orderBy(sql`max(${ownerships.createdAt}) desc`, ownerships.seriesId)
    .limit(paging.size)
    .offset(offsetOf(paging));
  const [count] = await db
    .select({ total: sql<number>`count(distinct ${ownerships.seriesId})`.mapWith(Number) })
    .from(ownerships)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

/** Rentals and free-time unlocks still running in these series, soonest ending first. */
export async function listRunningRentals(db: Db, userId: number, seriesIds: readonly number[], now: Date) {
  if (seriesIds.length === 0) return [];
  return db
    .select({
      seriesId: ownerships.seriesId,
      episodeId: ownerships.episodeId,
      number: episodes.number,
      expiresAt: sql<Date>`max(${ownerships.expiresAt})`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(ownerships)
    .innerJoin(episodes, eq(episodes.id, ownerships.episodeId))
    .where(
      and(
        eq(ownerships.userId, userId),
        inArray(ownerships.seriesId, [...seriesIds]),
        sql`${ownerships.expiresAt} > ${now}`,
        // An owned episode is not a rental any more.
        sql`not exists (select 1 from ${ownerships} o2 where o2.user_id = ${userId} and o2.episode_id = ${ownerships.episodeId} and o2.expires_at is null)`,
      ),
    )
    .groupBy(ownerships.seriesId, ownerships.episodeId, episodes.number)
    .orderBy(sql`max(${ownerships.expiresAt})`);
}

/** Hides a series from the owned list; a series that does not exist is nothing to hide (no row, no error). */
export async function hideOwnedSeries(db: Db, userId: number, seriesId: number, now: Date): Promise<void> {
  await db.execute(sql`
    insert into ${libraryHidden} (user_id, series_id, hidden_at)
    select ${userId}, ${seriesId}, ${now.toISOString()}::timestamptz
     where exists (select 1 from ${series} s where s.id = ${seriesId})
    on conflict (user_id, series_id) do update set hidden_at = excluded.hidden_at`);
}

/** Favourites, newest first, each with whether an episode came out since the member last looked. */
export async function listFavorites(db: Db, userId: number, brandId: string, paging: Paging, now: Date) {
  const where = and(eq(favorites.userId, userId), onBrand(brandId, favorites.seriesId));
  const lastSeen = sql`greatest(${favorites.createdAt}, coalesce((select max(p.updated_at) from ${readingProgress} p where p.user_id = ${userId} and p.series_id = ${favorites.seriesId}), ${favorites.createdAt}))`;
  const rows = await db
    .select({
      seriesId: favorites.seriesId,
      favoritedAt: favorites.createdAt,
      hasNewEpisode: sql<boolean>`exists (select 1 from ${episodes} e where e.series_id = ${favorites.seriesId} and e.published_at <= ${now} and e.published_at > ${lastSeen})`,
    })
    .from(favorites)
    .where(where)
    .orderBy(desc(favorites.createdAt), favorites.seriesId)
    .limit(paging.size)
    .offset(offsetOf(paging));
  const [count] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(favorites)
    .where(where);
  return { rows, total: count?.total ?? 0 };
}

/** The last episode read in each series, most recent first. */
export async function listRecent(db: Db, userId: number, brandId: string, paging: Paging) {
  const where = and(
    eq(readingProgress.userId, userId),
    onBrand(brandId, readingProgress.seriesId),
    sql`${readingProgress.updatedAt} = (select max(p.updated_at) from ${readingProgress} p where p.user_id = ${userId} and p.series_id = ${readingProgress.seriesId})`,
  );
  const rows = await db
    .select({
      seriesId: readingProgress.seriesId,
      episodeId: episodes.id,
      number: episodes.number,
      title: episodes.title,
      page: readingProgress.page,
      offset: readingProgress.offset,
      readAt: readingProgress.updatedAt,
    })
    .from(readingProgress)
    .innerJoin(episodes, eq(episodes.id, readingProgress.episodeId))
    .where(where)
    .orderBy(desc(readingProgress.updatedAt), readingProgress.seriesId)
    .limit(paging.size)
    .offset(offsetOf(paging));
  const [count] = await db
    .select({ total: sql<number>`count(distinct ${readingProgress.seriesId})`.mapWith(Number) })
    .from(readingProgress)
    .where(and(eq(readingProgress.userId, userId), onBrand(brandId, readingProgress.seriesId)));
  return { rows, total: count?.total ?? 0 };
}

export async function removeRecent(db: Db, userId: number, seriesId: number): Promise<void> {
  await db
    .delete(readingProgress)
    .where(and(eq(readingProgress.userId, userId), eq(readingProgress.seriesId, seriesId)));
}

/**
 * Members whose favourite series got an episode published in (from, to], with the series' title
 * on their brand (for the notifications' scan). `episodes_published_idx` bounds the episodes and
 * `favorites_series_idx` finds their followers.
 */
/** Active members of `brandId` who favourite the series, oldest favourite first, at most `limit`. */
export async function followersOfSeries(db: Db, brandId: string, seriesId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ userId: favorites.userId })
    .from(favorites)
    .innerJoin(users, eq(users.id, favorites.userId))
    .where(and(eq(favorites.seriesId, seriesId), eq(users.brandId, brandId), eq(users.status, 'ACTIVE')))
    .orderBy(favorites.createdAt, favorites.userId)
    .limit(limit);
  return rows.map((r) => r.userId);
}

export function followersOfEpisodesPublished(db: Db, from: Date, to: Date) {
  return db
    .select({
      userId: favorites.userId,
      brandId: users.brandId,
      seriesId: episodes.seriesId,
      episodeId: episodes.id,
      number: episodes.number,
      title: seriesBrands.title,
    })
    .from(episodes)
    .innerJoin(favorites, eq(favorites.seriesId, episodes.seriesId))
    .innerJoin(users, eq(users.id, favorites.userId))
    .innerJoin(seriesBrands, and(eq(seriesBrands.seriesId, episodes.seriesId), eq(seriesBrands.brandId, users.brandId)))
    .where(
      and(
        gt(episodes.publishedAt, from),
        lte(episodes.publishedAt, to),
        eq(users.status, 'ACTIVE'),
        lte(seriesBrands.publishedAt, to),
      ),
    );
}

/** Every favourite of a member, oldest first (an account transfer's file). */
export function allFavoritesOf(db: Db, userId: number) {
  return db
    .select({ seriesId: favorites.seriesId, addedAt: favorites.createdAt })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(favorites.createdAt, favorites.seriesId);
}

/** The last episode a member read in each series, latest first (an account transfer's file). */
export function lastReadPerSeriesOf(db: Db, userId: number) {
  return db
    .selectDistinctOn([readingProgress.seriesId], {
      seriesId: readingProgress.seriesId,
      episodeId: readingProgress.episodeId,
      readAt: readingProgress.updatedAt,
    })
    .from(readingProgress)
    .where(eq(readingProgress.userId, userId))
    .orderBy(readingProgress.seriesId, desc(readingProgress.updatedAt));
}

/**
 * Hands a member's favourites, reading positions and hidden series to another member: what the
 * receiver has already stays, a newer reading position wins; the giver keeps none (decision 0273).
 */
export async function moveMember(db: Db, fromUserId: number, toUserId: number): Promise<void> {
  await db.execute(sql`
    insert into ${favorites} (user_id, series_id, created_at)
    select ${toUserId}, series_id, created_at from ${favorites} where user_id = ${fromUserId}
    on conflict do nothing`);
  await db.delete(favorites).where(eq(favorites.userId, fromUserId));
  await db.execute(sql`
    insert into ${readingProgress} (user_id, episode_id, series_id, page, "offset", updated_at)
    select ${toUserId}, episode_id, series_id, page, "offset", updated_at from ${readingProgress} where user_id = ${fromUserId}
    on conflict (user_id, episode_id) do update
      set page = excluded.page, "offset" = excluded."offset", updated_at = excluded.updated_at
      where ${readingProgress}.updated_at < excluded.updated_at`);
  await db.delete(readingProgress).where(eq(readingProgress.userId, fromUserId));
  await db.execute(sql`
    insert into ${libraryHidden} (user_id, series_id, hidden_at)
    select ${toUserId}, series_id, hidden_at from ${libraryHidden} where user_id = ${fromUserId}
    on conflict do nothing`);
  await db.delete(libraryHidden).where(eq(libraryHidden.userId, fromUserId));
}
