import type { OwnershipType } from '@balcony/contracts';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ownerships } from '../../db/schema.js';
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
}

export async function insertOwnerships(db: Db, rows: readonly NewOwnership[]): Promise<void> {
  if (rows.length > 0) await db.insert(ownerships).values([...rows]);
}
