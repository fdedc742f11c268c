import type { EpisodeAccess } from '@balcony/contracts';
import type { Db } from '../../db/client.js';
import * as catalogRepo from '../catalog/repo.js';
import { episodeAccess } from './access.js';
import * as repo from './repo.js';

/** The caller's access to each of these episodes of one series (a visitor holds no ownership). */
export async function accessToEpisodes(
  ctx: { db: Db; brand: { id: string }; now: Date; user: { id: number } | null },
  seriesId: number,
  list: readonly { id: number; isFree: boolean; freetime: boolean }[],
): Promise<Map<number, EpisodeAccess>> {
  const userId = ctx.user?.id;
  const [owned, intervalHours, lastUsedAt] = await Promise.all([
    userId === undefined
      ? new Map<number, never[]>()
      : repo.activeOwnerships(
          ctx.db,
          userId,
          list.filter((e) => !e.isFree).map((e) => e.id),
          ctx.now,
        ),
    catalogRepo.freetimeIntervalHours(ctx.db, ctx.brand.id, seriesId),
    userId === undefined ? null : repo.lastFreetimeUse(ctx.db, userId, seriesId),
  ]);
  const ticket = { intervalHours, lastUsedAt };
  return new Map(list.map((e) => [e.id, episodeAccess(e, owned.get(e.id) ?? [], ticket, ctx.now)]));
}
