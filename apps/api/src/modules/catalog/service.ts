import {
  AppError,
  type Banner,
  canSeeAdultContent,
  type EpisodeSummary,
  type FreeContentSort,
  type Genre,
  type HomeTab,
  type HomeTabResponse,
  isInApp,
  type Mark,
  RANKING_NON_ADULT_COUNT,
  type SeriesCard,
  type SeriesDetail,
  showBl,
  type ViewerResponse,
  type VisibilityContext,
  type VisibilityUser,
  Weekday,
  weekdayIn,
} from '@balcony/contracts';
import type { Db } from '../../db/client.js';
import type { RequestContext } from '../../http/context.js';
import * as repo from './repo.js';

export interface CatalogCtx extends RequestContext {
  db: Db;
  /** The member calling, or null for a visitor. */
  user: VisibilityUser | null;
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

function visibility(ctx: CatalogCtx): VisibilityContext {
  return { brand: ctx.brand, platform: ctx.platform, user: ctx.user };
}

function seriesMarks(row: repo.SeriesRow, now: Date): Mark[] {
  const marks: Mark[] = [];
  if (now.getTime() - row.brandPublishedAt.getTime() < NEW_SERIES_MS) marks.push('new');
  marks.push(row.format === 'SINGLE' ? 'single' : 'series');
  if (row.discountPercent > 0) marks.push('discount');
  if (row.freetimeEpisodeCount > 0) marks.push('free');
  return marks;
}

function toCard(row: repo.SeriesRow, rank: number, now: Date): SeriesCard {
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

/** Resolves a series for this brand and caller, or throws the detail codes of spec §8. */
async function visibleSeries(ctx: CatalogCtx, seriesId: number): Promise<repo.SeriesRow> {
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

function toEpisodeSummary(e: repo.EpisodeRow, row: repo.SeriesRow, now: Date): EpisodeSummary {
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
    rentPrice: effectivePrice(e.rentPrice, row.discountPercent),
    buyPrice: effectivePrice(e.buyPrice, row.discountPercent),
    saleType: e.saleType as EpisodeSummary['saleType'],
    contentKind: e.contentKind as EpisodeSummary['contentKind'],
    marks,
  };
}

export async function seriesDetail(ctx: CatalogCtx, seriesId: number): Promise<SeriesDetail> {
  const row = await visibleSeries(ctx, seriesId);
  const [creators, tags, episodes, rank, nextAt] = await Promise.all([
    repo.listCreators(ctx.db, seriesId),
    repo.listTags(ctx.db, seriesId),
    repo.listPublishedEpisodes(ctx.db, seriesId, ctx.now),
    repo.rankInBrand(ctx.db, ctx.brand.id, row.viewCount, row.id),
    repo.nextScheduledAt(ctx.db, seriesId, ctx.now),
  ]);
  return {
    ...toCard(row, rank, ctx.now),
    synopsis: row.synopsis,
    coverUrl: mediaUrl(row.coverKey),
    creators: creators.map((c) => ({ ...c, type: c.type as SeriesDetail['creators'][number]['type'] })),
    tags,
    nextUpdateAt: row.status === 'SCHEDULED' ? (nextAt?.toISOString() ?? null) : null,
    episodes: episodes.map((e) => toEpisodeSummary(e, row, ctx.now)),
  };
}

/** Whether the caller may read this episode: free ones for everyone (purchases add ownership later). */
function isEntitled(episode: repo.EpisodeRow): boolean {
  return episode.isFree;
}

export async function episodeViewer(ctx: CatalogCtx, episodeId: number): Promise<ViewerResponse> {
  const episode = await repo.findEpisode(ctx.db, episodeId);
  if (!episode || episode.publishedAt > ctx.now) throw new AppError('NOT_FOUND_EPISODE');
  const row = await visibleSeries(ctx, episode.seriesId);
  if (!isEntitled(episode)) throw new AppError('UNAUTHORIZED_CONTENTS');

  const [pages, neighbours, nextAt] = await Promise.all([
    repo.listPages(ctx.db, episode.id),
    repo.findNeighbours(ctx.db, episode.seriesId, episode.number, ctx.now),
    repo.nextScheduledAt(ctx.db, episode.seriesId, ctx.now),
  ]);
  return {
    series: {
      id: row.id,
      title: row.title,
      status: row.status as ViewerResponse['series']['status'],
      nextUpdateAt: row.status === 'SCHEDULED' ? (nextAt?.toISOString() ?? null) : null,
    },
    episode: {
      id: episode.id,
      number: episode.number,
      title: episode.title,
      contentKind: episode.contentKind as ViewerResponse['episode']['contentKind'],
    },
    pages: pages.map((p) =>
      p.imageKey && p.width && p.height
        ? { kind: 'IMAGE' as const, index: p.position, url: mediaUrl(p.imageKey), width: p.width, height: p.height }
        : { kind: 'TEXT' as const, index: p.position, text: p.text ?? '' },
    ),
    prev: neighbours.prev,
    next: neighbours.next,
  };
}

export async function listBanners(ctx: CatalogCtx): Promise<Banner[]> {
  const channel = isInApp(ctx.platform) ? 'APP' : 'WEB';
  const rows = await repo.listActiveBanners(ctx.db, ctx.brand.id, channel, ctx.now);
  return rows.map((b) => ({ id: b.id, title: b.title, imageUrl: mediaUrl(b.imageKey), linkUrl: b.linkUrl }));
}
