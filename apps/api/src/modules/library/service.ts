import type { FavoritePage, FavoriteState, OwnedPage, RecentPage, SeriesCard } from '@balcony/contracts';
import { type CatalogCtx, cardsFor, visibleSeries } from '../catalog/service.js';
import * as repo from './repo.js';

// The member's library (spec §2 /library/my|favorite|recent) and favourites.

export type MemberCtx = CatalogCtx & { user: NonNullable<CatalogCtx['user']> };

/** Keeps the rows whose series the caller may still see, with its card. */
async function withCards<T extends { seriesId: number }>(ctx: MemberCtx, rows: readonly T[]) {
  const cards = await cardsFor(
    ctx,
    rows.map((r) => r.seriesId),
  );
  return rows.flatMap((row) => {
    const series: SeriesCard | undefined = cards.get(row.seriesId);
    return series ? [{ row, series }] : [];
  });
}

export async function setFavorite(ctx: MemberCtx, seriesId: number, on: boolean): Promise<FavoriteState> {
  if (on) {
    await visibleSeries(ctx, seriesId);
    await repo.addFavorite(ctx.db, ctx.user.id, seriesId, ctx.now);
  } else {
    await repo.removeFavorite(ctx.db, ctx.user.id, seriesId);
  }
  return { seriesId, isFavorite: on };
}

export async function ownedLibrary(ctx: MemberCtx, paging: repo.Paging): Promise<OwnedPage> {
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

export async function favoriteLibrary(ctx: MemberCtx, paging: repo.Paging): Promise<FavoritePage> {
  const { rows, total } = await repo.listFavorites(ctx.db, ctx.user.id, ctx.brand.id, paging, ctx.now);
  const items = (await withCards(ctx, rows)).map(({ row, series }) => ({
    series,
    favoritedAt: row.favoritedAt.toISOString(),
    hasNewEpisode: row.hasNewEpisode,
  }));
  return { items, ...paging, total };
}

export async function recentLibrary(ctx: MemberCtx, paging: repo.Paging): Promise<RecentPage> {
  const { rows, total } = await repo.listRecent(ctx.db, ctx.user.id, ctx.brand.id, paging);
  const items = (await withCards(ctx, rows)).map(({ row, series }) => ({
    series,
    episode: { id: row.episodeId, number: row.number, title: row.title },
    position: { page: row.page, offset: row.offset },
    readAt: row.readAt.toISOString(),
  }));
  return { items, ...paging, total };
}

export async function removeOwned(ctx: MemberCtx, seriesId: number): Promise<void> {
  await repo.hideOwnedSeries(ctx.db, ctx.user.id, seriesId, ctx.now);
}

export async function removeRecent(ctx: MemberCtx, seriesId: number): Promise<void> {
  await repo.removeRecent(ctx.db, ctx.user.id, seriesId);
}
