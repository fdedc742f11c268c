import type { EpisodeAccess } from '@balcony/contracts';
import type { ServiceContext } from '../../context.js';
import * as repo from './repo.js';
import { episodeAccess } from './rules.js';

// Who may read which episode (DESIGN §6), for the series detail, the viewer and the library
// alike. It asks nothing of the catalog: the caller passes the episodes and the series' ticket interval.

export { episodeAccess } from './rules.js';

/** The caller's access to each of these episodes of one series (a visitor holds no ownership). */
export async function accessToEpisodes(
  ctx: ServiceContext,
  series: { id: number; freetimeIntervalHours: number | null },
  list: readonly { id: number; isFree: boolean; freetime: boolean }[],
): Promise<Map<number, EpisodeAccess>> {
  const held =
    ctx.user === null
      ? { byEpisode: new Map<number, never[]>(), lastFreetimeUse: null }
      : await repo.holdingsInSeries(
          ctx.db,
          ctx.user.id,
          series.id,
          list.filter((e) => !e.isFree).map((e) => e.id),
          ctx.now,
        );
  const ticket = { intervalHours: series.freetimeIntervalHours, lastUsedAt: held.lastFreetimeUse };
  return new Map(list.map((e) => [e.id, episodeAccess(e, held.byEpisode.get(e.id) ?? [], ticket, ctx.now)]));
}

export type { NewOwnership } from './repo.js';

/** Records what a purchase, a ticket or a gift lets the member read (in the caller's transaction). */
export function grant(ctx: ServiceContext, rows: readonly repo.NewOwnership[]): Promise<void> {
  return repo.insertOwnerships(ctx.db, rows);
}
