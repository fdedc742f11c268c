import type { FavoritePage, FavoriteState, OwnedPage, RecentPage, SeriesCard } from '@balcony/contracts';
import type { MemberContext, ServiceContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { cardsFor, visibleSeries } from '../catalog/service.js';
import * as repo from './repo.js';

// The member's library (spec §2 /library/my|favorite|recent), favourites and reading positions.

/** Keeps the rows whose series the caller may still see, with its card. */
async function withCards<T extends { seriesId: number }>(ctx: MemberContext, rows: readonly T[]) {
  const cards = await cardsFor(
    ctx,
    rows.map((r) => r.seriesId),
  );
  return rows.flatMap((row) => {
    const series: SeriesCard | undefined = cards.get(row.seriesId);
    return series ? [{ row, series }] : [];
  });
}

export async function setFavorite(ctx: MemberContext, seriesId: number, on: boolean): Promise<FavoriteState> {
  if (on) {
    await visibleSeries(ctx, seriesId);
    await repo.addFavorite(ctx.db, ctx.user.id, seriesId, ctx.now);
  } else {
    await repo.removeFavorite(ctx.db, ctx.user.id, seriesId);
  }
  return { seriesId, isFavorite: on };
}

export async function ownedLibrary(ctx: MemberContext, paging: repo.Paging): Promise<OwnedPage> {
  const { rows, total } = await repo.listOwnedSeries(ctx.db, ctx.user.id, ctx.brand.id, paging, ctx.now);
  const rentals = await repo.listRunningRentals(
    ctx.db,
    ctx.user.id,
    rows.map((r) => r.seriesId),
    ctx.now,
  );
  const items = (await withCards(ctx, rows)).map(({ row, series }) => ({
    series,
    ownedCount: row.ownedCount,
    rentals: rentals
      .filter((r) => r.seriesId === row.seriesId)
      .map((r) => ({ episodeId: r.episodeId, number: r.number, expiresAt: r.expiresAt.toISOString() })),
    acquiredAt: row.acquiredAt.toISOString(),
  }));
  return { items, ...paging, total };
}

export async function favoriteLibrary(ctx: MemberContext, paging: repo.Paging): Promise<FavoritePage> {
  const { rows, total } = await repo.listFavorites(ctx.db, ctx.user.id, ctx.brand.id, paging, ctx.now);
  const items = (await withCards(ctx, rows)).map(({ row, series }) => ({
    series,
    favoritedAt: row.favoritedAt.toISOString(),
    hasNewEpisode: row.hasNewEpisode,
  }));
  return { items, ...paging, total };
}

export async function recentLibrary(ctx: MemberContext, paging: repo.Paging): Promise<RecentPage> {
  const { rows, total } = await repo.listRecent(ctx.db, ctx.user.id, ctx.brand.id, paging);
  const items = (await withCards(ctx, rows)).map(({ row, series }) => ({
    series,
    episode: { id: row.episodeId, number: row.number, title: row.title },
    position: { page: row.page, offset: row.offset },
    readAt: row.readAt.toISOString(),
  }));
  return { items, ...paging, total };
}

export async function removeOwned(ctx: MemberContext, seriesId: number): Promise<void> {
  await repo.hideOwnedSeries(ctx.db, ctx.user.id, seriesId, ctx.now);
}

export async function removeRecent(ctx: MemberContext, seriesId: number): Promise<void> {
  await repo.removeRecent(ctx.db, ctx.user.id, seriesId);
}

/** Where a member stopped in an episode, or null. */
export function readingPosition(ctx: ServiceContext, userId: number, episodeId: number) {
  return repo.findProgress(ctx.db, { userId, episodeId });
}

/** Keeps where the member stopped (the viewer checks that they may read the episode). */
export async function keepReadingPosition(
  ctx: MemberContext,
  position: { episodeId: number; seriesId: number; page: number; offset: number },
): Promise<void> {
  await repo.saveProgress(ctx.db, { ...position, userId: ctx.user.id, now: ctx.now });
}

/** Members of the context's brand who favourite a series (a gift's segment, issue 15), at most `limit`. */
export const followersOfSeries = (ctx: ServiceContext, seriesId: number, limit: number) =>
  repo.followersOfSeries(ctx.db, ctx.brand.id, seriesId, limit);

/** Followers of series with an episode published in (from, to], for the notifications' scan (issue 13 item 6). */
export const followersOfEpisodesPublished = (db: Db, from: Date, to: Date) =>
  repo.followersOfEpisodesPublished(db, from, to);

/** A member's favourites and their last-read episode per series, for an account transfer's file. */
export async function shelfOf(ctx: ServiceContext, userId: number) {
  const favorites = await repo.allFavoritesOf(ctx.db, userId);
  const reading = await repo.lastReadPerSeriesOf(ctx.db, userId);
  return { favorites, reading };
}

/** An iOS guest's library goes to the web account it joins (decision 0273), in the caller's transaction. */
export const moveMember = (ctx: ServiceContext, fromUserId: number, toUserId: number) =>
  repo.moveMember(ctx.db, fromUserId, toUserId);
