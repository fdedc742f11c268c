import {
  AppError,
  type Banner,
  canSeeAdultContent,
  DETAIL_NOTICE_COUNT,
  type EpisodeAccess,
  type EpisodeSummary,
  type FreeContentSort,
  type Genre,
  type HomeTab,
  type HomeTabResponse,
  isInApp,
  type Mark,
  normalizeSearchText,
  type PickDetail,
  type PickSummary,
  RANKING_NON_ADULT_COUNT,
  type SearchQuery,
  type SearchResponse,
  type SeriesCard,
  type SeriesDetail,
  type SitemapEntry,
  showBl,
  type VisibilityContext,
  type VisibilityUser,
  Weekday,
  weekdayIn,
} from '@balcony/contracts';
import type { Db } from '../../db/client.js';
import type { RequestContext } from '../../http/context.js';
import { accessToEpisodes } from '../library/entitlement.js';
import * as libraryRepo from '../library/repo.js';
import * as repo from './repo.js';

export interface CatalogCtx extends RequestContext {
  db: Db;
  /** The member calling, or null for a visitor. */
  user: (VisibilityUser & { id: number }) | null;
}

/** A series launched on a brand less than this long ago carries the "new" mark. */
const NEW_SERIES_MS = 14 * 24 * 3600 * 1000;
/** An episode published less than this long ago carries the "new" mark. */
const NEW_EPISODE_MS = 3 * 24 * 3600 * 1000;
/** Longest ranking shown to adult members (visitors and minors see RANKING_NON_ADULT_COUNT). */
const RANKING_ADULT_COUNT = 50;
const NEWEST_COUNT = 30;

const GENRE_TABS: Partial<Record<HomeTab, Genre>> = {
  BL: 'BL',
  ACTION: 'ACTION',
  ROMANCE: 'ROMANCE',
};

export function visibility(ctx: CatalogCtx): VisibilityContext {
  return { brand: ctx.brand, platform: ctx.platform, user: ctx.user, notLoggedInAdultCookie: ctx.notLoggedInAdult };
}

function seriesMarks(row: repo.SeriesRow, now: Date): Mark[] {
  const marks: Mark[] = [];
  if (now.getTime() - row.brandPublishedAt.getTime() < NEW_SERIES_MS) marks.push('new');
  marks.push(row.format === 'SINGLE' ? 'single' : 'series');
  if (row.discountPercent > 0) marks.push('discount');
  if (row.freetimeEpisodeCount > 0) marks.push('free');
  return marks;
}

export function toCard(row: repo.SeriesRow, rank: number, now: Date): SeriesCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    thumbnailUrl: mediaUrl(row.thumbnailKey),
    isAdult: row.isAdult,
    isBl: row.isBl,
    status: row.status as SeriesCard['status'],
    schedule: row.schedule as SeriesCard['schedule'],
    genres: row.genres as SeriesCard['genres'],
    marks: seriesMarks(row, now),
    contentKind: row.contentKind as SeriesCard['contentKind'],
    rank,
    lastPublishedAt: row.lastPublishedAt?.toISOString() ?? null,
    freeEpisodeCount: row.freeEpisodeCount,
  };
}

export function mediaUrl(key: string): string {
  return `/media/${key}`;
}

/** Which rows a tab holds, in its order, before visibility rules. */
function selectTab(rows: repo.SeriesRow[], tab: HomeTab, today: Weekday, sort: FreeContentSort): repo.SeriesRow[] {
  const scheduled = (key: string) => rows.filter((r) => r.status === 'SCHEDULED' && r.schedule.includes(key));
  switch (tab) {
    case 'SCHEDULE_ALL':
      return rows.filter((r) => r.status === 'SCHEDULED');
    case 'WEEKLY':
      return scheduled(today);
    case 'RANKING':
      return rows;
    case 'FREE':
      return freeTab(rows, sort);
    case 'NEWEST':
      return [...rows]
        .sort((a, b) => b.brandPublishedAt.getTime() - a.brandPublishedAt.getTime())
        .slice(0, NEWEST_COUNT);
    case 'MATURE':
      return rows.filter((r) => r.isAdult);
    default: {
      const genre = GENRE_TABS[tab];
      if (genre) return rows.filter((r) => r.genres.includes(genre));
      return scheduled(tab); // SUNDAY…SATURDAY and TEN
    }
  }
}

function freeTab(rows: repo.SeriesRow[], sort: FreeContentSort): repo.SeriesRow[] {
  const readableFree = rows.filter((r) => r.freeEpisodeCount > 0 || r.freetimeEpisodeCount > 0);
  switch (sort) {
    case 'POPULAR':
      return readableFree;
    case 'LATEST':
      return [...readableFree].sort(
        (a, b) => (b.lastPublishedAt?.getTime() ?? 0) - (a.lastPublishedAt?.getTime() ?? 0),
      );
    case 'FREETIME':
      return readableFree.filter((r) => r.freetimeEpisodeCount > 0);
  }
}

export async function homeTab(
  ctx: CatalogCtx,
  tab: HomeTab,
  sort: FreeContentSort = 'POPULAR',
): Promise<HomeTabResponse> {
  const today = Weekday.parse(weekdayIn(ctx.brand.timeZone, ctx.now));
  const all = await repo.listBrandSeries(ctx.db, ctx.brand.id, ctx.now);
  const vis = visibility(ctx);
  const adultAllowed = canSeeAdultContent(vis);
  const blAllowed = showBl(vis);
  const ranked = new Map(
    all.filter((r) => (adultAllowed || !r.isAdult) && (blAllowed || !r.isBl)).map((r, i) => [r.id, i + 1]),
  );

  const chosen = selectTab(all, tab, today, sort);
  const visible = chosen.filter((r) => ranked.has(r.id));
  const adultHidden = !adultAllowed && chosen.some((r) => r.isAdult);
  const limit = tab === 'RANKING' ? (adultAllowed ? RANKING_ADULT_COUNT : RANKING_NON_ADULT_COUNT) : visible.length;
  return {
    tab,
    today,
    items: visible.slice(0, limit).map((r) => toCard(r, ranked.get(r.id) ?? 0, ctx.now)),
    adultHidden,
  };
}

/** Whether the caller may see a series in lists (adult and BL rules of spec §4/§6). */
export function isVisible(ctx: CatalogCtx, row: { isAdult: boolean; isBl: boolean }): boolean {
  const vis = visibility(ctx);
  return (!row.isAdult || canSeeAdultContent(vis)) && (!row.isBl || showBl(vis));
}

/** Cards for these series ids, in the given order, leaving out what the caller may not see. */
export async function cardsFor(ctx: CatalogCtx, seriesIds: readonly number[]): Promise<Map<number, SeriesCard>> {
  const rows = await repo.findBrandSeriesMany(ctx.db, ctx.brand.id, seriesIds, ctx.now);
  const ranks = await rankMap(ctx);
  return new Map(rows.filter((r) => isVisible(ctx, r)).map((r) => [r.id, toCard(r, ranks.get(r.id) ?? 0, ctx.now)]));
}

/** Position of every series in the brand's ranking (by views). */
async function rankMap(ctx: CatalogCtx): Promise<Map<number, number>> {
  const ids = await repo.listRankedIds(ctx.db, ctx.brand.id);
  return new Map(ids.map((id, i) => [id, i + 1]));
}

/** Resolves a series for this brand and caller, or throws the detail codes of spec §8. */
export async function visibleSeries(ctx: CatalogCtx, seriesId: number): Promise<repo.SeriesRow> {
  const row = await repo.findBrandSeries(ctx.db, ctx.brand.id, seriesId, ctx.now);
  if (!row) {
    // A series that exists but is not offered on this brand is invalid here, not missing.
    throw new AppError((await repo.seriesExists(ctx.db, seriesId)) ? 'INVALID_CONTENTS' : 'NOT_EXIST');
  }
  const vis = visibility(ctx);
  if (row.isBl && !showBl(vis)) throw new AppError('INVALID_CONTENTS');
  if (row.isAdult && !canSeeAdultContent(vis)) throw new AppError('ADULT_ONLY_CONTENTS');
  return row;
}

function effectivePrice(base: number, discountPercent: number): number {
  return Math.ceil((base * (100 - discountPercent)) / 100);
}

export function effectivePrices(e: repo.EpisodeRow, row: repo.SeriesRow) {
  return {
    rentPrice: effectivePrice(e.rentPrice, row.discountPercent),
    buyPrice: effectivePrice(e.buyPrice, row.discountPercent),
  };
}

function toEpisodeSummary(
  e: repo.EpisodeRow,
  row: repo.SeriesRow,
  member: { access: EpisodeAccess; read: boolean },
  now: Date,
): EpisodeSummary {
  const marks: Mark[] = [];
  if (now.getTime() - e.publishedAt.getTime() < NEW_EPISODE_MS) marks.push('new');
  if (e.isFree) marks.push('free');
  else if (row.discountPercent > 0) marks.push('discount');
  return {
    id: e.id,
    number: e.number,
    title: e.title,
    publishedAt: e.publishedAt.toISOString(),
    thumbnailUrl: mediaUrl(e.thumbnailKey),
    isFree: e.isFree,
    freetime: e.freetime,
    ...effectivePrices(e, row),
    saleType: e.saleType as EpisodeSummary['saleType'],
    contentKind: e.contentKind as EpisodeSummary['contentKind'],
    marks,
    ...member,
  };
}

export async function seriesDetail(ctx: CatalogCtx, seriesId: number): Promise<SeriesDetail> {
  const row = await visibleSeries(ctx, seriesId);
  const [creators, tags, episodes, rank, nextAt, notices, intervalHours] = await Promise.all([
    repo.listCreators(ctx.db, seriesId),
    repo.listTags(ctx.db, seriesId),
    repo.listPublishedEpisodes(ctx.db, seriesId, ctx.now),
    repo.rankInBrand(ctx.db, ctx.brand.id, row.viewCount, row.id),
    repo.nextScheduledAt(ctx.db, seriesId, ctx.now),
    repo.latestNotices(ctx.db, ctx.brand.id, seriesId, ctx.now, DETAIL_NOTICE_COUNT),
    repo.freetimeIntervalHours(ctx.db, ctx.brand.id, seriesId),
  ]);
  const [access, reading, isFavorite] = await Promise.all([
    accessToEpisodes(ctx, seriesId, episodes),
    ctx.user ? libraryRepo.readingInSeries(ctx.db, ctx.user.id, seriesId) : null,
    ctx.user ? libraryRepo.isFavorite(ctx.db, ctx.user.id, seriesId) : false,
  ]);
  return {
    ...toCard(row, rank, ctx.now),
    synopsis: row.synopsis,
    coverUrl: mediaUrl(row.coverKey),
    creators: creators.map((c) => ({ ...c, type: c.type as SeriesDetail['creators'][number]['type'] })),
    tags,
    nextUpdateAt: row.status === 'SCHEDULED' ? (nextAt?.toISOString() ?? null) : null,
    freetimeIntervalHours: intervalHours,
    notices: notices.map((n) => ({ ...n, publishedAt: n.publishedAt.toISOString() })),
    isFavorite,
    lastRead: reading?.last ?? null,
    episodes: episodes.map((e) =>
      toEpisodeSummary(
        e,
        row,
        { access: access.get(e.id) ?? FREE_ACCESS, read: reading?.readIds.has(e.id) ?? false },
        ctx.now,
      ),
    ),
  };
}

export async function listBanners(ctx: CatalogCtx): Promise<Banner[]> {
  const channel = isInApp(ctx.platform) ? 'APP' : 'WEB';
  const rows = await repo.listActiveBanners(ctx.db, ctx.brand.id, channel, ctx.now);
  return rows.map((b) => ({ id: b.id, title: b.title, imageUrl: mediaUrl(b.imageKey), linkUrl: b.linkUrl }));
}

const FREE_ACCESS: EpisodeAccess = { state: 'FREE', expiresAt: null, ticketAt: null };
const PICK_PREVIEW_COUNT = 6;

async function pickSummaries(
  ctx: CatalogCtx,
  list: { id: number; title: string; description: string }[],
  preview: number,
) {
  const items = await repo.listPickItems(
    ctx.db,
    list.map((p) => p.id),
  );
  const cards = await cardsFor(ctx, [...new Set(items.map((i) => i.seriesId))]);
  return list.map((pick) => {
    const visible = items.flatMap((i) => (i.pickId === pick.id ? (cards.get(i.seriesId) ?? []) : []));
    return { ...pick, items: visible.slice(0, preview), total: visible.length };
  });
}

/** The brand's running picks, each with a preview of its series; picks left empty for this caller are skipped. */
export async function listPicks(ctx: CatalogCtx): Promise<PickSummary[]> {
  const list = await repo.listActivePicks(ctx.db, ctx.brand.id, ctx.now);
  return (await pickSummaries(ctx, list, PICK_PREVIEW_COUNT)).filter((p) => p.total > 0);
}

export async function pickDetail(ctx: CatalogCtx, pickId: number): Promise<PickDetail> {
  const pick = await repo.findActivePick(ctx.db, ctx.brand.id, pickId, ctx.now);
  if (!pick) throw new AppError('NOT_EXIST');
  const [summary] = await pickSummaries(ctx, [pick], Number.POSITIVE_INFINITY);
  if (!summary) throw new AppError('NOT_EXIST');
  return summary;
}

export async function sitemap(ctx: CatalogCtx): Promise<SitemapEntry[]> {
  const rows = await repo.listIndexableSeries(ctx.db, ctx.brand.id, ctx.now);
  return rows.map((r) => ({ id: r.id, updatedAt: r.updatedAt.toISOString() }));
}

/**
 * Search by fragment of title, creator or tag (any script, no word splitting), or by genre. The
 * brand's matching rows are few enough (hundreds) to filter for the caller and page in memory,
 * which keeps totals exact after the adult and BL rules.
 */
export async function search(ctx: CatalogCtx, query: SearchQuery): Promise<SearchResponse> {
  const fragment = normalizeSearchText(query.q);
  const genres = query.genres ?? [];
  const empty = { query: query.q, items: [], page: query.page, size: query.size, total: 0, adultHidden: false };
  if (!fragment && genres.length === 0) return empty;
  const rows = await repo.searchBrandSeries(ctx.db, ctx.brand.id, { fragment, genres }, ctx.now);
  const visible = rows.filter((r) => isVisible(ctx, r));
  // Title matches before creator, tag or genre matches; each group keeps the ranking order.
  const titleMatch = (r: repo.SeriesRow) => fragment !== '' && normalizeSearchText(r.title).includes(fragment);
  const ordered = [...visible.filter(titleMatch), ...visible.filter((r) => !titleMatch(r))];
  const ranks = await rankMap(ctx);
  const start = (query.page - 1) * query.size;
  return {
    ...empty,
    items: ordered.slice(start, start + query.size).map((r) => toCard(r, ranks.get(r.id) ?? 0, ctx.now)),
    total: ordered.length,
    adultHidden: rows.some((r) => r.isAdult && !isVisible(ctx, r)),
  };
}

/** Fills the search text of brand rows (all, or only those still empty); run after catalog writes. */
export async function reindexSearch(db: Db, opts: { onlyEmpty: boolean }): Promise<number> {
  const sources = await repo.listSearchSources(db, opts.onlyEmpty);
  for (const s of sources) await repo.setSearchText(db, s.seriesId, s.brandId, normalizeSearchText(s.text));
  return sources.length;
}
