import { BRANDS, PlatformId, ScheduleKey } from '@balcony/contracts';
import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../client.js';
import { banners, episodePages, episodes, eventPrizes, events, genres, series, seriesBrands } from '../schema.js';
import { DEMO_BRANDS, demoSeries } from './catalog-data.js';
import { demoPageSize } from './demo-images.js';
import { isCatalogEmpty, type SeedResult, seedDemoCatalog } from './seed.js';

const SCHEDULE_KEYS = ScheduleKey.options;

async function freshDatabase(): Promise<Database> {
  const database = await openDatabase({ databaseUrl: undefined, databaseDir: 'memory://' });
  await database.migrate();
  return database;
}

describe('seedDemoCatalog on a fresh database', () => {
  const now = new Date();
  const messages: string[] = [];
  let database: Database;
  let first: SeedResult;
  let firstMs: number;

  beforeAll(async () => {
    database = await freshDatabase();
    const started = performance.now();
    first = await seedDemoCatalog(database.db, { now, log: (m) => messages.push(m) });
    firstMs = performance.now() - started;
  });
  afterAll(() => database.close());

  it('seeds the whole catalog in well under 30 s, reporting progress; a second run is skipped with the same counts', async () => {
    expect(first.skipped).toBe(false);
    expect(first.series).toBe(demoSeries.length);
    expect(first.episodes).toBeGreaterThanOrEqual(20 * demoSeries.length);
    expect(first.pages).toBeGreaterThan(first.episodes * 2);
    expect(firstMs).toBeLessThan(30_000);
    expect(messages.some((m) => m.includes(`/${demoSeries.length} series`))).toBe(true);
    expect(await isCatalogEmpty(database.db)).toBe(false);

    const second = await seedDemoCatalog(database.db, { now });
    expect(second).toEqual({ ...first, skipped: true });
  });

  it('runs an attendance, a roulette and an emoticon event in every brand, in its language, once', async () => {
    const rows = await database.db.select().from(events);
    for (const brandId of PlatformId.options) {
      const mine = rows.filter((e) => e.brandId === brandId);
      expect(mine.map((e) => e.kind).sort(), brandId).toEqual(['ATTENDANCE', 'EMOTICON', 'ROULETTE']);
      for (const e of mine) expect(e.startsAt <= now && e.endsAt > now, `${brandId} ${e.kind} runs now`).toBe(true);
    }
    const title = (brandId: PlatformId) => rows.find((e) => e.brandId === brandId && e.kind === 'ATTENDANCE')?.title;
    expect(BRANDS['beltoon-jp'].locale).toBe('ja');
    expect(title('beltoon-jp')).toBe('毎日出席チェック');
    expect(title('delitoon-de')).toBe('Täglicher Check-in');
    expect(await database.db.$count(eventPrizes)).toBe(4 * PlatformId.options.length);
    // The second run (the test above) made none more.
    expect(rows).toHaveLength(3 * PlatformId.options.length);
  });

  it('inserts all eight genres', async () => {
    const rows = await database.db.select().from(genres).orderBy(asc(genres.code));
    expect(rows.map((r) => r.code)).toEqual([
      'ACTION',
      'BL',
      'COMEDY',
      'DRAMA',
      'FANTASY',
      'MATURE',
      'ROMANCE',
      'THRILLER',
    ]);
  });

  it('gives every brand ≥ 30 series with adult, BL, each schedule key twice, every status and both content kinds', async () => {
    const rows = await database.db
      .select({
        brandId: seriesBrands.brandId,
        isAdult: series.isAdult,
        isBl: series.isBl,
        status: series.status,
        schedule: series.schedule,
        contentKind: series.contentKind,
      })
      .from(seriesBrands)
      .innerJoin(series, eq(series.id, seriesBrands.seriesId));
    for (const brand of DEMO_BRANDS) {
      const line = rows.filter((r) => r.brandId === brand.id);
      const share = (test: (r: (typeof line)[number]) => boolean) => line.filter(test).length;
      expect(line.length, brand.id).toBeGreaterThanOrEqual(30);
      expect(
        share((r) => r.isAdult),
        `${brand.id} adult`,
      ).toBeGreaterThan(0);
      expect(
        share((r) => r.isBl),
        `${brand.id} BL`,
      ).toBeGreaterThan(0);
      for (const key of SCHEDULE_KEYS) {
        expect(
          share((r) => r.status === 'SCHEDULED' && r.schedule.includes(key)),
          `${brand.id} ${key}`,
        ).toBeGreaterThanOrEqual(2);
      }
      for (const status of ['COMPLETED', 'PAUSED'])
        expect(
          share((r) => r.status === status),
          `${brand.id} ${status}`,
        ).toBeGreaterThan(0);
      for (const kind of ['IMAGE', 'TEXT'])
        expect(
          share((r) => r.contentKind === kind),
          `${brand.id} ${kind}`,
        ).toBeGreaterThan(0);
      // The brand's nature: BL brands mostly BL, the mature brand mostly adult, general brands mostly neither.
      if (brand.audience === 'bl') expect(share((r) => r.isBl) / line.length).toBeGreaterThan(0.6);
      if (brand.audience === 'mature') expect(share((r) => r.isAdult) / line.length).toBeGreaterThan(0.6);
      if (brand.audience === 'general') expect(share((r) => !r.isBl && !r.isAdult) / line.length).toBeGreaterThan(0.75);
    }
  });

  it('gives every series ≥ 20 episodes and running series a new episode and an announced one', async () => {
    const rows = await database.db
      .select({
        status: series.status,
        episodes: sql<number>`count(*)`.mapWith(Number),
        upcoming: sql<number>`count(*) filter (where ${episodes.publishedAt} > ${now})`.mapWith(Number),
        latest: sql<string>`max(${episodes.publishedAt}) filter (where ${episodes.publishedAt} <= ${now})`,
      })
      .from(series)
      .innerJoin(episodes, eq(episodes.seriesId, series.id))
      .groupBy(series.id);
    expect(rows).toHaveLength(demoSeries.length);
    for (const r of rows) {
      expect(r.episodes).toBeGreaterThanOrEqual(20);
      if (r.status === 'SCHEDULED') {
        expect(r.upcoming).toBeGreaterThanOrEqual(1);
        expect(r.upcoming).toBeLessThanOrEqual(2);
        expect(now.getTime() - new Date(r.latest).getTime()).toBeLessThanOrEqual(10 * 24 * 3600 * 1000);
      } else {
        expect(r.upcoming).toBe(0);
      }
    }
  });

  it('stores image pages 800 wide at the height of demoPageSize, and text pages without image fields', async () => {
    const rows = await database.db
      .select({
        slug: series.slug,
        contentKind: episodes.contentKind,
        number: episodes.number,
        position: episodePages.position,
        imageKey: episodePages.imageKey,
        width: episodePages.width,
        height: episodePages.height,
        text: episodePages.text,
      })
      .from(episodePages)
      .innerJoin(episodes, eq(episodes.id, episodePages.episodeId))
      .innerJoin(series, eq(series.id, episodes.seriesId));
    expect(rows).toHaveLength(first.pages);
    for (const r of rows) {
      if (r.contentKind === 'IMAGE') {
        expect(r.imageKey).toBe(`demo/pages/${r.slug}/${r.number}/${r.position}.png`);
        expect({ width: r.width, height: r.height }).toEqual(demoPageSize(r.slug, r.number, r.position));
        expect(r.text).toBeNull();
      } else {
        expect([r.imageKey, r.width, r.height]).toEqual([null, null, null]);
        expect(r.text?.length).toBeGreaterThan(200);
      }
    }
  });

  it('shows each brand its localised titles, findable by a Japanese or Thai fragment', async () => {
    const find = (brandId: string, fragment: string) =>
      database.db
        .select({ title: seriesBrands.title })
        .from(seriesBrands)
        .where(and(eq(seriesBrands.brandId, brandId), ilike(seriesBrands.title, `%${fragment}%`)));
    const jp = demoSeries.find((s) => s.licenses.some((l) => l.brandId === 'beltoon-jp'));
    const th = demoSeries.find((s) => s.licenses.some((l) => l.brandId === 'bom-th'));
    if (!jp || !th) throw new Error('brands without series');
    expect(await find('beltoon-jp', jp.title.ja.slice(-2))).toContainEqual({ title: jp.title.ja });
    expect(await find('bom-th', th.title.th.slice(0, 4))).toContainEqual({ title: th.title.th });
  });

  it('adds four WEB banners per brand linking to popular, non-adult series of that brand', async () => {
    const rows = await database.db
      .select({
        brandId: banners.brandId,
        position: banners.position,
        linkUrl: banners.linkUrl,
        imageKey: banners.imageKey,
        title: banners.title,
        channel: banners.displayChannel,
        seriesId: series.id,
        slug: series.slug,
        isAdult: series.isAdult,
        brandTitle: seriesBrands.title,
      })
      .from(banners)
      .leftJoin(series, sql`${banners.linkUrl} = '/detail/' || ${series.id}`)
      .leftJoin(seriesBrands, and(eq(seriesBrands.seriesId, series.id), eq(seriesBrands.brandId, banners.brandId)))
      .orderBy(asc(banners.brandId), asc(banners.position));
    for (const brand of DEMO_BRANDS) {
      const mine = rows.filter((r) => r.brandId === brand.id);
      expect(mine.map((r) => r.position)).toEqual([0, 1, 2, 3]);
      for (const r of mine) {
        expect(r.channel).toBe('WEB');
        expect(r.isAdult).toBe(false);
        expect(r.imageKey).toBe(`demo/banners/${r.slug}.png`);
        expect(r.title).toBe(r.brandTitle);
      }
    }
  });
});

describe('seedDemoCatalog on a partly seeded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('adds only the missing series and keeps what is there', async () => {
    const first = await seedDemoCatalog(database.db, {});
    // Simulate a catalog where a few demo series are missing (an interrupted earlier run).
    const gone = demoSeries.slice(-3).map((s) => s.slug);
    for (const slug of gone) await database.db.delete(series).where(eq(series.slug, slug));
    const [kept] = await database.db
      .select()
      .from(series)
      .where(eq(series.slug, demoSeries[0]?.slug ?? ''));
    const bannerCount = await database.db.$count(banners);

    const again = await seedDemoCatalog(database.db, {});
    expect(again).toEqual(first);
    const [keptAfter] = await database.db
      .select()
      .from(series)
      .where(eq(series.slug, demoSeries[0]?.slug ?? ''));
    expect(keptAfter).toEqual(kept);
    expect(await database.db.$count(series, inArray(series.slug, gone))).toBe(gone.length);
    // Banners already there are neither duplicated nor replaced.
    expect(await database.db.$count(banners)).toBe(bannerCount);
  });
});
