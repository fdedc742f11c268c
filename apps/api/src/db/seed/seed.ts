import { Genre } from '@balcony/contracts';
import { count, inArray, like } from 'drizzle-orm';
import { reindexSearch } from '../../modules/catalog/service.js';
import type { Db } from '../client.js';
import {
  banners,
  creators,
  episodePages,
  episodes,
  genres,
  series,
  seriesBrands,
  seriesCreators,
  seriesGenres,
  seriesTags,
  tags,
} from '../schema.js';
import { DEMO_BRANDS, type DemoSeries, demoSeries } from './catalog-data.js';
import { seedCoinProducts } from './coin-products.js';
import { seedDemoCoupons } from './coupons.js';
import { type PlannedEpisode, planEpisodes } from './episodes.js';
import { seedDemoEvents } from './events.js';
import { seedReadingExtras } from './reading-extras.js';
import { seedSupportContent } from './support.js';

// Seeds the demo catalog. Idempotent and additive: it inserts only series whose slug is
// missing (each batch of series with its episodes and pages in one transaction, so a series is
// either complete or absent), skips rows that already exist, and never updates or deletes.

export interface SeedOptions {
  /** Publish dates are laid out relative to this time (default: now). */
  now?: Date;
  log?: (msg: string) => void;
}

/** Totals of the demo catalog in the database after the run. */
export interface SeedResult {
  series: number;
  episodes: number;
  pages: number;
  /** True when every demo series was already there and nothing was written. */
  skipped: boolean;
}

/** Series per transaction: small enough to show progress, large enough for few round trips. */
const SERIES_PER_BATCH = 12;
/** Rows per INSERT, far below PostgreSQL's 65535 bind parameters at 11 columns. */
const ROWS_PER_INSERT = 1000;
const BANNERS_PER_BRAND = 4;
const DEMO_BANNER_PREFIX = 'demo/banners/';

export async function isCatalogEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: series.id }).from(series).limit(1);
  return row === undefined;
}

export async function seedDemoCatalog(db: Db, opts: SeedOptions = {}): Promise<SeedResult> {
  const now = opts.now ?? new Date();
  const log = opts.log ?? (() => {});
  const started = performance.now();

  const slugs = demoSeries.map((s) => s.slug);
  const present = await db.select({ slug: series.slug }).from(series).where(inArray(series.slug, slugs));
  const presentSlugs = new Set(present.map((r) => r.slug));
  const missing = demoSeries.filter((s) => !presentSlugs.has(s.slug));
  if (missing.length === 0) {
    log('demo catalog already present: nothing to seed');
    await completeCatalog(db, now, log);
    return { ...(await countDemoCatalog(db)), skipped: true };
  }

  log(`seeding ${missing.length} of ${demoSeries.length} demo series…`);
  await db
    .insert(genres)
    .values(Genre.options.map((code) => ({ code })))
    .onConflictDoNothing();
  const creatorIds = await ensureCreators(db, [...new Set(missing.flatMap((s) => s.creators.map((c) => c.name)))]);
  const tagIds = await ensureTags(db, [...new Set(missing.flatMap((s) => s.tags))]);

  for (let i = 0; i < missing.length; i += SERIES_PER_BATCH) {
    const batch = missing.slice(i, i + SERIES_PER_BATCH);
    const isLast = i + SERIES_PER_BATCH >= missing.length;
    await db.transaction(async (tx) => {
      await insertSeries(tx, batch, { creatorIds, tagIds, now });
      // With the last series, so a complete catalog always has its banners.
      if (isLast) await insertBanners(tx, log);
    });
    log(`… ${Math.min(i + SERIES_PER_BATCH, missing.length)}/${missing.length} series`);
  }

  await completeCatalog(db, now, log);
  const totals = await countDemoCatalog(db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log(
    `demo catalog seeded in ${seconds} s: ${totals.series} series, ${totals.episodes} episodes, ${totals.pages} pages`,
  );
  return { ...totals, skipped: false };
}

/** Adds what later features need to a seeded catalog, and indexes it for search. */
async function completeCatalog(db: Db, now: Date, log: (msg: string) => void): Promise<void> {
  await seedReadingExtras(db, { now, log });
  await seedCoinProducts(db);
  await seedDemoCoupons(db);
  await seedSupportContent(db, { now, log });
  await seedDemoEvents(db, { now });
  await reindexSearch(db, { onlyEmpty: true });
}

async function ensureCreators(db: Db, names: string[]): Promise<Map<string, number>> {
  await db
    .insert(creators)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing({ target: creators.name });
  const rows = await db
    .select({ id: creators.id, name: creators.name })
    .from(creators)
    .where(inArray(creators.name, names));
  return new Map(rows.map((r) => [r.name, r.id]));
}

async function ensureTags(db: Db, names: string[]): Promise<Map<string, number>> {
  await db
    .insert(tags)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing({ target: tags.name });
  const rows = await db.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(tags.name, names));
  return new Map(rows.map((r) => [r.name, r.id]));
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) out.push(rows.slice(i, i + ROWS_PER_INSERT));
  return out;
}

function lookup<K, V>(map: Map<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo catalog: nothing stored for ${String(key)}`);
  return value;
}

const localeOf = new Map(DEMO_BRANDS.map((b) => [b.id, b.locale]));

async function insertSeries(
  db: Db,
  batch: DemoSeries[],
  ctx: { creatorIds: Map<string, number>; tagIds: Map<string, number>; now: Date },
): Promise<void> {
  const inserted = await db
    .insert(series)
    .values(
      batch.map((s) => ({
        slug: s.slug,
        title: s.title.en,
        synopsis: s.synopsis.en,
        status: s.status,
        schedule: s.schedule,
        isAdult: s.isAdult,
        isBl: s.isBl,
        contentKind: s.contentKind,
        format: s.format,
        coverKey: `demo/covers/${s.slug}.png`,
        thumbnailKey: `demo/thumbs/${s.slug}.png`,
      })),
    )
    .onConflictDoNothing({ target: series.slug })
    .returning({ id: series.id, slug: series.slug });
  // A concurrent seeder may have taken a slug meanwhile: only rows inserted here get children.
  const idOf = new Map(inserted.map((r) => [r.slug, r.id]));
  const fresh = batch.flatMap((s) => {
    const id = idOf.get(s.slug);
    return id === undefined ? [] : [{ s, id, plan: planEpisodes(s, ctx.now) }];
  });
  if (fresh.length === 0) return;

  await db.insert(seriesBrands).values(
    fresh.flatMap(({ s, id, plan }) =>
      s.licenses.map((l) => {
        const locale = lookup(localeOf, l.brandId);
        return {
          seriesId: id,
          brandId: l.brandId,
          title: s.title[locale],
          synopsis: s.synopsis[locale],
          viewCount: l.viewCount,
          discountPercent: l.discountPercent,
          publishedAt:
            l.launchedDaysAgo === null
              ? firstPublished(plan)
              : new Date(ctx.now.getTime() - l.launchedDaysAgo * 86_400_000),
        };
      }),
    ),
  );
  await db
    .insert(seriesCreators)
    .values(
      fresh.flatMap(({ s, id }) =>
        s.creators.map((c) => ({ seriesId: id, creatorId: lookup(ctx.creatorIds, c.name), type: c.type })),
      ),
    );
  await db
    .insert(seriesGenres)
    .values(fresh.flatMap(({ s, id }) => s.genres.map((genre) => ({ seriesId: id, genre }))));
  await db
    .insert(seriesTags)
    .values(fresh.flatMap(({ s, id }) => s.tags.map((t) => ({ seriesId: id, tagId: lookup(ctx.tagIds, t) }))));

  const episodeRows = fresh.flatMap(({ id, plan }) =>
    plan.map(({ pages: _pages, ...episode }) => ({ seriesId: id, ...episode })),
  );
  const episodeIds = new Map<string, number>();
  for (const rows of chunks(episodeRows)) {
    const stored = await db
      .insert(episodes)
      .values(rows)
      .onConflictDoNothing({ target: [episodes.seriesId, episodes.number] })
      .returning({ id: episodes.id, seriesId: episodes.seriesId, number: episodes.number });
    for (const e of stored) episodeIds.set(`${e.seriesId}/${e.number}`, e.id);
  }

  const pageRows = fresh.flatMap(({ id, plan }) =>
    plan.flatMap((episode) => {
      const episodeId = episodeIds.get(`${id}/${episode.number}`);
      return episodeId === undefined ? [] : episode.pages.map((page) => ({ episodeId, ...page }));
    }),
  );
  for (const rows of chunks(pageRows)) {
    await db
      .insert(episodePages)
      .values(rows)
      .onConflictDoNothing({ target: [episodePages.episodeId, episodePages.position] });
  }
}

function firstPublished(plan: PlannedEpisode[]): Date {
  const first = plan[0];
  if (!first) throw new Error('demo catalog: a series without episodes');
  return first.publishedAt;
}

/**
 * Four WEB banners per brand that has no demo banner yet, for its most viewed series that are
 * not adult (banners are shown to visitors, who may not open adult series).
 */
async function insertBanners(db: Db, log: (msg: string) => void): Promise<void> {
  const existing = await db
    .selectDistinct({ brandId: banners.brandId })
    .from(banners)
    .where(like(banners.imageKey, `${DEMO_BANNER_PREFIX}%`));
  const done = new Set(existing.map((r) => r.brandId));
  const brands = DEMO_BRANDS.filter((b) => !done.has(b.id));
  if (brands.length === 0) return;

  const picks = brands.map((brand) => ({
    brand,
    top: demoSeries
      .flatMap((s) =>
        s.licenses.filter((l) => l.brandId === brand.id && !s.isAdult).map((l) => ({ s, views: l.viewCount })),
      )
      .sort((a, b) => b.views - a.views)
      .slice(0, BANNERS_PER_BRAND)
      .map((x) => x.s),
  }));
  const slugs = [...new Set(picks.flatMap((p) => p.top.map((s) => s.slug)))];
  const ids = await db.select({ id: series.id, slug: series.slug }).from(series).where(inArray(series.slug, slugs));
  const idOf = new Map(ids.map((r) => [r.slug, r.id]));

  await db.insert(banners).values(
    picks.flatMap(({ brand, top }) =>
      top.map((s, position) => ({
        brandId: brand.id,
        title: s.title[brand.locale],
        imageKey: `${DEMO_BANNER_PREFIX}${s.slug}.png`,
        linkUrl: `/detail/${lookup(idOf, s.slug)}`,
        position,
        displayChannel: 'WEB' as const,
      })),
    ),
  );
  log(`banners added for ${brands.length} brands`);
}

async function countDemoCatalog(db: Db): Promise<Omit<SeedResult, 'skipped'>> {
  const slugs = demoSeries.map((s) => s.slug);
  const demoIds = db.select({ id: series.id }).from(series).where(inArray(series.slug, slugs));
  const demoEpisodeIds = db.select({ id: episodes.id }).from(episodes).where(inArray(episodes.seriesId, demoIds));
  const [s] = await db.select({ n: count() }).from(series).where(inArray(series.slug, slugs));
  const [e] = await db.select({ n: count() }).from(episodes).where(inArray(episodes.seriesId, demoIds));
  const [p] = await db.select({ n: count() }).from(episodePages).where(inArray(episodePages.episodeId, demoEpisodeIds));
  return { series: s?.n ?? 0, episodes: e?.n ?? 0, pages: p?.n ?? 0 };
}
