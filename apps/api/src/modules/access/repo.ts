import type { OwnershipType } from '@balcony/contracts';
import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { episodes, ownerships } from '../../db/schema.js';
import type { OwnershipFact } from './rules.js';

// Queries of `ownerships`, the rows that say what a member may read beyond free episodes.

/** What one member holds in one series: the ownerships still running, and when they last used its ticket. */
export interface SeriesHoldings {
  byEpisode: Map<number, OwnershipFact[]>;
  lastFreetimeUse: Date | null;
}

/**
 * The member's running ownerships of these episodes of one series and their last ticket use, in
 * one query on (user, series): the series page and the viewer read both on every member request.
 */
export async function holdingsInSeries(
  db: Db,
  userId: number,
  seriesId: number,
  episodeIds: readonly number[],
  now: Date,
): Promise<SeriesHoldings> {
  const rows = await db
    .select({
      episodeId: ownerships.episodeId,
      kind: ownerships.kind,
      expiresAt: ownerships.expiresAt,
      createdAt: ownerships.createdAt,
    })
    .from(ownerships)
    .where(
      and(
        eq(ownerships.userId, userId),
        eq(ownerships.seriesId, seriesId),
        or(eq(ownerships.kind, 'FREETIME'), sql`(${ownerships.expiresAt} is null or ${ownerships.expiresAt} > ${now})`),
      ),
    )
    .orderBy(desc(ownerships.createdAt));
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
