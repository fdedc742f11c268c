import { BRANDS, weekdayIn } from '@balcony/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBanner, createSeries } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';

let t: TestApp;
const get = (url: string, headers = brandHeaders()) => t.app.inject({ url: `/api/v1${url}`, headers });

let popular: Awaited<ReturnType<typeof createSeries>>;
let adult: Awaited<ReturnType<typeof createSeries>>;
let otherBrand: Awaited<ReturnType<typeof createSeries>>;
let bl: Awaited<ReturnType<typeof createSeries>>;
const today = weekdayIn('Europe/Paris', new Date());

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  popular = await createSeries(db, {
    title: 'Popular Romance',
    genres: ['ROMANCE'],
    viewCount: 10_000,
    schedule: [today],
    episodes: { count: 4, free: 2, scheduled: 1, freetime: true },
  });
  adult = await createSeries(db, {
    title: 'Adult Drama',
    isAdult: true,
    genres: ['MATURE', 'DRAMA'],
    viewCount: 9_000,
  });
  bl = await createSeries(db, {
    title: 'Quiet BL',
    isBl: true,
    genres: ['BL'],
    brands: [
      'delitoonb-fr',
      ...Object.values(BRANDS)
        .filter((b) => b.blHiddenInApp)
        .map((b) => b.id),
    ],
    viewCount: 50,
    status: 'COMPLETED',
    schedule: [],
    format: 'SINGLE',
    discountPercent: 50,
    brandPublishedAt: new Date(),
  });
  otherBrand = await createSeries(db, { title: 'Elsewhere Action', brands: ['bom-tw'], genres: ['ACTION'] });
  for (let i = 0; i < 22; i++)
    await createSeries(db, {
      viewCount: 1000 - i,
      genres: ['ACTION'],
      schedule: ['TEN'],
      episodes: { count: 1, free: 0 },
    });
  await createBanner(db, 'delitoonb-fr', `/detail/${popular.id}`);
  await createBanner(db, 'delitoonb-fr', '/event', 'APP');
});
afterAll(() => t.close());

describe('home tabs', () => {
  it('ranks by views, shows a visitor 20 items and hides adult series', async () => {
    const res = await get('/contents/home/RANKING');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.items).toHaveLength(20);
    expect(data.items[0]).toMatchObject({ title: 'Popular Romance', rank: 1 });
    expect(data.items.map((i: { rank: number }) => i.rank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(data.items.some((i: { id: number }) => i.id === adult.id)).toBe(false);
    expect(data.adultHidden).toBe(true);
  });

  it('shows only series licensed to the brand', async () => {
    const fr = (await get('/contents/home/ACTION')).json().data.items;
    expect(fr.some((i: { id: number }) => i.id === otherBrand.id)).toBe(false);
    const tw = (await get('/contents/home/ACTION', brandHeaders('bom-tw'))).json().data.items;
    expect(tw.map((i: { id: number }) => i.id)).toEqual([otherBrand.id]);
  });

  it('computes today in the brand time zone and lists that weekday on WEEKLY', async () => {
    const data = (await get('/contents/home/WEEKLY')).json().data;
    expect(data.today).toBe(today);
    expect(data.items.map((i: { id: number }) => i.id)).toContain(popular.id);
    const tokyo = (await get('/contents/home/WEEKLY', brandHeaders('beltoon-jp'))).json().data;
    expect(tokyo.today).toBe(weekdayIn('Asia/Tokyo', new Date()));
  });

  it('lists a weekday and TEN by schedule', async () => {
    const day = (await get(`/contents/home/${today}`)).json().data.items;
    expect(day.map((i: { title: string }) => i.title)).toContain('Popular Romance');
    const ten = (await get('/contents/home/TEN')).json().data.items;
    expect(ten).toHaveLength(22);
    expect(ten.every((i: { schedule: string[] }) => i.schedule.includes('TEN'))).toBe(true);
  });

  it('filters the free tab and sorts it by free-time', async () => {
    const free = (await get('/contents/home/FREE')).json().data.items;
    expect(free.map((i: { id: number }) => i.id)).toEqual(expect.arrayContaining([popular.id, bl.id]));
    expect(free.every((i: { freeEpisodeCount: number }) => i.freeEpisodeCount > 0)).toBe(true);
    const freetime = (await get('/contents/home/FREE?sort=FREETIME')).json().data.items;
    expect(freetime.map((i: { id: number }) => i.id)).toEqual([popular.id]);
    expect(freetime[0].marks).toContain('free');
  });

  it('answers the MATURE tab for a visitor with no items and the adult flag', async () => {
    const data = (await get('/contents/home/MATURE')).json().data;
    expect(data.items).toEqual([]);
    expect(data.adultHidden).toBe(true);
  });

  it('marks new, single and discounted series', async () => {
    const card = (await get('/contents/home/BL')).json().data.items.find((i: { id: number }) => i.id === bl.id);
    expect(card.marks).toEqual(expect.arrayContaining(['new', 'single', 'discount']));
    expect(card.marks).not.toContain('series');
  });

  it('hides BL in the app on the brand whose rule says so, but not on the web', async () => {
    const brand = Object.values(BRANDS).find((b) => b.blHiddenInApp);
    if (!brand) throw new Error('one brand must hide BL in the app (spec §4)');
    const web = (await get('/contents/home/BL', brandHeaders(brand.id, 'WEB'))).json().data.items;
    expect(web.map((i: { id: number }) => i.id)).toContain(bl.id);
    const app = (await get('/contents/home/BL', brandHeaders(brand.id, 'AND_PLAY'))).json().data.items;
    expect(app).toEqual([]);
    const detail = await get(`/contents/${bl.id}`, brandHeaders(brand.id, 'IOS_APP'));
    expect(detail.json().code).toBe('INVALID_CONTENTS');
  });
});

describe('series detail', () => {
  it('gives published episodes with prices and the next update date', async () => {
    const res = await get(`/contents/${popular.id}`);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.title).toBe('Popular Romance');
    expect(d.episodes.map((e: { number: number }) => e.number)).toEqual([1, 2, 3, 4]);
    expect(d.episodes[0]).toMatchObject({ isFree: true, marks: expect.arrayContaining(['free']) });
    expect(d.episodes[3]).toMatchObject({ isFree: false, rentPrice: 2, buyPrice: 4 });
    const scheduled = popular.episodes[4];
    expect(d.nextUpdateAt).toBe(scheduled?.publishedAt.toISOString());
  });

  it('applies a running discount to prices', async () => {
    const d = (await get(`/contents/${bl.id}`)).json().data;
    const paid = d.episodes.find((e: { isFree: boolean }) => !e.isFree);
    expect(paid).toMatchObject({ rentPrice: 1, buyPrice: 2, marks: expect.arrayContaining(['discount']) });
    expect(d.nextUpdateAt).toBeNull();
  });

  it('answers NOT_EXIST, INVALID_CONTENTS and ADULT_ONLY_CONTENTS', async () => {
    const missing = await get('/contents/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_EXIST');
    const elsewhere = await get(`/contents/${otherBrand.id}`);
    expect(elsewhere.json().code).toBe('INVALID_CONTENTS');
    const gated = await get(`/contents/${adult.id}`);
    expect(gated.statusCode).toBe(403);
    expect(gated.json().code).toBe('ADULT_ONLY_CONTENTS');
  });
});

describe('viewer', () => {
  it('serves the pages of a free episode with their sizes and neighbours', async () => {
    const [first, second] = popular.episodes;
    const res = await get(`/episodes/${first?.id}/viewer`);
    expect(res.statusCode).toBe(200);
    const v = res.json().data;
    expect(v.pages).toHaveLength(2);
    expect(v.pages[0]).toMatchObject({ kind: 'IMAGE', index: 1, width: 800, height: 1200 });
    expect(v.pages[0].url).toMatch(/^\/media\/demo\/pages\//);
    expect(v.prev).toBeNull();
    expect(v.next).toMatchObject({ id: second?.id, number: 2, access: { state: 'FREE' } });
    expect(v.pagesExpireAt).toBeNull();
  });

  it('links a free episode to the paid one after it', async () => {
    const last = popular.episodes[3];
    const v = await get(`/episodes/${last?.id}/viewer`);
    expect(v.json().code).toBe('UNAUTHORIZED_CONTENTS');
    const secondFree = popular.episodes[1];
    const data = (await get(`/episodes/${secondFree?.id}/viewer`)).json().data;
    // The episode after is ticket-eligible and nobody used the ticket: the viewer offers it.
    expect(data.next).toMatchObject({ number: 3, rentPrice: 2, buyPrice: 4, access: { state: 'PAID' } });
  });

  it('refuses paid, unpublished and unknown episodes with the viewer codes', async () => {
    const paid = await get(`/episodes/${popular.episodes[2]?.id}/viewer`);
    expect(paid.statusCode).toBe(403);
    expect(paid.json().code).toBe('UNAUTHORIZED_CONTENTS');
    const future = await get(`/episodes/${popular.episodes[4]?.id}/viewer`);
    expect(future.json().code).toBe('NOT_FOUND_EPISODE');
    const unknown = await get('/episodes/987654/viewer');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND_EPISODE');
    const adultEp = await get(`/episodes/${adult.episodes[0]?.id}/viewer`);
    expect(adultEp.json().code).toBe('ADULT_ONLY_CONTENTS');
  });
});

describe('banners', () => {
  it('lists the brand banners for the caller channel', async () => {
    const web = (await get('/banners')).json().data;
    expect(web).toHaveLength(1);
    expect(web[0]).toMatchObject({ linkUrl: `/detail/${popular.id}`, imageUrl: '/media/demo/banners/x.png' });
    const app = (await get('/banners', brandHeaders('delitoonb-fr', 'IOS_APP'))).json().data;
    expect(app.map((b: { linkUrl: string }) => b.linkUrl)).toEqual(['/event']);
    expect((await get('/banners', brandHeaders('bom-th'))).json().data).toEqual([]);
  });
});
