import type { OwnershipType } from '@balcony/contracts';
import { and, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { batchedPerTurn, inKeyOrder, keyTable } from '../../db/batch.js';
import type { Db } from '../../db/client.js';
import { episodes, ownerships, seriesBrands, users } from '../../db/schema.js';
import type { OwnershipFact } from './rules.js';

// Queries of `ownerships`, the rows that say what a member may read beyond free episodes.

/** What one member holds in one series: the ownerships still running, and when they last used its ticket. */
export interface SeriesHoldings {
  byEpisode: Map<number, OwnershipFact[]>;
  lastFreetimeUse: Date | null;
}

interface HoldingRow extends OwnershipFact {
  episodeId: number;
  createdAt: Date;
}

/**
 * A member's running ownerships in a series and every ticket use of theirs, newest first, as one
 * JSON column, for a caller that reads them within a query of its own (the series page: the
 * member's holdings, favourite and reading in one round trip). Read it back
 * with `holdingsFromColumn`. Each parameter is an SQL expression of the caller's query: the
 * series page passes the columns of each (member, series, moment) it reads in one batch.
 */
export function holdingsColumn({ userId, seriesId, now }: { userId: SQL; seriesId: SQL; now: SQL }): SQL {
  return sql`(select coalesce(json_agg(json_build_object('episodeId', o.episode_id, 'kind', o.kind, 'expiresAt', o.expires_at, 'createdAt', o.created_at) order by o.created_at desc), '[]'::json) from ${ownerships} o where o.user_id = ${userId} and o.series_id = ${seriesId} and (o.kind = 'FREETIME' or o.expires_at is null or o.expires_at > ${now}))`;
}

/** Whose holdings in which series, at which moment. */
export interface HoldingsKey {
  userId: number;
  seriesId: number;
  now: Date;
}

const HOLDINGS_KEYS = keyTable<HoldingsKey>([
  { name: 'user_id', type: 'int', of: (k) => k.userId },
  { name: 'series_id', type: 'int', of: (k) => k.seriesId },
  { name: 'now', type: 'timestamptz', of: (k) => k.now.toISOString() },
]);

/** Each key's holdings as `holdingsColumn`'s value, in one named statement. */
async function readHoldings(db: Db, keys: readonly HoldingsKey[]): Promise<unknown[]> {
  const column = (name: string) => HOLDINGS_KEYS.column(name);
  const rows = await db
    .select({
      at: HOLDINGS_KEYS.at,
      holdings: sql<unknown>`${holdingsColumn({ userId: column('user_id'), seriesId: column('series_id'), now: column('now') })}`,
    })
    .from(HOLDINGS_KEYS.from)
    .prepare('access_holdings_in_series')
    .execute(HOLDINGS_KEYS.bind(keys));
  return inKeyOrder(keys, rows).map((row) => row?.holdings ?? []);
}

/** A member's holdings in a series, read at once: inside a transaction, whose one connection gains nothing from a batch. */
export const holdingsNow = async (db: Db, key: HoldingsKey): Promise<unknown> => (await readHoldings(db, [key]))[0];

/** The same, read with the other requests of this turn of the event loop (decision 0294): outside a transaction. */
export const holdingsOfTurn = batchedPerTurn(readHoldings);

export function holdingsFromColumn(value: unknown, episodeIds: readonly number[], now: Date): SeriesHoldings {
  const rows = (value as { episodeId: number; kind: string; expiresAt: string | null; createdAt: string }[]).map(
    (row) => ({
      episodeId: row.episodeId,
      kind: row.kind,
      expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt),
      createdAt: new Date(row.createdAt),
    }),
  );
  return toHoldings(rows, episodeIds, now);
}

/** Rows newest first → what runs for each wanted episode, and the last ticket use. */
function toHoldings(rows: readonly HoldingRow[], episodeIds: readonly number[], now: Date): SeriesHoldings {
  const wanted = new Set(episodeIds);
  const byEpisode = new Map<number, OwnershipFact[]>();
  let lastFreetimeUse: Date | null = null;
  for (const { episodeId, createdAt, ...fact } of rows) {
    if (fact.kind === 'FREETIME') lastFreetimeUse ??= createdAt;
    const running = fact.expiresAt === null || fact.expiresAt > now;
    if (running && wanted.has(episodeId)) byEpisode.set(episodeId, [...(byEpisode.get(episodeId) ?? []), fact]);
  }
  return { byEpisode, lastFreetimeUse };
}

export interface NewOwnership {
  userId: number;
  episodeId: number;
  seriesId: number;
  kind: OwnershipType;
  expiresAt: Date | null;
  /** The PurchaseType that created it. */
  source: string;
  orderRef: string;
  /** When it was granted (the database's clock unless given); a ticket's use is its grant. */
  createdAt?: Date;
}

export async function insertOwnerships(db: Db, rows: readonly NewOwnership[]): Promise<void> {
  if (rows.length > 0) await db.insert(ownerships).values([...rows]);
}

/** A published episode that takes part in wait-until-free, with what the series' ticket rule needs. */
export interface TicketEpisode {
  id: number;
  number: number;
  isFree: boolean;
  freetime: boolean;
  /** The series' newest published episode number. */
  newestNumber: number;
  /** How many of the newest episodes the series' ticket may not open on this brand. */
  excludesLatest: number;
}

/**
 * The series' published wait-until-free episodes with the ticket rule of the brand (decision 0153),
 * in one query. The rule is read from `series_brands` beside the interval the catalog hands in.
 */
export async function ticketEpisodes(db: Db, brandId: string, seriesId: number, now: Date): Promise<TicketEpisode[]> {
  const at = now.toISOString();
  return db
    .select({
      id: episodes.id,
      number: episodes.number,
      isFree: episodes.isFree,
      freetime: episodes.freetime,
      newestNumber:
        sql<number>`(select max(e2.number) from episodes e2 where e2.series_id = ${seriesId} and e2.published_at <= ${at}::timestamptz)`.mapWith(
          Number,
        ),
      excludesLatest:
        sql<number>`coalesce((select sb.freetime_excludes_latest from series_brands sb where sb.series_id = ${seriesId} and sb.brand_id = ${brandId}), 0)`.mapWith(
          Number,
        ),
    })
    .from(episodes)
    .where(and(eq(episodes.seriesId, seriesId), eq(episodes.freetime, true), lte(episodes.publishedAt, now)));
}

/** When the member last used the ticket of each of these series (series never used are absent). */
export async function lastFreetimeUses(
  db: Db,
  userId: number,
  seriesIds: readonly number[],
): Promise<Map<number, Date>> {
  if (seriesIds.length === 0) return new Map();
  const rows = await db
    .select({
      seriesId: ownerships.seriesId,
      at: sql<Date>`max(${ownerships.createdAt})`.mapWith(ownerships.createdAt),
    })
    .from(ownerships)
    .where(
      and(eq(ownerships.userId, userId), eq(ownerships.kind, 'FREETIME'), inArray(ownerships.seriesId, [...seriesIds])),
    )
    .groupBy(ownerships.seriesId);
  return new Map(rows.map((r) => [r.seriesId, r.at]));
}

/**
 * Rentals ending in (from, to], one row per member, series and end time (a bulk rental ends all
 * its episodes at once), leaving out episodes the member holds beyond that time (bought since).
 * For the notifications' scan; `ownerships_rent_expiry_idx` bounds it.
 */
export function rentalsEndingBetween(db: Db, from: Date, to: Date) {
  return db
    .select({
      userId: ownerships.userId,
      brandId: users.brandId,
      seriesId: ownerships.seriesId,
      expiresAt: sql<Date>`${ownerships.expiresAt}`.mapWith(ownerships.expiresAt),
      title: seriesBrands.title,
      episodes: sql<number>`count(*)`.mapWith(Number),
    })
    .from(ownerships)
    .innerJoin(users, eq(users.id, ownerships.userId))
    .innerJoin(
      seriesBrands,
      and(eq(seriesBrands.seriesId, ownerships.seriesId), eq(seriesBrands.brandId, users.brandId)),
    )
    .where(
      and(
        eq(ownerships.kind, 'RENT'),
        gt(ownerships.expiresAt, from),
        lte(ownerships.expiresAt, to),
        eq(users.status, 'ACTIVE'),
        sql`not exists (select 1 from ${ownerships} kept where kept.user_id = ${ownerships.userId}
              and kept.episode_id = ${ownerships.episodeId}
              and (kept.expires_at is null or kept.expires_at > ${ownerships.expiresAt}))`,
      ),
    )
    .groupBy(ownerships.userId, users.brandId, ownerships.seriesId, ownerships.expiresAt, seriesBrands.title);
}

/** Every ownership of a member still running (rentals not yet over), for an account transfer's file. */
export function runningOwnershipsOf(db: Db, userId: number, now: Date) {
  return db
    .select({
      seriesId: ownerships.seriesId,
      episodeId: ownerships.episodeId,
      kind: ownerships.kind,
      expiresAt: ownerships.expiresAt,
    })
    .from(ownerships)
    .where(
      and(eq(ownerships.userId, userId), sql`(${ownerships.expiresAt} is null or ${ownerships.expiresAt} > ${now})`),
    )
    .orderBy(ownerships.seriesId, ownerships.episodeId, ownerships.id);
}

/**
 * Hands a member's lasting ownerships (bought, rented, permanent, gifted) to another member; the
 * wait-until-free ones stay with their ticket (decision 0273). Answers how many moved.
 */
export async function moveOwnerships(db: Db, fromUserId: number, toUserId: number): Promise<number> {
  const moved = await db
    .update(ownerships)
    .set({ userId: toUserId })
    .where(and(eq(ownerships.userId, fromUserId), sql`${ownerships.kind} <> 'FREETIME'`))
    .returning({ id: ownerships.id });
  return moved.length;
}
