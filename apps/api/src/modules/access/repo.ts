import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ownerships } from '../../db/schema.js';
import type { OwnershipFact } from './rules.js';

// Queries of `ownerships`, the rows that say what a member may read beyond free episodes.

/** Every ownership row of the member for these episodes that has not run out. */
export async function activeOwnerships(
  db: Db,
  userId: number,
  episodeIds: readonly number[],
  now: Date,
): Promise<Map<number, OwnershipFact[]>> {
  const byEpisode = new Map<number, OwnershipFact[]>();
  if (episodeIds.length === 0) return byEpisode;
  const rows = await db
    .select({ episodeId: ownerships.episodeId, kind: ownerships.kind, expiresAt: ownerships.expiresAt })
    .from(ownerships)
    .where(
      and(
        eq(ownerships.userId, userId),
        inArray(ownerships.episodeId, [...episodeIds]),
        sql`(${ownerships.expiresAt} is null or ${ownerships.expiresAt} > ${now})`,
      ),
    );
  for (const { episodeId, ...fact } of rows) byEpisode.set(episodeId, [...(byEpisode.get(episodeId) ?? []), fact]);
  return byEpisode;
}

/** When the member last used the series' wait-until-free ticket. */
export async function lastFreetimeUse(db: Db, userId: number, seriesId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: ownerships.createdAt })
    .from(ownerships)
    .where(and(eq(ownerships.userId, userId), eq(ownerships.seriesId, seriesId), eq(ownerships.kind, 'FREETIME')))
    .orderBy(desc(ownerships.createdAt))
    .limit(1);
  return row?.at ?? null;
}
