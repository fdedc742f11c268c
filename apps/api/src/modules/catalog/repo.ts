import { and, asc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  banners,
  creators,
  episodePages,
  episodes,
  series,
  seriesBrands,
  seriesCreators,
  seriesGenres,
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
  status: string;
  schedule: string[];
  isAdult: boolean;
  isBl: boolean;
  contentKind: string;
  format: string;
  coverKey: string;
  thumbnailKey: string;
  viewCount: number;
  discountPercent: number;
  brandPublishedAt: Date;
  genres: string[];
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
      string[]
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
export async function findNeighbours(db: Db, seriesId: number, number: number, now: Date) {
  const published = and(eq(episodes.seriesId, seriesId), lte(episodes.publishedAt, now));
  const link = { id: episodes.id, number: episodes.number, isFree: episodes.isFree };
  const [prev] = await db
    .select(link)
    .from(episodes)
    .where(and(published, lt(episodes.number, number)))
    .orderBy(sql`${episodes.number} desc`)
    .limit(1);
  const [next] = await db
    .select(link)
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
