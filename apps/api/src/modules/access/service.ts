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
  const userId = ctx.user?.id;
  const [owned, lastUsedAt] = await Promise.all([
    userId === undefined
      ? new Map<number, never[]>()
      : repo.activeOwnerships(
          ctx.db,
          userId,
          list.filter((e) => !e.isFree).map((e) => e.id),
          ctx.now,
        ),
    userId === undefined ? null : repo.lastFreetimeUse(ctx.db, userId, series.id),
  ]);
  const ticket = { intervalHours: series.freetimeIntervalHours, lastUsedAt };
  return new Map(list.map((e) => [e.id, episodeAccess(e, owned.get(e.id) ?? [], ticket, ctx.now)]));
}
