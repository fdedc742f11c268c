import type { AdminCreator, ContentStatus, Genre, HomeTabSlug } from '@balcony/contracts';
import { and, asc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  banners,
  brandHomeTabs,
  creators,
  episodePages,
  episodes,
  genres,
  pickItems,
  picks,
  series,
  seriesBrands,
  seriesCreators,
  seriesGenres,
  seriesTags,
  tags,
} from '../../db/schema.js';

// The console's writes and reads of the catalog tables (issue 15 items 3 and 4). The catalog
// module owns these tables; its reader queries are in repo.ts.

export type SeriesRecord = typeof series.$inferSelect;
export type SeriesBrandRecord = typeof seriesBrands.$inferSelect;
export type EpisodeRecord = typeof episodes.$inferSelect;
export type PageRecord = typeof episodePages.$inferSelect;
export type BannerRecord = typeof banners.$inferSelect;
export type PickRecord = typeof picks.$inferSelect;

// ——— series ———

export async function listSeries(
  db: Db,
  query: { q?: string; brandId?: string; status?: ContentStatus; page: number; size: number },
  now: Date,
) {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${series.title} ilike ${pattern} or ${series.slug} ilike ${pattern} or exists (select 1 from ${seriesBrands} b where b.series_id = ${series.id} and b.title ilike ${pattern}))`,
    );
  }
  if (query.brandId) {
    conditions.push(
      sql`exists (select 1 from ${seriesBrands} b where b.series_id = ${series.id} and b.brand_id = ${query.brandId})`,
    );
  }
  if (query.status) conditions.push(eq(series.status, query.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select({
      id: series.id,
      slug: series.slug,
      title: series.title,
      status: series.status,
      isAdult: series.isAdult,
      isBl: series.isBl,
      contentKind: series.contentKind,
      coverKey: series.coverKey,
      updatedAt: series.updatedAt,
      brandIds: sql<
        string[]
      >`coalesce((select array_agg(b.brand_id order by b.brand_id) from ${seriesBrands} b where b.series_id = ${series.id}), '{}')`,
      episodeCount: sql<number>`(select count(*) from ${episodes} e where e.series_id = ${series.id})`.mapWith(Number),
      nextPublicationAt:
        sql<Date | null>`(select min(e.published_at) from ${episodes} e where e.series_id = ${series.id} and e.published_at > ${now.toISOString()}::timestamptz)`.mapWith(
          (v: string | Date | null) => (v === null ? null : new Date(v)),
        ),
    })
    .from(series)
    .where(where)
    .orderBy(sql`${series.updatedAt} desc`, sql`${series.id} desc`)
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [count] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(series)
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function findSeries(db: Db, seriesId: number): Promise<SeriesRecord | null> {
  const [row] = await db.select().from(series).where(eq(series.id, seriesId));
  return row ?? null;
}

/** The series row, locked until the transaction ends, so two editors' saves apply one after the other. */
export async function lockSeries(db: Db, seriesId: number): Promise<SeriesRecord | null> {
  const [row] = await db.select().from(series).where(eq(series.id, seriesId)).for('update');
  return row ?? null;
}

export async function slugTaken(db: Db, slug: string, exceptId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: series.id })
    .from(series)
    .where(exceptId === null ? eq(series.slug, slug) : and(eq(series.slug, slug), sql`${series.id} <> ${exceptId}`));
  return row !== undefined;
}

export type SeriesValues = Omit<typeof series.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertSeries(db: Db, values: SeriesValues, now: Date): Promise<SeriesRecord> {
  const [row] = await db
    .insert(series)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('series insert returned nothing');
  return row;
}

export async function updateSeries(db: Db, seriesId: number, values: SeriesValues, now: Date): Promise<void> {
  await db
    .update(series)
    .set({ ...values, updatedAt: now })
    .where(eq(series.id, seriesId));
}

export async function touchSeries(db: Db, seriesId: number, now: Date): Promise<void> {
  await db.update(series).set({ updatedAt: now }).where(eq(series.id, seriesId));
}

export async function listSeriesGenres(db: Db, seriesId: number): Promise<Genre[]> {
  const rows = await db
    .select({ genre: seriesGenres.genre })
    .from(seriesGenres)
    .where(eq(seriesGenres.seriesId, seriesId))
    .orderBy(asc(seriesGenres.genre));
  return rows.map((r) => r.genre);
}

export async function listSeriesBrands(db: Db, seriesId: number): Promise<SeriesBrandRecord[]> {
  return db.select().from(seriesBrands).where(eq(seriesBrands.seriesId, seriesId)).orderBy(asc(seriesBrands.brandId));
}

/** The series' creators become `list` (creators are found or made by name). */
export async function replaceCreators(db: Db, seriesId: number, list: readonly AdminCreator[]): Promise<void> {
  await db.delete(seriesCreators).where(eq(seriesCreators.seriesId, seriesId));
  if (list.length === 0) return;
  const names = [...new Set(list.map((c) => c.name))];
  await db
    .insert(creators)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
  const found = await db.select().from(creators).where(inArray(creators.name, names));
  const idOf = new Map(found.map((c) => [c.name, c.id]));
  await db
    .insert(seriesCreators)
    .values(list.map((c) => ({ seriesId, creatorId: idOf.get(c.name) ?? 0, type: c.type })))
    .onConflictDoNothing();
}

export async function replaceGenres(db: Db, seriesId: number, list: readonly Genre[]): Promise<void> {
  await db.delete(seriesGenres).where(eq(seriesGenres.seriesId, seriesId));
  if (list.length === 0) return;
  const codes = [...new Set(list)];
  await db
    .insert(genres)
    .values(codes.map((code) => ({ code })))
    .onConflictDoNothing();
  await db.insert(seriesGenres).values(codes.map((genre) => ({ seriesId, genre })));
}

export async function replaceTags(db: Db, seriesId: number, list: readonly string[]): Promise<void> {
  await db.delete(seriesTags).where(eq(seriesTags.seriesId, seriesId));
  const names = [...new Set(list)];
  if (names.length === 0) return;
  await db
    .insert(tags)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
  const found = await db.select().from(tags).where(inArray(tags.name, names));
  await db.insert(seriesTags).values(found.map((t) => ({ seriesId, tagId: t.id })));
}

export type SeriesBrandValues = Pick<
  SeriesBrandRecord,
  | 'brandId'
  | 'title'
  | 'synopsis'
  | 'publishedAt'
  | 'discountPercent'
  | 'freetimeIntervalHours'
  | 'freetimeExcludesLatest'
>;

/**
 * The series is shown on exactly `list`'s brands with these settings; a brand it stays on keeps
 * its view count (its ranking). The search text is emptied for `reindexSearch` to fill again.
 */
export async function replaceBrands(db: Db, seriesId: number, list: readonly SeriesBrandValues[]): Promise<void> {
  const keep = list.map((b) => b.brandId);
  await db
    .delete(seriesBrands)
    .where(
      keep.length > 0
        ? and(eq(seriesBrands.seriesId, seriesId), notInArray(seriesBrands.brandId, keep))
        : eq(seriesBrands.seriesId, seriesId),
    );
  for (const b of list) {
    const values = { ...b, searchText: '' };
    await db
      .insert(seriesBrands)
      .values({ seriesId, ...values })
      .onConflictDoUpdate({ target: [seriesBrands.seriesId, seriesBrands.brandId], set: values });
  }
}

/** The brands showing a series. */
export async function brandsOfSeries(db: Db, seriesId: number): Promise<string[]> {
  const rows = await db
    .select({ brandId: seriesBrands.brandId })
    .from(seriesBrands)
    .where(eq(seriesBrands.seriesId, seriesId));
  return rows.map((r) => r.brandId);
}

// ——— episodes ———

export async function listEpisodesOf(db: Db, seriesId: number) {
  return db
    .select({
      id: episodes.id,
      number: episodes.number,
      title: episodes.title,
      publishedAt: episodes.publishedAt,
      contentKind: episodes.contentKind,
      pageCount: sql<number>`(select count(*) from ${episodePages} p where p.episode_id = ${episodes.id})`.mapWith(
        Number,
      ),
    })
    .from(episodes)
    .where(eq(episodes.seriesId, seriesId))
    .orderBy(asc(episodes.number));
}

export async function episodeIdsOf(db: Db, seriesId: number): Promise<number[]> {
  const rows = await db.select({ id: episodes.id }).from(episodes).where(eq(episodes.seriesId, seriesId));
  return rows.map((r) => r.id);
}

export async function findEpisode(db: Db, episodeId: number): Promise<EpisodeRecord | null> {
  const [row] = await db.select().from(episodes).where(eq(episodes.id, episodeId));
  return row ?? null;
}

/** The episode row, locked until the transaction ends (page uploads and edits of one episode queue). */
export async function lockEpisode(db: Db, episodeId: number): Promise<EpisodeRecord | null> {
  const [row] = await db.select().from(episodes).where(eq(episodes.id, episodeId)).for('update');
  return row ?? null;
}

export async function numberTaken(db: Db, seriesId: number, number: number, exceptId: number | null) {
  const [row] = await db
    .select({ id: episodes.id })
    .from(episodes)
    .where(
      and(
        eq(episodes.seriesId, seriesId),
        eq(episodes.number, number),
        ...(exceptId === null ? [] : [sql`${episodes.id} <> ${exceptId}`]),
      ),
    );
  return row !== undefined;
}

export type EpisodeValues = Omit<typeof episodes.$inferInsert, 'id' | 'createdAt' | 'seriesId'>;

export async function insertEpisode(db: Db, seriesId: number, values: EpisodeValues): Promise<EpisodeRecord> {
  const [row] = await db
    .insert(episodes)
    .values({ ...values, seriesId })
    .returning();
  if (!row) throw new Error('episode insert returned nothing');
  return row;
}

export async function updateEpisode(db: Db, episodeId: number, values: Partial<EpisodeValues>): Promise<void> {
  await db.update(episodes).set(values).where(eq(episodes.id, episodeId));
}

export async function deleteEpisode(db: Db, episodeId: number): Promise<void> {
  await db.delete(episodes).where(eq(episodes.id, episodeId));
}

// ——— pages ———

export async function listPages(db: Db, episodeId: number): Promise<PageRecord[]> {
  return db
    .select()
    .from(episodePages)
    .where(eq(episodePages.episodeId, episodeId))
    .orderBy(asc(episodePages.position));
}

export async function insertPages(
  db: Db,
  episodeId: number,
  pages: {
    position: number;
    imageKey: string | null;
    width: number | null;
    height: number | null;
    text: string | null;
  }[],
): Promise<void> {
  if (pages.length === 0) return;
  await db.insert(episodePages).values(pages.map((p) => ({ ...p, episodeId })));
}

export async function updatePageImage(
  db: Db,
  pageId: number,
  image: { imageKey: string; width: number; height: number },
): Promise<void> {
  await db.update(episodePages).set(image).where(eq(episodePages.id, pageId));
}

export async function deletePages(db: Db, episodeId: number, pageIds?: readonly number[]): Promise<void> {
  await db
    .delete(episodePages)
    .where(
      pageIds
        ? and(eq(episodePages.episodeId, episodeId), inArray(episodePages.id, [...pageIds]))
        : eq(episodePages.episodeId, episodeId),
    );
}

/**
 * Pages take positions 1… in the order of `pageIds`. The positions are unique per episode, so
 * they move out of the way (negative) first, then to their places.
 */
export async function setPageOrder(db: Db, episodeId: number, pageIds: readonly number[]): Promise<void> {
  if (pageIds.length === 0) return;
  await db
    .update(episodePages)
    .set({ position: sql`-${episodePages.position}` })
    .where(eq(episodePages.episodeId, episodeId));
  const cases = sql.join(
    pageIds.map((id, i) => sql`when ${id} then ${i + 1}`),
    sql` `,
  );
  await db
    .update(episodePages)
    .set({ position: sql`(case ${episodePages.id} ${cases} end)::int` })
    .where(and(eq(episodePages.episodeId, episodeId), inArray(episodePages.id, [...pageIds])));
}

// ——— banners ———

export async function listBanners(db: Db, brandId: string): Promise<BannerRecord[]> {
  return db.select().from(banners).where(eq(banners.brandId, brandId)).orderBy(asc(banners.position), asc(banners.id));
}

export async function findBanner(db: Db, brandId: string, bannerId: number): Promise<BannerRecord | null> {
  const [row] = await db
    .select()
    .from(banners)
    .where(and(eq(banners.id, bannerId), eq(banners.brandId, brandId)));
  return row ?? null;
}

export type BannerValues = Omit<typeof banners.$inferInsert, 'id' | 'brandId' | 'position'>;

export async function insertBanner(db: Db, brandId: string, values: BannerValues): Promise<BannerRecord> {
  const [row] = await db
    .insert(banners)
    .values({
      ...values,
      brandId,
      position: sql`(select coalesce(max(${banners.position}), 0) + 1 from ${banners} where ${banners.brandId} = ${brandId})`,
    })
    .returning();
  if (!row) throw new Error('banner insert returned nothing');
  return row;
}

export async function updateBanner(db: Db, bannerId: number, values: BannerValues): Promise<BannerRecord | null> {
  const [row] = await db.update(banners).set(values).where(eq(banners.id, bannerId)).returning();
  return row ?? null;
}

export async function deleteBanner(db: Db, bannerId: number): Promise<void> {
  await db.delete(banners).where(eq(banners.id, bannerId));
}

/** Positions 1… in the order of `ids` (banners or picks of one brand). */
export async function setBannerOrder(db: Db, brandId: string, ids: readonly number[]): Promise<void> {
  for (const [i, id] of ids.entries()) {
    await db
      .update(banners)
      .set({ position: i + 1 })
      .where(and(eq(banners.id, id), eq(banners.brandId, brandId)));
  }
}

// ——— picks ———

export async function listPicks(db: Db, brandId: string): Promise<PickRecord[]> {
  return db.select().from(picks).where(eq(picks.brandId, brandId)).orderBy(asc(picks.position), asc(picks.id));
}

export async function findPick(db: Db, brandId: string, pickId: number): Promise<PickRecord | null> {
  const [row] = await db
    .select()
    .from(picks)
    .where(and(eq(picks.id, pickId), eq(picks.brandId, brandId)));
  return row ?? null;
}

/** The series of these picks, in each pick's order, with their titles on the brand. */
export async function listPickSeries(db: Db, brandId: string, pickIds: readonly number[]) {
  if (pickIds.length === 0) return [];
  return db
    .select({
      pickId: pickItems.pickId,
      id: series.id,
      title: sql<string>`coalesce(${seriesBrands.title}, ${series.title})`,
    })
    .from(pickItems)
    .innerJoin(series, eq(series.id, pickItems.seriesId))
    .leftJoin(seriesBrands, and(eq(seriesBrands.seriesId, series.id), eq(seriesBrands.brandId, brandId)))
    .where(inArray(pickItems.pickId, [...pickIds]))
    .orderBy(asc(pickItems.pickId), asc(pickItems.position));
}

/** Which of `seriesIds` the brand shows. */
export async function seriesShownOn(db: Db, brandId: string, seriesIds: readonly number[]): Promise<Set<number>> {
  if (seriesIds.length === 0) return new Set();
  const rows = await db
    .select({ id: seriesBrands.seriesId })
    .from(seriesBrands)
    .where(and(eq(seriesBrands.brandId, brandId), inArray(seriesBrands.seriesId, [...seriesIds])));
  return new Set(rows.map((r) => r.id));
}

export type PickValues = Pick<PickRecord, 'title' | 'description' | 'startsAt' | 'endsAt'>;

export async function insertPick(db: Db, brandId: string, values: PickValues): Promise<PickRecord> {
  const [row] = await db
    .insert(picks)
    .values({
      ...values,
      brandId,
      position: sql`(select coalesce(max(${picks.position}), 0) + 1 from ${picks} where ${picks.brandId} = ${brandId})`,
    })
    .returning();
  if (!row) throw new Error('pick insert returned nothing');
  return row;
}

export async function updatePick(db: Db, pickId: number, values: PickValues): Promise<void> {
  await db.update(picks).set(values).where(eq(picks.id, pickId));
}

export async function replacePickItems(db: Db, pickId: number, seriesIds: readonly number[]): Promise<void> {
  await db.delete(pickItems).where(eq(pickItems.pickId, pickId));
  if (seriesIds.length === 0) return;
  await db.insert(pickItems).values(seriesIds.map((seriesId, i) => ({ pickId, seriesId, position: i + 1 })));
}

export async function deletePick(db: Db, pickId: number): Promise<void> {
  await db.delete(picks).where(eq(picks.id, pickId));
}

export async function setPickOrder(db: Db, brandId: string, ids: readonly number[]): Promise<void> {
  for (const [i, id] of ids.entries()) {
    await db
      .update(picks)
      .set({ position: i + 1 })
      .where(and(eq(picks.id, id), eq(picks.brandId, brandId)));
  }
}

// ——— home tabs ———

export async function findHomeTabs(db: Db, brandId: string): Promise<HomeTabSlug[] | null> {
  const [row] = await db.select().from(brandHomeTabs).where(eq(brandHomeTabs.brandId, brandId));
  return row?.tabs ?? null;
}

export async function saveHomeTabs(db: Db, brandId: string, tabs: readonly HomeTabSlug[], now: Date): Promise<void> {
  await db
    .insert(brandHomeTabs)
    .values({ brandId, tabs: [...tabs], updatedAt: now })
    .onConflictDoUpdate({ target: brandHomeTabs.brandId, set: { tabs: [...tabs], updatedAt: now } });
}
