import {
  AppError,
  audienceClass,
  type Banner,
  BannerList,
  canSeeAdultContent,
  DEFAULT_HOME_TAB_ORDER,
  DETAIL_NOTICE_COUNT,
  type EpisodeAccess,
  type EpisodeSummary,
  type FreeContentSort,
  type Genre,
  type HomeTab,
  HomeTabOrder,
  HomeTabResponse,
  isInApp,
  type Mark,
  normalizeSearchText,
  PickDetail,
  PickList,
  type PickSummary,
  RANKING_NON_ADULT_COUNT,
  ScheduleKey,
  type SearchQuery,
  SearchResponse,
  type SeriesCard,
  SeriesDetail,
  type SitemapEntry,
  SitemapList,
  showBl,
  type VisibilityContext,
  Weekday,
  weekdayIn,
} from '@balcony/contracts';
import type { z } from 'zod';
import type { ServiceContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { SerialisedAnswer, SharedAnswer, type SharedCache, type Sized } from '../../shared-cache.js';
import { accessToEpisodes, holdingsColumn, ticketOpenable } from '../access/service.js';
import * as adminRepo from './admin-repo.js';
import * as repo from './repo.js';

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

export function visibility(ctx: ServiceContext): VisibilityContext {
  return { brand: ctx.brand, platform: ctx.platform, user: ctx.user, notLoggedInAdultCookie: ctx.notLoggedInAdult };
}

// ——— the shared-read cache (DESIGN §10) ———

/**
 * Who sees the same catalog answers: the brand, the channel (banners), and what the caller may
 * see (adult, BL). Members of one class share them with visitors of that class.
 */
function audienceOf(ctx: ServiceContext): string {
  const channel = isInApp(ctx.platform) ? 'APP' : 'WEB';
  return `${ctx.brand.id}|${channel}|${audienceClass(visibility(ctx))}`;
}

/** The next local midnight of each brand zone, worked out again only once it has passed. */
const nextMidnights = new Map<string, number>();

/** When the next local midnight of `timeZone` comes (weekday tabs change then), as epoch ms. */
function nextMidnight(timeZone: string, now: Date): number {
  const known = nextMidnights.get(timeZone);
  if (known !== undefined && known > now.getTime()) return known;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const elapsed = (part('hour') * 60 + part('minute')) * 60 + part('second');
  const at = now.getTime() + (24 * 3600 - elapsed) * 1000 - now.getMilliseconds();
  nextMidnights.set(timeZone, at);
  return at;
}

/**
 * What a shared answer depends on (decision 0231): a series' page and its episodes' answers hold
 * `series:{id}`; lists of a brand's series (home tabs, picks, search, sitemap) `lists:{brand}`;
 * its banners `banners:{brand}`, its picks `picks:{brand}`, its tab bar `tabs:{brand}`. A change
 * invalidates exactly the tags it touches (`invalidateCatalog`).
 */
export const catalogTags = {
  series: (seriesId: number) => `series:${seriesId}`,
  lists: (brandId: string) => `lists:${brandId}`,
  banners: (brandId: string) => `banners:${brandId}`,
  picks: (brandId: string) => `picks:${brandId}`,
  tabs: (brandId: string) => `tabs:${brandId}`,
  /** Every image key's pages (`isProtectedPageImage`): dropped by any change to pages. */
  pages: 'pages',
} as const;

/**
 * Drops the shared answers holding one of `tags`, here and on the other replicas; the listeners
 * of the cache also tell the web which pages to drop (app.ts, decision 0231).
 */
export function invalidateCatalog(ctx: ServiceContext, tags: readonly string[]): void {
  ctx.services.cache.invalidate(tags);
}

/**
 * Until when the brand's catalog stays as it is by itself: its next publication, the next start or
 * end of one of its banners or picks, its next series notice, or local midnight.
 */
async function unchangedUntil(ctx: ServiceContext): Promise<Date> {
  const { cache } = ctx.services;
  const soon = new Date(ctx.now.getTime() + 60_000);
  const next = await cache.get(
    `${ctx.brand.id}|next-publication`,
    soon,
    async () => ({ at: await repo.nextChangeAt(ctx.db, ctx.now, ctx.brand.id) }),
    [catalogTags.lists(ctx.brand.id), catalogTags.banners(ctx.brand.id), catalogTags.picks(ctx.brand.id)],
  );
  const midnight = nextMidnight(ctx.brand.timeZone, ctx.now);
  return new Date(Math.min(midnight, next.at?.getTime() ?? midnight));
}

type Tags<T> = readonly string[] | ((value: T) => readonly string[]);

/** `compute`'s answer, shared by every caller of the same audience until what `tags` name changes. */
async function sharedData<T extends object>(
  ctx: ServiceContext,
  key: string,
  tags: Tags<T>,
  compute: () => Promise<T>,
): Promise<T> {
  return ctx.services.cache.get(`${audienceOf(ctx)}|${key}`, await unchangedUntil(ctx), compute, tags);
}

/**
 * As `sharedData`, already serialised with its ETag (one JSON.stringify per change, not per
 * request). Nothing of a member's own is in it, so a member of the same audience gets the same
 * answer, marked private by the route.
 */
async function sharedAnswer<T extends object>(
  ctx: ServiceContext,
  key: string,
  tags: readonly string[],
  schema: z.ZodType<T>,
  compute: () => Promise<T>,
): Promise<SharedAnswer> {
  const until = await unchangedUntil(ctx);
  // Parsed by its schema, as the serializer does for other answers: only contract fields go out.
  return ctx.services.cache.get(
    `${audienceOf(ctx)}|${key}|json`,
    until,
    async () => SharedAnswer.of(schema.parse(await sharedData(ctx, key, tags, compute)), until),
    tags,
  );
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
    status: row.status,
    schedule: row.schedule,
    genres: row.genres,
    marks: seriesMarks(row, now),
    contentKind: row.contentKind,
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
  const scheduled = (key: ScheduleKey) => rows.filter((r) => r.status === 'SCHEDULED' && r.schedule.includes(key));
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
      const key = ScheduleKey.safeParse(tab); // SUNDAY…SATURDAY and TEN
      return key.success ? scheduled(key.data) : [];
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

export function homeTab(
  ctx: ServiceContext,
  tab: HomeTab,
  sort: FreeContentSort = 'POPULAR',
): Promise<HomeTabResponse | SharedAnswer> {
  return sharedAnswer(ctx, `home|${tab}|${sort}`, [catalogTags.lists(ctx.brand.id)], HomeTabResponse, () =>
    computeHomeTab(ctx, tab, sort),
  );
}

async function computeHomeTab(ctx: ServiceContext, tab: HomeTab, sort: FreeContentSort): Promise<HomeTabResponse> {
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
export function isVisible(ctx: ServiceContext, row: { isAdult: boolean; isBl: boolean }): boolean {
  const vis = visibility(ctx);
  return (!row.isAdult || canSeeAdultContent(vis)) && (!row.isBl || showBl(vis));
}

/** Cards for these series ids, in the given order, leaving out what the caller may not see. */
export async function cardsFor(ctx: ServiceContext, seriesIds: readonly number[]): Promise<Map<number, SeriesCard>> {
  const rows = await repo.findBrandSeriesMany(ctx.db, ctx.brand.id, seriesIds, ctx.now);
  const ranks = await rankMap(ctx);
  return new Map(rows.filter((r) => isVisible(ctx, r)).map((r) => [r.id, toCard(r, ranks.get(r.id) ?? 0, ctx.now)]));
}

/** Position of every series in the brand's ranking (by views). */
async function rankMap(ctx: ServiceContext): Promise<Map<number, number>> {
  const ids = await repo.listRankedIds(ctx.db, ctx.brand.id);
  return new Map(ids.map((id, i) => [id, i + 1]));
}

/** Resolves a series for this brand and caller, or throws the detail codes of spec §8. */
export async function visibleSeries(ctx: ServiceContext, seriesId: number): Promise<repo.SeriesRow> {
  const row = await repo.findBrandSeries(ctx.db, ctx.brand.id, seriesId, ctx.now);
  if (!row) {
    // A series that exists but is not offered on this brand is invalid here, not missing.
    throw new AppError((await repo.seriesExists(ctx.db, seriesId)) ? 'INVALID_CONTENTS' : 'NOT_EXIST');
  }
  assertSeriesShown(ctx, row);
  return row;
}

/** The caller's audience may see this series: BL hidden → INVALID_CONTENTS, adult not allowed → ADULT_ONLY_CONTENTS. */
export function assertSeriesShown(ctx: ServiceContext, series: { isBl: boolean; isAdult: boolean }): void {
  const vis = visibility(ctx);
  if (series.isBl && !showBl(vis)) throw new AppError('INVALID_CONTENTS');
  if (series.isAdult && !canSeeAdultContent(vis)) throw new AppError('ADULT_ONLY_CONTENTS');
}

/** A price with the series' brand discount, rounded up to a whole coin. */
export function effectivePrice(base: number, discountPercent: number): number {
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
    saleType: e.saleType,
    contentKind: e.contentKind,
    marks,
    ...member,
  };
}

/** A member's state in a series with their holdings in it, in one statement per batch of pages. */
const memberStateInSeries = repo.memberStateReader(holdingsColumn);

/**
 * A series page. What every caller of an audience sees is shared (for a visitor, the whole
 * answer); a member's favourite, reading and access to each episode are read for them and laid
 * over it, never shared.
 */
export async function seriesDetail(ctx: ServiceContext, seriesId: number): Promise<SerialisedAnswer> {
  const key = `series|${seriesId}`;
  const tags = [catalogTags.series(seriesId)];
  if (!ctx.user) return sharedAnswer(ctx, key, tags, SeriesDetail, () => publicSeriesDetail(ctx, seriesId));
  const member = ctx.user;
  const page = await sharedData(ctx, `${key}|template`, tags, async () => {
    const detail = await sharedData(ctx, key, tags, () => publicSeriesDetail(ctx, seriesId));
    const series = { id: seriesId, freetimeIntervalHours: detail.freetimeIntervalHours };
    return seriesTemplate(detail, await ticketOpenable(ctx, series));
  });
  const reading = await memberStateInSeries(ctx.db, { userId: member.id, seriesId, now: ctx.now });
  const access = await accessToEpisodes(
    ctx,
    { id: seriesId, freetimeIntervalHours: page.freetimeIntervalHours, ticketOpens: page.ticketOpens },
    page.episodes,
    reading.extra,
  );
  const episodes = page.episodes.map(
    (e) => `${e.json},"access":${JSON.stringify(access.get(e.id) ?? FREE_ACCESS)},"read":${reading.readIds.has(e.id)}}`,
  );
  return SerialisedAnswer.wrapping(
    `${page.json},"isFavorite":${reading.isFavorite},"lastRead":${JSON.stringify(reading.last)},"episodes":[${episodes.join(',')}]}`,
  );
}

/**
 * A series page with the member's fields cut out, serialised once per audience: the JSON of the
 * series and of each episode without its closing brace, for a member's own fields to be written
 * in. Parsed by its schema first, as every answer is, so only contract fields go out.
 */
interface SeriesTemplate extends Sized {
  freetimeIntervalHours: number | null;
  /** The episodes the series' ticket may open for this audience's brand, until the catalog changes. */
  ticketOpens: ReadonlySet<number>;
  json: string;
  episodes: (Pick<EpisodeSummary, 'id' | 'isFree' | 'freetime'> & { json: string })[];
}

function seriesTemplate(detail: SeriesDetail, ticketOpens: ReadonlySet<number>): SeriesTemplate {
  const { isFavorite: _f, lastRead: _l, episodes, ...series } = SeriesDetail.parse(detail);
  const json = JSON.stringify(series).slice(0, -1);
  const cut = episodes.map(({ access: _a, read: _r, ...e }) => ({
    id: e.id,
    isFree: e.isFree,
    freetime: e.freetime,
    json: JSON.stringify(e).slice(0, -1),
  }));
  return {
    freetimeIntervalHours: series.freetimeIntervalHours,
    ticketOpens,
    json,
    episodes: cut,
    bytes: 2 * (json.length + cut.reduce((n, e) => n + e.json.length, 0)),
  };
}

/** A series page as a visitor of the caller's audience sees it. */
async function publicSeriesDetail(ctx: ServiceContext, seriesId: number): Promise<SeriesDetail> {
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
  const visitor = { ...ctx, user: null, authTime: null };
  const access = await accessToEpisodes(visitor, { id: seriesId, freetimeIntervalHours: intervalHours }, episodes);
  return {
    ...toCard(row, rank, ctx.now),
    synopsis: row.synopsis,
    coverUrl: mediaUrl(row.coverKey),
    creators,
    tags,
    nextUpdateAt: row.status === 'SCHEDULED' ? (nextAt?.toISOString() ?? null) : null,
    freetimeIntervalHours: intervalHours,
    notices: notices.map((n) => ({ ...n, publishedAt: n.publishedAt.toISOString() })),
    isFavorite: false,
    lastRead: null,
    episodes: episodes.map((e) =>
      toEpisodeSummary(e, row, { access: access.get(e.id) ?? FREE_ACCESS, read: false }, ctx.now),
    ),
  };
}

/** The order of the brand's home tab bar: set in the console, or the default (issue 15 item 4). */
export function homeTabBar(ctx: ServiceContext): Promise<HomeTabOrder | SharedAnswer> {
  const until = new Date(ctx.now.getTime() + 24 * 3600_000);
  return ctx.services.cache.get(
    `${ctx.brand.id}|home-tabs|json`,
    until,
    async () =>
      SharedAnswer.of(
        HomeTabOrder.parse({ tabs: (await adminRepo.findHomeTabs(ctx.db, ctx.brand.id)) ?? DEFAULT_HOME_TAB_ORDER }),
        until,
      ),
    [catalogTags.tabs(ctx.brand.id)],
  );
}

export function listBanners(ctx: ServiceContext): Promise<Banner[] | SharedAnswer> {
  return sharedAnswer(ctx, 'banners', [catalogTags.banners(ctx.brand.id)], BannerList, () => computeBanners(ctx));
}

async function computeBanners(ctx: ServiceContext): Promise<Banner[]> {
  const channel = isInApp(ctx.platform) ? 'APP' : 'WEB';
  const rows = await repo.listActiveBanners(ctx.db, ctx.brand.id, channel, ctx.now);
  return rows.map((b) => ({ id: b.id, title: b.title, imageUrl: mediaUrl(b.imageKey), linkUrl: b.linkUrl }));
}

const FREE_ACCESS: EpisodeAccess = { state: 'FREE', expiresAt: null, ticketAt: null };
const PICK_PREVIEW_COUNT = 6;

async function pickSummaries(
  ctx: ServiceContext,
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
export function listPicks(ctx: ServiceContext): Promise<PickSummary[] | SharedAnswer> {
  const tags = [catalogTags.picks(ctx.brand.id), catalogTags.lists(ctx.brand.id)];
  return sharedAnswer(ctx, 'picks', tags, PickList, () => computePicks(ctx));
}

async function computePicks(ctx: ServiceContext): Promise<PickSummary[]> {
  const list = await repo.listActivePicks(ctx.db, ctx.brand.id, ctx.now);
  return (await pickSummaries(ctx, list, PICK_PREVIEW_COUNT)).filter((p) => p.total > 0);
}

export function pickDetail(ctx: ServiceContext, pickId: number): Promise<PickDetail | SharedAnswer> {
  const tags = [catalogTags.picks(ctx.brand.id), catalogTags.lists(ctx.brand.id)];
  return sharedAnswer(ctx, `pick|${pickId}`, tags, PickDetail, () => computePickDetail(ctx, pickId));
}

async function computePickDetail(ctx: ServiceContext, pickId: number): Promise<PickDetail> {
  const pick = await repo.findActivePick(ctx.db, ctx.brand.id, pickId, ctx.now);
  if (!pick) throw new AppError('NOT_EXIST');
  const [summary] = await pickSummaries(ctx, [pick], Number.POSITIVE_INFINITY);
  if (!summary) throw new AppError('NOT_EXIST');
  return summary;
}

export function sitemap(ctx: ServiceContext): Promise<SitemapEntry[] | SharedAnswer> {
  return sharedAnswer(ctx, 'sitemap', [catalogTags.lists(ctx.brand.id)], SitemapList, () => computeSitemap(ctx));
}

async function computeSitemap(ctx: ServiceContext): Promise<SitemapEntry[]> {
  const rows = await repo.listIndexableSeries(ctx.db, ctx.brand.id, ctx.now);
  return rows.map((r) => ({ id: r.id, updatedAt: r.updatedAt.toISOString() }));
}

/**
 * Search by fragment of title, creator or tag (any script, no word splitting), or by genre. The
 * brand's matching rows are few enough (hundreds) to filter for the caller and page in memory,
 * which keeps totals exact after the adult and BL rules.
 */
export function search(ctx: ServiceContext, query: SearchQuery): Promise<SearchResponse | SharedAnswer> {
  const key = JSON.stringify(['search', query.q, query.genres ?? [], query.page, query.size]);
  return sharedAnswer(ctx, key, [catalogTags.lists(ctx.brand.id)], SearchResponse, () => computeSearch(ctx, query));
}

async function computeSearch(ctx: ServiceContext, query: SearchQuery): Promise<SearchResponse> {
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

/** The media route's verdict on an image key, kept in the shared cache with what it depends on. */
class PageImageVerdict implements Sized {
  readonly bytes: number;
  constructor(
    readonly isProtected: boolean,
    readonly tags: readonly string[],
  ) {
    this.bytes = 64 + tags.join().length * 2;
  }
}

/**
 * Whether an image is a page only the viewer may hand out (a page of a paid, adult or unpublished
 * episode): the media route serves those only through signed URLs. The verdict is kept in the
 * shared cache (decision 0298), since every image of every page asks it: dropped with the series
 * of its pages (a change of price, adult flag or publication, and the publication clock), and by
 * any change to pages (a key may become a page), here and on the other replicas.
 */
export async function isProtectedPageImage(cache: SharedCache, db: Db, imageKey: string): Promise<boolean> {
  const verdict = await cache.get(
    `page-image|${imageKey}`,
    // Bounded by the cache's TTL; a publication drops it by its series' tag.
    new Date(Date.now() + 24 * 3600 * 1000),
    async () => {
      const pages = await repo.pagesUnderImageKey(db, imageKey);
      return new PageImageVerdict(
        pages.some((p) => p.isProtected),
        [catalogTags.pages, ...new Set(pages.map((p) => catalogTags.series(p.seriesId)))],
      );
    },
    (value) => value.tags,
  );
  return verdict.isProtected;
}

// ——— episodes, for the viewer ———

export type { EpisodeRow, SeriesRow } from './repo.js';

/** A published episode of a series this caller may see (NOT_FOUND_EPISODE, or the series' codes). */
export async function visibleEpisode(ctx: ServiceContext, episodeId: number) {
  const episode = await repo.findEpisode(ctx.db, episodeId);
  if (!episode || episode.publishedAt > ctx.now) throw new AppError('NOT_FOUND_EPISODE');
  const series = await visibleSeries(ctx, episode.seriesId);
  const freetimeIntervalHours = await repo.freetimeIntervalHours(ctx.db, ctx.brand.id, series.id);
  return { episode, series: { ...series, freetimeIntervalHours } };
}

/**
 * A series as it is sold to this caller, read fresh (never from the shared cache: a price must be
 * the one in force): the series with its brand discount and free-time interval, and its
 * published episodes in order.
 */
export async function seriesForSale(ctx: ServiceContext, seriesId: number) {
  const series = await visibleSeries(ctx, seriesId);
  const [episodes, freetimeIntervalHours] = await Promise.all([
    repo.listPublishedEpisodes(ctx.db, seriesId, ctx.now),
    repo.freetimeIntervalHours(ctx.db, ctx.brand.id, seriesId),
  ]);
  return { series: { ...series, freetimeIntervalHours }, episodes };
}

/**
 * What every reader of an audience needs to open an episode, shared until the catalog changes:
 * the episode and its series (with the visibility codes of `visibleEpisode`), the published
 * episodes just before and after it, its pages, when the series' next episode is announced, and
 * which episodes its ticket may open.
 */
export function episodeForReading(ctx: ServiceContext, episodeId: number) {
  const tags = (value: { episode: { seriesId: number } }) => [catalogTags.series(value.episode.seriesId)];
  return sharedData(ctx, `episode|${episodeId}`, tags, async () => {
    const { episode, series } = await visibleEpisode(ctx, episodeId);
    const [neighbours, pages, nextAt, ticketOpens] = await Promise.all([
      repo.findNeighbours(ctx.db, episode.seriesId, episode.number, ctx.now),
      repo.listPages(ctx.db, episode.id),
      repo.nextScheduledAt(ctx.db, episode.seriesId, ctx.now),
      // Shared with the audience, as on the series page: which episodes the ticket may open.
      ticketOpenable(ctx, series),
    ]);
    return { episode, series: { ...series, ticketOpens }, neighbours, pages, nextAt };
  });
}
