import type { Db } from '../src/db/client.js';
import { banners, episodePages, episodes, genres, series, seriesBrands, seriesGenres } from '../src/db/schema.js';

// Small, explicit test data: each test states the series it needs.

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++counter}`;

export interface SeriesSpec {
  title?: string;
  brands?: string[];
  status?: 'COMPLETED' | 'SCHEDULED' | 'PAUSED';
  schedule?: string[];
  isAdult?: boolean;
  isBl?: boolean;
  genres?: string[];
  viewCount?: number;
  discountPercent?: number;
  format?: 'SERIAL' | 'SINGLE';
  brandPublishedAt?: Date;
  /** Episodes published one day apart ending `now`; `free` first ones are free. */
  episodes?: { count: number; free: number; freetime?: boolean; scheduled?: number; pages?: number; now?: Date };
}

export async function createSeries(db: Db, spec: SeriesSpec = {}) {
  const slug = unique('series');
  const title = spec.title ?? `Title ${slug}`;
  const [row] = await db
    .insert(series)
    .values({
      slug,
      title,
      synopsis: `Synopsis of ${title}`,
      status: spec.status ?? 'SCHEDULED',
      schedule: spec.schedule ?? ['MONDAY'],
      isAdult: spec.isAdult ?? false,
      isBl: spec.isBl ?? false,
      format: spec.format ?? 'SERIAL',
      coverKey: `demo/covers/${slug}.png`,
      thumbnailKey: `demo/thumbs/${slug}.png`,
    })
    .returning();
  if (!row) throw new Error('series insert returned nothing');
  const genreCodes = spec.genres ?? (spec.isBl ? ['BL'] : ['DRAMA']);
  await db
    .insert(genres)
    .values(genreCodes.map((code) => ({ code })))
    .onConflictDoNothing();
  await db.insert(seriesGenres).values(genreCodes.map((genre) => ({ seriesId: row.id, genre })));
  await db.insert(seriesBrands).values(
    (spec.brands ?? ['delitoonb-fr']).map((brandId) => ({
      seriesId: row.id,
      brandId,
      title,
      synopsis: `Synopsis of ${title}`,
      viewCount: spec.viewCount ?? 100,
      discountPercent: spec.discountPercent ?? 0,
      publishedAt: spec.brandPublishedAt ?? new Date('2025-01-01T00:00:00Z'),
    })),
  );
  const eps = spec.episodes ?? { count: 3, free: 1 };
  const now = eps.now ?? new Date();
  const day = 24 * 3600 * 1000;
  const total = eps.count + (eps.scheduled ?? 0);
  const inserted = await db
    .insert(episodes)
    .values(
      Array.from({ length: total }, (_, i) => ({
        seriesId: row.id,
        number: i + 1,
        title: `Episode ${i + 1}`,
        // Published ones end one hour before now; scheduled ones follow, one day apart.
        publishedAt: new Date(now.getTime() - 3600_000 - (eps.count - 1 - i) * day),
        isFree: i < eps.free,
        freetime: eps.freetime ?? false,
        rentPrice: 2,
        buyPrice: 4,
        thumbnailKey: `demo/episodes/${slug}/${i + 1}.png`,
      })),
    )
    .returning();
  const pageCount = eps.pages ?? 2;
  await db.insert(episodePages).values(
    inserted.flatMap((e) =>
      Array.from({ length: pageCount }, (_, k) => ({
        episodeId: e.id,
        position: k + 1,
        imageKey: `demo/pages/${slug}/${e.number}/${k + 1}.png`,
        width: 800,
        height: 1200,
      })),
    ),
  );
  return { ...row, episodes: inserted };
}

export async function createBanner(db: Db, brandId: string, linkUrl: string, channel = 'WEB') {
  const [row] = await db
    .insert(banners)
    .values({ brandId, title: unique('banner'), imageKey: 'demo/banners/x.png', linkUrl, displayChannel: channel })
    .returning();
  return row;
}
