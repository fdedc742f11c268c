import type { ContentKind, ContentStatus, Genre, ScheduleKey } from '@balcony/contracts';
import { and, asc, desc, eq, gt, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import { batchedPerTurn, inKeyOrder, keyTable } from '../../db/batch.js';
import type { Db } from '../../db/client.js';
import {
  banners,
  creators,
  episodePages,
  episodes,
  favorites,
  pickItems,
  picks,
  readingProgress,
  series,
  seriesBrands,
  seriesCreators,
  seriesGenres,
  seriesNotices,
  seriesTags,
  tags,
} from '../../db/schema.js';

// Catalog queries. Only what has been published by `now` is visible; a brand sees only the
// series licensed to it, under its own title.

export interface SeriesRow {
  id: number;
  slug: string;
  title: string;
  synopsis: string;
  status: ContentStatus;
  schedule: ScheduleKey[];
  isAdult: boolean;
  isBl: boolean;
  contentKind: ContentKind;
  format: string;
  coverKey: string;
  thumbnailKey: string;
  viewCount: number;
  discountPercent: number;
  brandPublishedAt: Date;
  genres: Genre[];
  lastPublishedAt: Date | null;
  freeEpisodeCount: number;
  freetimeEpisodeCount: number;
}

function seriesColumns(now: Date) {
  return {
    id: series.id,
    slug: series.slug,
    title: seriesBrands.title,
    synopsis: seriesBrands.synopsis,
    status: series.status,
    schedule: series.schedule,
    isAdult: series.isAdult,
    isBl: series.isBl,
    contentKind: series.contentKind,
    format: series.format,
    coverKey: series.coverKey,
    thumbnailKey: series.thumbnailKey,
    viewCount: seriesBrands.viewCount,
    discountPercent: seriesBrands.discountPercent,
    brandPublishedAt: seriesBrands.publishedAt,
    genres: sql<
      Genre[]
    >`coalesce((select array_agg(${seriesGenres.genre} order by ${seriesGenres.genre}) from ${seriesGenres} where ${seriesGenres.seriesId} = ${series.id}), '{}')`,
    lastPublishedAt:
      sql<Date | null>`(select max(${episodes.publishedAt}) from ${episodes} where ${episodes.seriesId} = ${series.id} and ${episodes.publishedAt} <= ${now})`.mapWith(
        (v: string | Date | null) => (v === null ? null : new Date(v)),
      ),
    freeEpisodeCount:
      sql<number>`(select count(*) from ${episodes} where ${episodes.seriesId} = ${series.id} and ${episodes.isFree} and ${episodes.publishedAt} <= ${now})`.mapWith(
        Number,
      ),
    freetimeEpisodeCount:
      sql<number>`(select count(*) from ${episodes} where ${episodes.seriesId} = ${series.id} and ${episodes.freetime} and ${episodes.publishedAt} <= ${now})`.mapWith(
        Number,
      ),
  };
}

/** Every series a brand shows, most viewed first. */
export async function listBrandSeries(db: Db, brandId: string, now: Date): Promise<SeriesRow[]> {
  const rows = await db
    .select(seriesColumns(now))
    .from(series)
    .innerJoin(seriesBrands, and(eq(seriesBrands.seriesId, series.id), eq(seriesBrands.brandId, brandId)))
    .orderBy(sql`${seriesBrands.viewCount} desc`, asc(series.id));
  return rows;
}

/** The brand's series ids in ranking order (the order of listBrandSeries), without their details. */
export async function listRankedIds(db: Db, brandId: string): Promise<number[]> {
  const rows = await db
    .select({ id: seriesBrands.seriesId })
    .from(seriesBrands)
    .where(eq(seriesBrands.brandId, brandId))
    .orderBy(sql`${seriesBrands.viewCount} desc`, asc(seriesBrands.seriesId));
  return rows.map((r) => r.id);
}

export async function findBrandSeries(db: Db, brandId: string, seriesId: number, now: Date): Promise<SeriesRow | null> {
  const [row] = await db
    .select(seriesColumns(now))
    .from(series)
    .innerJoin(seriesBrands, and(eq(seriesBrands.seriesId, series.id), eq(seriesBrands.brandId, brandId)))
    .where(eq(series.id, seriesId));
  return row ?? null;
}

export async function seriesExists(db: Db, seriesId: number): Promise<boolean> {
  const [row] = await db.select({ id: series.id }).from(series).where(eq(series.id, seriesId));
  return row !== undefined;
}

/** 1-based position of a series in the brand's ranking (by views). */
export async function rankInBrand(db: Db, brandId: string, viewCount: number, seriesId: number): Promise<number> {
  const [row] = await db
    .select({ ahead: sql<number>`count(*)`.mapWith(Number) })
    .from(seriesBrands)
    .where(
      and(
        eq(seriesBrands.brandId, brandId),
        sql`(${seriesBrands.viewCount} > ${viewCount} or (${seriesBrands.viewCount} = ${viewCount} and ${seriesBrands.seriesId} < ${seriesId}))`,
      ),
    );
  return (row?.ahead ?? 0) + 1;
}

export async function listCreators(db: Db, seriesId: number) {
  return db
    .select({ id: creators.id, name: creators.name, type: seriesCreators.type })
    .from(seriesCreators)
    .innerJoin(creators, eq(creators.id, seriesCreators.creatorId))
    .where(eq(seriesCreators.seriesId, seriesId))
    .orderBy(asc(seriesCreators.type), asc(creators.name));
}

export async function listTags(db: Db, seriesId: number): Promise<string[]> {
  const rows = await db
    .select({ name: tags.name })
    .from(seriesTags)
    .innerJoin(tags, eq(tags.id, seriesTags.tagId))
    .where(eq(seriesTags.seriesId, seriesId))
    .orderBy(asc(tags.name));
  return rows.map((r) => r.name);
}

export type EpisodeRow = typeof episodes.$inferSelect;

export async function listPublishedEpisodes(db: Db, seriesId: number, now: Date): Promise<EpisodeRow[]> {
  return db
    .select()
    .from(episodes)
    .where(and(eq(episodes.seriesId, seriesId), lte(episodes.publishedAt, now)))
    .orderBy(asc(episodes.number));
}

export async function findEpisode(db: Db, episodeId: number): Promise<EpisodeRow | null> {
  const [row] = await db.select().from(episodes).where(eq(episodes.id, episodeId));
  return row ?? null;
}

/** The published episodes right before and after `number` in a series. */
export async function findNeighbours(
  db: Db,
  seriesId: number,
  number: number,
  now: Date,
): Promise<{ prev: EpisodeRow | null; next: EpisodeRow | null }> {
  const published = and(eq(episodes.seriesId, seriesId), lte(episodes.publishedAt, now));
  const [prev] = await db
    .select()
    .from(episodes)
    .where(and(published, lt(episodes.number, number)))
    .orderBy(sql`${episodes.number} desc`)
    .limit(1);
  const [next] = await db
    .select()
    .from(episodes)
    .where(and(published, gt(episodes.number, number)))
    .orderBy(asc(episodes.number))
    .limit(1);
  return { prev: prev ?? null, next: next ?? null };
}

/** When the next episode of a series goes out, if one is already scheduled. */
export async function nextScheduledAt(db: Db, seriesId: number, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: episodes.publishedAt })
    .from(episodes)
    .where(and(eq(episodes.seriesId, seriesId), gt(episodes.publishedAt, now)))
    .orderBy(asc(episodes.publishedAt))
    .limit(1);
  return row?.at ?? null;
}

export async function listPages(db: Db, episodeId: number) {
  return db
    .select()
    .from(episodePages)
    .where(eq(episodePages.episodeId, episodeId))
    .orderBy(asc(episodePages.position));
}

export async function listActiveBanners(db: Db, brandId: string, channel: 'WEB' | 'APP', now: Date) {
  return db
    .select({ id: banners.id, title: banners.title, imageKey: banners.imageKey, linkUrl: banners.linkUrl })
    .from(banners)
    .where(
      and(
        eq(banners.brandId, brandId),
        eq(banners.displayChannel, channel),
        sql`(${banners.startsAt} is null or ${banners.startsAt} <= ${now})`,
        sql`(${banners.endsAt} is null or ${banners.endsAt} > ${now})`,
      ),
    )
    .orderBy(asc(banners.position), asc(banners.id));
}

/** The brand's rows for these series, in no particular order. */
export async function findBrandSeriesMany(
  db: Db,
  brandId: string,
  seriesIds: readonly number[],
  now: Date,
): Promise<SeriesRow[]> {
  if (seriesIds.length === 0) return [];
  return db
    .select(seriesColumns(now))
    .from(series)
    .innerJoin(seriesBrands, and(eq(seriesBrands.seriesId, series.id), eq(seriesBrands.brandId, brandId)))
    .where(inArray(series.id, [...seriesIds]));
}

/** Free-time settings of a series on a brand. */
export async function freetimeIntervalHours(db: Db, brandId: string, seriesId: number): Promise<number | null> {
  const [row] = await db
    .select({ hours: seriesBrands.freetimeIntervalHours })
    .from(seriesBrands)
    .where(and(eq(seriesBrands.brandId, brandId), eq(seriesBrands.seriesId, seriesId)));
  return row?.hours ?? null;
}

export async function latestNotices(db: Db, brandId: string, seriesId: number, now: Date, count: number) {
  return db
    .select({
      id: seriesNotices.id,
      title: seriesNotices.title,
      body: seriesNotices.body,
      publishedAt: seriesNotices.publishedAt,
    })
    .from(seriesNotices)
    .where(
      and(
        eq(seriesNotices.seriesId, seriesId),
        eq(seriesNotices.brandId, brandId),
        lte(seriesNotices.publishedAt, now),
      ),
    )
    .orderBy(desc(seriesNotices.publishedAt), desc(seriesNotices.id))
    .limit(count);
}

const activePick = (now: Date) =>
  and(
    sql`(${picks.startsAt} is null or ${picks.startsAt} <= ${now})`,
    sql`(${picks.endsAt} is null or ${picks.endsAt} > ${now})`,
  );

export async function listActivePicks(db: Db, brandId: string, now: Date) {
  return db
    .select({ id: picks.id, title: picks.title, description: picks.description })
    .from(picks)
    .where(and(eq(picks.brandId, brandId), activePick(now)))
    .orderBy(asc(picks.position), asc(picks.id));
}

export async function findActivePick(db: Db, brandId: string, pickId: number, now: Date) {
  const [row] = await db
    .select({ id: picks.id, title: picks.title, description: picks.description })
    .from(picks)
    .where(and(eq(picks.id, pickId), eq(picks.brandId, brandId), activePick(now)));
  return row ?? null;
}

/** Series ids of these picks, in each pick's order. */
export async function listPickItems(db: Db, pickIds: readonly number[]) {
  if (pickIds.length === 0) return [];
  return db
    .select({ pickId: pickItems.pickId, seriesId: pickItems.seriesId })
    .from(pickItems)
    .where(inArray(pickItems.pickId, [...pickIds]))
    .orderBy(asc(pickItems.pickId), asc(pickItems.position), asc(pickItems.seriesId));
}

/**
 * Series of the brand whose search text holds `fragment` (already normalised), or that carry one
 * of `genres`, most viewed first. `like` on the trigram-indexed column works for
 * any script; fragments shorter than three characters fall back to a scan of the brand's rows.
 */
export async function searchBrandSeries(
  db: Db,
  brandId: string,
  query: { fragment: string; genres: readonly string[] },
  now: Date,
): Promise<SeriesRow[]> {
  const pattern = `%${query.fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const byText = query.fragment ? sql`${seriesBrands.searchText} like ${pattern}` : sql`false`;
  const byGenre =
    query.genres.length > 0
      ? sql`exists (select 1 from ${seriesGenres} g where g.series_id = ${series.id} and g.genre in ${[...query.genres]})`
      : sql`false`;
  return db
    .select(seriesColumns(now))
    .from(series)
    .innerJoin(seriesBrands, and(eq(seriesBrands.seriesId, series.id), eq(seriesBrands.brandId, brandId)))
    .where(sql`(${byText} or ${byGenre})`)
    .orderBy(sql`${seriesBrands.viewCount} desc`, asc(series.id));
}

/** Non-adult series of the brand with their last change, for the sitemap. */
export async function listIndexableSeries(db: Db, brandId: string, now: Date) {
  return db
    .select({
      id: series.id,
      updatedAt:
        sql<Date>`greatest(${series.updatedAt}, coalesce((select max(${episodes.publishedAt}) from ${episodes} where ${episodes.seriesId} = ${series.id} and ${episodes.publishedAt} <= ${now}), ${series.updatedAt}))`.mapWith(
          (v: string | Date) => new Date(v),
        ),
    })
    .from(series)
    .innerJoin(seriesBrands, and(eq(seriesBrands.seriesId, series.id), eq(seriesBrands.brandId, brandId)))
    .where(and(eq(series.isAdult, false), lte(seriesBrands.publishedAt, now)))
    .orderBy(asc(series.id));
}

/** What search matches for each brand row: titles, creators, tags and genre codes, unnormalised. */
export async function listSearchSources(db: Db, onlyEmpty: boolean) {
  return db
    .select({
      seriesId: seriesBrands.seriesId,
      brandId: seriesBrands.brandId,
      text: sql<string>`concat_ws(' ', ${seriesBrands.title}, ${series.title},
        (select string_agg(c.name, ' ') from ${seriesCreators} sc join ${creators} c on c.id = sc.creator_id where sc.series_id = ${series.id}),
        (select string_agg(t.name, ' ') from ${seriesTags} st join ${tags} t on t.id = st.tag_id where st.series_id = ${series.id}),
        (select string_agg(g.genre, ' ') from ${seriesGenres} g where g.series_id = ${series.id}))`,
    })
    .from(seriesBrands)
    .innerJoin(series, eq(series.id, seriesBrands.seriesId))
    .where(onlyEmpty ? eq(seriesBrands.searchText, '') : undefined);
}

export async function setSearchText(db: Db, seriesId: number, brandId: string, text: string): Promise<void> {
  await db
    .update(seriesBrands)
    .set({ searchText: text })
    .where(and(eq(seriesBrands.seriesId, seriesId), eq(seriesBrands.brandId, brandId)));
}

/**
 * The pages stored under an image key, with whether each is one only the viewer may hand out: a
 * page of an episode that is not free, of an adult series (spec §8 ADULT_ONLY_CONTENTS), or not
 * published yet (the console's preview signs its URLs). Banners, covers and thumbnails have none.
 */
export async function pagesUnderImageKey(
  db: Db,
  imageKey: string,
): Promise<{ seriesId: number; isProtected: boolean }[]> {
  return db
    .select({
      seriesId: series.id,
      isProtected: sql<boolean>`(not ${episodes.isFree} or ${series.isAdult} or ${episodes.publishedAt} > now())`,
    })
    .from(episodePages)
    .innerJoin(episodes, eq(episodes.id, episodePages.episodeId))
    .innerJoin(series, eq(series.id, episodes.seriesId))
    .where(eq(episodePages.imageKey, imageKey));
}

// ——— the member overlay of a series page (reads of tables modules/library writes) ———

/** A member's state in a series is read for this member, series and moment. */
export type MemberStateParams = {
  userId: number;
  seriesId: number;
  now: Date;
};

/** The columns of one wanted (member, series, moment) in the batched query. */
export type MemberStateKey = { [K in keyof MemberStateParams]: SQL };

/** A column the caller adds to the member's state (the access module's holdings), over the key's columns. */
export type MemberStateColumn = (key: MemberStateKey) => SQL;

export interface MemberState {
  isFavorite: boolean;
  readIds: ReadonlySet<number>;
  /** The episode read last, or null. */
  last: { episodeId: number; number: number } | null;
  extra: unknown;
}

const KEYS = keyTable<MemberStateParams>([
  { name: 'user_id', type: 'int', of: (k) => k.userId },
  { name: 'series_id', type: 'int', of: (k) => k.seriesId },
  { name: 'now', type: 'timestamptz', of: (k) => k.now.toISOString() },
]);

const KEY: MemberStateKey = {
  userId: KEYS.column('user_id'),
  seriesId: KEYS.column('series_id'),
  now: KEYS.column('now'),
};

/**
 * A reader of a member's own state in a series: favourite, the episodes read (newest first), and
 * `extra`, a column the caller adds (the access module's holdings), so the series page costs one
 * round trip. The series pages asked for in one turn of the event loop share it (decision 0294).
 */
export function memberStateReader(
  extra: MemberStateColumn,
): (db: Db, params: MemberStateParams) => Promise<MemberState> {
  const { userId, seriesId } = KEY;
  return batchedPerTurn(async (db, keys: readonly MemberStateParams[]) => {
    const rows = await db
      .select({
        at: KEYS.at,
        favorite: sql<boolean>`exists (select 1 from ${favorites} f where f.user_id = ${userId} and f.series_id = ${seriesId})`,
        read: sql<
          { episodeId: number; number: number }[]
        >`(select coalesce(json_agg(json_build_object('episodeId', p.episode_id, 'number', e.number) order by p.updated_at desc), '[]'::json) from ${readingProgress} p join ${episodes} e on e.id = p.episode_id where p.user_id = ${userId} and p.series_id = ${seriesId})`,
        extra: sql<unknown>`${extra(KEY)}`,
      })
      .from(KEYS.from)
      .prepare('catalog_member_states_in_series')
      .execute(KEYS.bind(keys));
    return inKeyOrder(keys, rows).map((row) => {
      const read = row?.read ?? [];
      return {
        isFavorite: row?.favorite === true,
        readIds: new Set(read.map((r) => r.episodeId)),
        last: read[0] ?? null,
        extra: row?.extra,
      };
    });
  });
}

/**
 * The next moment the catalog changes by itself (an episode or a series is published, a banner or
 * a pick starts or ends, a series notice comes out): of one brand, or of any brand without `brandId`; null when nothing is scheduled.
 */
export async function nextChangeAt(db: Db, now: Date, brandId?: string): Promise<Date | null> {
  const at = now.toISOString();
  const onBrand = (column: SQL) => (brandId === undefined ? sql`` : sql` and ${column} = ${brandId}`);
  const result = await db.execute(sql`
    select least(
      (select min(e.published_at) from episodes e
        where e.published_at > ${at}::timestamptz
          and exists (select 1 from series_brands sb where sb.series_id = e.series_id${onBrand(sql`sb.brand_id`)})),
      (select min(published_at) from series_brands
        where published_at > ${at}::timestamptz${onBrand(sql`brand_id`)}),
      (select min(starts_at) from banners where starts_at > ${at}::timestamptz${onBrand(sql`brand_id`)}),
      (select min(ends_at) from banners where ends_at > ${at}::timestamptz${onBrand(sql`brand_id`)}),
      (select min(starts_at) from picks where starts_at > ${at}::timestamptz${onBrand(sql`brand_id`)}),
      (select min(ends_at) from picks where ends_at > ${at}::timestamptz${onBrand(sql`brand_id`)}),
      (select min(published_at) from series_notices
        where published_at > ${at}::timestamptz${onBrand(sql`brand_id`)})
    ) as at`);
  const [row] = (result as unknown as { rows: { at: string | Date | null }[] }).rows;
  return row?.at ? new Date(row.at) : null;
}

export interface Publication {
  brandId: string;
  seriesId: number;
  /** The episode published, and the one before it (its "next" link changes); null for a series. */
  episodeId: number | null;
  previousEpisodeId: number | null;
}

/** What became public in (from, to]: each episode on each brand of its series, and each series newly on a brand. */
export async function publishedBetween(db: Db, from: Date, to: Date): Promise<Publication[]> {
  const after = from.toISOString();
  const until = to.toISOString();
  const result = await db.execute(sql`
    select sb.brand_id as "brandId", e.series_id as "seriesId", e.id as "episodeId",
           (select p.id from episodes p where p.series_id = e.series_id and p.number < e.number
             order by p.number desc limit 1) as "previousEpisodeId"
      from episodes e join series_brands sb on sb.series_id = e.series_id
     where e.published_at > ${after}::timestamptz and e.published_at <= ${until}::timestamptz
    union all
    select sb.brand_id, sb.series_id, null, null from series_brands sb
     where sb.published_at > ${after}::timestamptz and sb.published_at <= ${until}::timestamptz`);
  return (result as unknown as { rows: Publication[] }).rows;
}

/** What the schedule changed in (from, to] besides publications: banners and picks that started or ended, series notices that came out. */
export interface ScheduledChange {
  kind: 'banners' | 'picks' | 'notice';
  brandId: string;
  /** The series of a notice; null otherwise. */
  seriesId: number | null;
}

/** The banners and picks that started or ended in (from, to], and the series notices published then. */
export async function scheduledChangesBetween(db: Db, from: Date, to: Date): Promise<ScheduledChange[]> {
  const after = from.toISOString();
  const until = to.toISOString();
  const within = (column: SQL) => sql`(${column} > ${after}::timestamptz and ${column} <= ${until}::timestamptz)`;
  const result = await db.execute(sql`
    select distinct 'banners' as kind, brand_id as "brandId", null::integer as "seriesId" from banners
     where ${within(sql`starts_at`)} or ${within(sql`ends_at`)}
    union
    select distinct 'picks', brand_id, null::integer from picks
     where ${within(sql`starts_at`)} or ${within(sql`ends_at`)}
    union
    select distinct 'notice', brand_id, series_id from series_notices where ${within(sql`published_at`)}`);
  return (result as unknown as { rows: ScheduledChange[] }).rows;
}
