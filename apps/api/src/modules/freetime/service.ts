import {
  AppError,
  type EpisodeAccess,
  FREETIME_UNLOCK_MS,
  type FreetimeTicket,
  type FreetimeUseResult,
  HOUR_MS,
} from '@balcony/contracts';
import { type MemberContext, withTransaction } from '../../context.js';
import type { Db } from '../../db/client.js';
import { accessToEpisodes, grant, ticketsOf } from '../access/service.js';
import * as catalog from '../catalog/service.js';
import * as repo from './repo.js';

// Using a series' wait-until-free ticket (spec §1 free-time popup, §4; issue 12): the ticket
// opens one episode for 72 hours as a FREETIME ownership and is back after the series' interval.
// Uses are numbered per member and series; the number is unique, so two tabs using the same ticket
// at once spend it once (decision 0155).

/** Why the ticket cannot open an episode in this state, or null when it can. */
function refusal(access: EpisodeAccess): AppError | null {
  switch (access.state) {
    case 'FREETIME_READY':
    case 'FREETIME_UNLOCKED':
      return null;
    case 'FREETIME_WAIT':
      return new AppError('NOT_REMAIN_FREETIME_TICKET');
    case 'PAID':
      // The series offers no ticket here, or this episode is not one it opens (decision 0153).
      return new AppError('UN_MATCHED_FREETIME_EPISODE');
    case 'FREE':
    case 'OWNED':
    case 'RENTED':
      // Readable already: spending the ticket on it would waste it.
      return new AppError('EXIST_LIBRARY');
  }
}

function answer(use: repo.FreetimeUseRow, intervalHours: number): FreetimeUseResult {
  return {
    seriesId: use.seriesId,
    episodeId: use.episodeId,
    expiresAt: use.expiresAt.toISOString(),
    ticketAt: new Date(use.usedAt.getTime() + intervalHours * HOUR_MS).toISOString(),
  };
}

/**
 * POST /episodes/{id}/freetime. A retry with the same key answers the first use; an episode this
 * ticket already unlocked (from another tab) answers that unlock and spends nothing.
 */
export function useTicket(
  ctx: MemberContext,
  episodeId: number,
  input: { idempotencyKey: string },
): Promise<FreetimeUseResult> {
  return withTransaction(ctx, async (tx) => {
    const { episode, series } = await catalog.visibleEpisode(tx, episodeId);
    const interval = series.freetimeIntervalHours ?? 0;
    const userId = tx.user.id;
    const earlier = await repo.findByKey(tx.db, userId, input.idempotencyKey);
    if (earlier) {
      // A key names one attempt at one episode.
      if (earlier.episodeId !== episode.id) throw new AppError('INVALID_PARAMETER');
      return answer(earlier, interval);
    }
    // The ticket's number is read before its state: a use another tab commits in between either
    // shows in the state, or takes this number first, so the insert below finds it taken.
    const last = await repo.latestUse(tx.db, userId, series.id);
    const access = (await accessToEpisodes(tx, series, [episode])).get(episode.id);
    if (!access) throw new AppError('NOT_FOUND_EPISODE');
    const refused = refusal(access);
    if (refused) throw refused;
    if (access.state === 'FREETIME_UNLOCKED') return runningUnlock(tx, series, episode.id, access);

    const use = await repo.spend(tx.db, {
      userId,
      seriesId: series.id,
      episodeId: episode.id,
      brandId: tx.brand.id,
      seq: (last?.seq ?? 0) + 1,
      idempotencyKey: input.idempotencyKey,
      usedAt: tx.now,
      expiresAt: new Date(tx.now.getTime() + FREETIME_UNLOCK_MS),
    });
    if (!use) {
      // Another tab spent this ticket first: the same attempt, or the same episode, opens; else wait.
      const won =
        (await repo.findByKey(tx.db, userId, input.idempotencyKey)) ?? (await repo.latestUse(tx.db, userId, series.id));
      if (won?.episodeId === episode.id) return answer(won, interval);
      throw new AppError('NOT_REMAIN_FREETIME_TICKET');
    }
    await grant(tx, [
      {
        userId,
        episodeId: episode.id,
        seriesId: series.id,
        kind: 'FREETIME',
        expiresAt: use.expiresAt,
        source: 'FREETIME',
        orderRef: `freetime:${use.id}`,
        createdAt: use.usedAt,
      },
    ]);
    return answer(use, interval);
  });
}

/** The unlock already running on this episode, with when the ticket is back. */
async function runningUnlock(
  ctx: MemberContext,
  series: { id: number; freetimeIntervalHours: number | null },
  episodeId: number,
  access: EpisodeAccess,
): Promise<FreetimeUseResult> {
  const [ticket] = await ticketsOf(ctx, [series]);
  return {
    seriesId: series.id,
    episodeId,
    expiresAt: access.expiresAt ?? ctx.now.toISOString(),
    ticketAt: ticket?.ticketAt ?? ctx.now.toISOString(),
  };
}

/** GET /freetime/tickets: the member's ticket of each of these series that offers one on the brand. */
export async function tickets(ctx: MemberContext, seriesIds: readonly number[]): Promise<FreetimeTicket[]> {
  const offering = await repo.intervals(ctx.db, ctx.brand.id, [...new Set(seriesIds)]);
  return ticketsOf(ctx, offering);
}

/** Tickets that came back in (from, to], for the notifications' scan (issue 13 item 6). */
export const ticketsBackBetween = (db: Db, from: Date, to: Date) => repo.ticketsBackBetween(db, from, to);
