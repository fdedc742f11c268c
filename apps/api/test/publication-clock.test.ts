import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, episodes, pickItems, picks, seriesNotices } from '../src/db/schema.js';
import { PAGE_DROP_PATH } from '../src/http/web-pages.js';
import { createPublicationClock } from '../src/modules/catalog/publication-clock.js';
import { createBanner, createSeries } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';

// Scheduled publication (decision 0287): the moment an episode becomes public, the shared answers
// and the web's visitor pages that showed the series without it are dropped, so readers see it on
// time rather than when the caches would have ended; and a CDN never keeps an answer past it.

const BRAND = 'delitoonb-fr';
let t: TestApp;
let web: Server;
const drops: (string[] | null)[] = [];

beforeAll(async () => {
  // A stand-in for the web: it records the page drops the api posts.
  web = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url === PAGE_DROP_PATH) drops.push((JSON.parse(body) as { tags: string[] | null }).tags);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    catalogCache: { ttlSeconds: 600, maxBytes: 8 * 1024 * 1024 },
    webPageDropUrls: [`http://127.0.0.1:${(web.address() as AddressInfo).port}`],
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => web.close(resolve));
});

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: brandHeaders(BRAND) });
const episodeIds = async (seriesId: number) =>
  ((await get(`/contents/${seriesId}`)).json().data as { episodes: { id: number }[] }).episodes.map((e) => e.id);

/** A series of two public episodes and a third published `inMs` from now, as the console schedules it. */
async function seriesWithEpisodeDueIn(inMs: number) {
  const series = await createSeries(t.database.db, { brands: [BRAND], episodes: { count: 2, free: 1, scheduled: 1 } });
  const [first, second, due] = series.episodes;
  if (!first || !second || !due) throw new Error('three episodes expected');
  const dueAt = new Date(Date.now() + inMs);
  await t.database.db.update(episodes).set({ publishedAt: dueAt }).where(eq(episodes.id, due.id));
  // What the console's scheduling drops (admin-service `seriesTags`); written here behind its back.
  t.app.services.cache.invalidate([`series:${series.id}`, `lists:${BRAND}`]);
  drops.length = 0;
  return { series, second, due, dueAt };
}

async function dropNaming(tag: string, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = drops.find((tags) => tags?.includes(tag));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no page drop named ${tag}`);
}

describe('the publication clock', () => {
  it('drops the series, its brand’s lists and the episodes’ pages the moment an episode is published', async () => {
    const { series, second, due, dueAt } = await seriesWithEpisodeDueIn(1500);
    expect(await episodeIds(series.id)).not.toContain(due.id);
    const clock = createPublicationClock({ db: t.database.db, cache: t.app.services.cache, log: t.app.log });
    await clock.start();
    try {
      // The clock sleeps until the episode's time; nothing is dropped before it.
      const tags = await dropNaming(`episode:${due.id}`, 10_000);
      expect(Date.now()).toBeGreaterThanOrEqual(dueAt.getTime());
      expect(tags).toEqual(expect.arrayContaining([`series:${series.id}`, `lists:${BRAND}`, `episode:${second.id}`]));
      // The shared answer computed before the time is gone: the reader sees the new episode.
      expect(await episodeIds(series.id)).toContain(due.id);
    } finally {
      await clock.stop();
    }
  });

  it('looks again when told a change was made, and drops nothing that is not yet due', async () => {
    const clock = createPublicationClock({
      db: t.database.db,
      cache: t.app.services.cache,
      log: t.app.log,
      maxWaitMs: 3_600_000,
    });
    await clock.start();
    try {
      const later = await seriesWithEpisodeDueIn(3_600_000);
      const { due } = await seriesWithEpisodeDueIn(800);
      // Scheduled after the clock went to sleep for up to an hour: only `rearm` makes it look in time.
      clock.rearm();
      await dropNaming(`episode:${due.id}`, 10_000);
      expect(drops.flat()).not.toContain(`episode:${later.due.id}`);
      expect(await episodeIds(later.series.id)).not.toContain(later.due.id);
    } finally {
      await clock.stop();
    }
  });
});

describe('a banner', () => {
  it('shows from its start, to readers and CDNs alike, dropped by the clock at that moment', async () => {
    const banner = await createBanner(t.database.db, BRAND, '/home/weekly');
    if (!banner) throw new Error('no banner');
    const startsAt = new Date(Date.now() + 1500);
    await t.database.db.update(banners).set({ startsAt }).where(eq(banners.id, banner.id));
    // What the console's banner change drops (admin-service); written here behind its back.
    t.app.services.cache.invalidate([`banners:${BRAND}`]);
    await dropNaming(`banners:${BRAND}`, 10_000);
    drops.length = 0;
    const titles = async () => ((await get('/banners')).json().data as { title: string }[]).map((b) => b.title);
    const before = await get('/banners');
    expect((before.json().data as { title: string }[]).map((b) => b.title)).not.toContain(banner.title);
    expect(Number(/s-maxage=(\d+)/.exec(String(before.headers['cache-control']))?.[1])).toBeLessThanOrEqual(1);
    const clock = createPublicationClock({ db: t.database.db, cache: t.app.services.cache, log: t.app.log });
    await clock.start();
    try {
      await dropNaming(`banners:${BRAND}`, 10_000);
      expect(Date.now()).toBeGreaterThanOrEqual(startsAt.getTime());
      expect(await titles()).toContain(banner.title);
    } finally {
      await clock.stop();
    }
  });
});

describe('a pick and a series notice', () => {
  it('leave and come in at their times: the clock drops the brand’s picks and the series page then', async () => {
    const series = await createSeries(t.database.db, { brands: [BRAND], episodes: { count: 1, free: 1 } });
    const endsAt = new Date(Date.now() + 1500);
    const [pick] = await t.database.db
      .insert(picks)
      .values({ brandId: BRAND, title: `Pick ending ${endsAt.getTime()}`, endsAt })
      .returning();
    if (!pick) throw new Error('no pick');
    await t.database.db.insert(pickItems).values({ pickId: pick.id, seriesId: series.id });
    await t.database.db
      .insert(seriesNotices)
      .values({ seriesId: series.id, brandId: BRAND, title: 'Back next week', body: 'A break.', publishedAt: endsAt });
    // What the console's changes drop; written here behind its back.
    t.app.services.cache.invalidate([`picks:${BRAND}`, `series:${series.id}`]);
    await dropNaming(`picks:${BRAND}`, 10_000);
    const pickIds = async () => ((await get('/contents/picks')).json().data as { id: number }[]).map((p) => p.id);
    const noticeTitles = async () =>
      ((await get(`/contents/${series.id}`)).json().data as { notices: { title: string }[] }).notices.map(
        (n) => n.title,
      );
    expect(await pickIds()).toContain(pick.id);
    expect(await noticeTitles()).not.toContain('Back next week');
    drops.length = 0;
    const clock = createPublicationClock({ db: t.database.db, cache: t.app.services.cache, log: t.app.log });
    await clock.start();
    try {
      const tags = await dropNaming(`picks:${BRAND}`, 10_000);
      expect(Date.now()).toBeGreaterThanOrEqual(endsAt.getTime());
      expect(tags).toContain(`series:${series.id}`);
      expect(await pickIds()).not.toContain(pick.id);
      expect(await noticeTitles()).toContain('Back next week');
    } finally {
      await clock.stop();
    }
  });
});

describe('a CDN', () => {
  it('keeps a visitor’s answer no longer than until the brand’s next publication', async () => {
    const { series } = await seriesWithEpisodeDueIn(20_000);
    for (const url of [`/contents/${series.id}`, '/contents/home/RANKING']) {
      const maxAge = Number(/s-maxage=(\d+)/.exec(String((await get(url)).headers['cache-control']))?.[1]);
      expect(maxAge).toBeGreaterThanOrEqual(0);
      expect(maxAge).toBeLessThanOrEqual(20);
    }
  });
});
