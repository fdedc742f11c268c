import type { EpisodeAccess, FreetimeTicket } from '@balcony/contracts';
import { type MemberContext, readAll, type ServiceContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import * as repo from './repo.js';
import { episodeAccess, ticketBackAt, ticketMayOpen } from './rules.js';

// Who may read which episode (DESIGN §6), for the series detail, the viewer and the library
// alike. It asks nothing of the catalog: the caller passes the episodes and the series' ticket interval.

export { episodeAccess } from './rules.js';

/**
 * The caller's access to each of these episodes of one series (a visitor holds no ownership).
 * `series.ticketOpens` are the episodes its ticket may open (`ticketOpenable`) when the caller
 * keeps them already: the catalog does, with the series page it shares. `holdings` is the value
 * of `holdingsColumn` when the caller read it in its own query (one round trip for the page).
 */
export async function accessToEpisodes(
  ctx: ServiceContext,
  series: { id: number; freetimeIntervalHours: number | null; ticketOpens?: ReadonlySet<number> },
  list: readonly { id: number; isFree: boolean; freetime: boolean }[],
  holdings?: unknown,
): Promise<Map<number, EpisodeAccess>> {
  const paid = list.filter((e) => !e.isFree).map((e) => e.id);
  const user = ctx.user;
  const [held, openable] = await readAll(ctx, [
    async () => {
      if (user === null) return { byEpisode: new Map<number, never[]>(), lastFreetimeUse: null };
      const key = { userId: user.id, seriesId: series.id, now: ctx.now };
      const value = holdings ?? (await (ctx.inTransaction ? repo.holdingsNow : repo.holdingsOfTurn)(ctx.db, key));
      return repo.holdingsFromColumn(value, paid, ctx.now);
    },
    async () => series.ticketOpens ?? ticketOpenable(ctx, series),
  ]);
  const ticket = { intervalHours: series.freetimeIntervalHours, lastUsedAt: held.lastFreetimeUse };
  return new Map(
    list.map((e) => [
      e.id,
      episodeAccess(
        { isFree: e.isFree, freetime: openable.has(e.id) },
        held.byEpisode.get(e.id) ?? [],
        ticket,
        ctx.now,
      ),
    ]),
  );
}

/** The SQL of a member's holdings in a series as one column, for `accessToEpisodes`' `holdings`. */
export { holdingsColumn } from './repo.js';

/** The episodes of a series its ticket may open now on the caller's brand (none when it offers no ticket). */
export async function ticketOpenable(
  ctx: ServiceContext,
  series: { id: number; freetimeIntervalHours: number | null },
): Promise<ReadonlySet<number>> {
  if (series.freetimeIntervalHours === null) return new Set();
  const rows = await repo.ticketEpisodes(ctx.db, ctx.brand.id, series.id, ctx.now);
  return new Set(rows.filter((e) => ticketMayOpen(e, e)).map((e) => e.id));
}

/** The member's ticket of each of these series that offers one: when it is back (null: ready now). */
export async function ticketsOf(
  ctx: MemberContext,
  series: readonly { id: number; freetimeIntervalHours: number | null }[],
): Promise<FreetimeTicket[]> {
  const offering = series.filter((s) => s.freetimeIntervalHours !== null);
  const used = await repo.lastFreetimeUses(
    ctx.db,
    ctx.user.id,
    offering.map((s) => s.id),
  );
  return offering.map((s) => {
    const intervalHours = s.freetimeIntervalHours ?? 0;
    const back = ticketBackAt({ intervalHours, lastUsedAt: used.get(s.id) ?? null }, ctx.now);
    return { seriesId: s.id, intervalHours, ticketAt: back?.toISOString() ?? null };
  });
}

export type { NewOwnership } from './repo.js';

/** Records what a purchase, a ticket or a gift lets the member read (in the caller's transaction). */
export function grant(ctx: ServiceContext, rows: readonly repo.NewOwnership[]): Promise<void> {
  return repo.insertOwnerships(ctx.db, rows);
}

/** Rentals ending in (from, to], for the notifications' scan (issue 13 item 6). */
export const rentalsEndingBetween = (db: Db, from: Date, to: Date) => repo.rentalsEndingBetween(db, from, to);

/** What a member holds and may still read (rentals with their end), for an account transfer. */
export const runningOwnershipsOf = (ctx: ServiceContext, userId: number) =>
  repo.runningOwnershipsOf(ctx.db, userId, ctx.now);

/** An iOS guest's lasting ownerships go to the web account it joins (decision 0273), in the caller's transaction. */
export const moveOwnerships = (ctx: ServiceContext, fromUserId: number, toUserId: number) =>
  repo.moveOwnerships(ctx.db, fromUserId, toUserId);
