import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AdminBanner, AdminPick, UploadedImage } from '@balcony/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit } from '../src/db/schema.js';
import { PAGE_DROP_PATH, PAGE_DROP_SIGNATURE_HEADER, pageDropKey, signPageDrop } from '../src/http/web-pages.js';
import { createAdmin, createSeries } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';
import { solidPng } from './support/images.js';

// The console's home administration (issue 15 item 4): banners with a schedule, editors' picks
// and their order, the order of the home tabs, each per brand, audited, shown to readers at
// once (the reader cache is on and dropped for the brand's home only), and the web told which
// visitor pages to drop, signed (decision 0231).

const BRAND = 'delitoon-fr';
const OTHER = 'bom-tw';

let t: TestApp;
let web: Server;
const drops: { body: string; signature: string | undefined }[] = [];
type Admin = Awaited<ReturnType<typeof createAdmin>>;
let content: Admin;

beforeAll(async () => {
  // A stand-in for the web: it records the page drops the api posts.
  web = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url === PAGE_DROP_PATH)
        drops.push({ body, signature: req.headers[PAGE_DROP_SIGNATURE_HEADER] as string });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  const port = (web.address() as AddressInfo).port;
  t = await createTestApp({
    catalogCache: { ttlSeconds: 600, maxBytes: 8 * 1024 * 1024 },
    webPageDropUrls: [`http://127.0.0.1:${port}`],
  });
  content = await createAdmin(t.database.db, t.app.services.totp, { roles: ['CONTENT'] });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => web.close(resolve));
});

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: Admin | null,
  payload?: object,
  brand = BRAND,
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...brandHeaders(brand), ...(who?.headers ?? {}) },
    ...(payload && { payload }),
  });
}

async function bannerImage(): Promise<string> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(await solidPng(1200, 400))], { type: 'image/png' }), 'b.png');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/images?purpose=banners',
    headers: { ...brandHeaders(BRAND), ...content.headers },
    payload: form,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as UploadedImage).key;
}

const bannerInput = (imageKey: string, title: string, window: { startsAt?: Date; endsAt?: Date } = {}) => ({
  title,
  imageKey,
  linkUrl: '/home/weekly',
  displayChannel: 'WEB' as const,
  startsAt: window.startsAt?.toISOString() ?? null,
  endsAt: window.endsAt?.toISOString() ?? null,
});

const readerBanners = async (brand = BRAND) =>
  ((await call('GET', '/banners', null, undefined, brand)).json().data as { title: string }[]).map((b) => b.title);

async function waitForDrop(match: (tags: string[] | null) => boolean) {
  for (let i = 0; i < 100; i++) {
    const found = drops.find((d) => match((JSON.parse(d.body) as { tags: string[] | null }).tags));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no page drop reached the web');
}

describe('banners', () => {
  it('creates, schedules, orders and deletes a brand’s banners, shown to its readers at once', async () => {
    const image = await bannerImage();
    expect(await readerBanners()).toEqual([]);
    const a = (await call('POST', '/admin/banners', content, bannerInput(image, 'Spring'))).json().data as AdminBanner;
    const b = (await call('POST', '/admin/banners', content, bannerInput(image, 'Summer'))).json().data as AdminBanner;
    const later = await call(
      'POST',
      '/admin/banners',
      content,
      bannerInput(image, 'Autumn', { startsAt: new Date(Date.now() + 3600_000) }),
    );
    expect(later.statusCode, later.body).toBe(200);
    expect(await readerBanners()).toEqual(['Spring', 'Summer']);
    expect(await readerBanners(OTHER)).toEqual([]);

    const ids = ((await call('GET', '/admin/banners', content)).json().data as AdminBanner[]).map((x) => x.id);
    const reordered = await call('PUT', '/admin/banners/order', content, { ids: [...ids].reverse() });
    expect((reordered.json().data as AdminBanner[]).map((x) => x.title)).toEqual(['Autumn', 'Summer', 'Spring']);
    expect(await readerBanners()).toEqual(['Summer', 'Spring']);

    const edited = await call('PUT', `/admin/banners/${a.id}`, content, bannerInput(image, 'Spring sale'));
    expect(edited.json().data.title).toBe('Spring sale');
    expect((await call('DELETE', `/admin/banners/${b.id}`, content)).json().data).toEqual({ deleted: true });
    expect(await readerBanners()).toEqual(['Spring sale']);

    const [update] = await t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'BANNER_UPDATE'), eq(adminAudit.targetId, String(a.id))));
    expect(update?.before).toMatchObject({ title: 'Spring' });
    expect(update?.after).toMatchObject({ title: 'Spring sale' });
    expect(update?.brandId).toBe(BRAND);
  });

  it('refuses an image that was not uploaded, an end before the start, and another brand’s banner', async () => {
    const image = await bannerImage();
    const missing = await call('POST', '/admin/banners', content, bannerInput('admin/banners/nothing-here.webp', 'X'));
    expect(missing.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
    const backwards = await call(
      'POST',
      '/admin/banners',
      content,
      bannerInput(image, 'X', { startsAt: new Date(Date.now() + 7200_000), endsAt: new Date(Date.now() + 3600_000) }),
    );
    expect(backwards.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
    const mine = (await call('POST', '/admin/banners', content, bannerInput(image, 'Mine'))).json().data as AdminBanner;
    expect((await call('DELETE', `/admin/banners/${mine.id}`, content, undefined, OTHER)).json().code).toBe(
      'NOT_EXIST',
    );
  });
});

describe('picks', () => {
  it('creates picks of the brand’s series, orders them, and readers see them at once', async () => {
    const one = await createSeries(t.database.db, { brands: [BRAND] });
    const two = await createSeries(t.database.db, { brands: [BRAND] });
    const elsewhere = await createSeries(t.database.db, { brands: [OTHER] });
    const input = (title: string, seriesIds: number[]) => ({
      title,
      description: `${title}, chosen`,
      startsAt: null,
      endsAt: null,
      seriesIds,
    });
    expect((await call('GET', '/contents/picks', null)).json().data).toEqual([]);
    const first = (await call('POST', '/admin/picks', content, input('Cosy', [two.id, one.id]))).json()
      .data as AdminPick;
    expect(first.series.map((s) => s.id)).toEqual([two.id, one.id]);
    const second = (await call('POST', '/admin/picks', content, input('Dark', [one.id]))).json().data as AdminPick;
    const refused = await call('POST', '/admin/picks', content, input('Bad', [elsewhere.id]));
    expect(refused.json()).toMatchObject({ code: 'INVALID_PARAMETER' });

    const shown = (await call('GET', '/contents/picks', null)).json().data as {
      title: string;
      items: { id: number }[];
    }[];
    expect(shown.map((p) => p.title)).toEqual(['Cosy', 'Dark']);
    expect(shown[0]?.items.map((i) => i.id)).toEqual([two.id, one.id]);

    await call('PUT', '/admin/picks/order', content, { ids: [second.id, first.id] });
    expect(
      ((await call('GET', '/contents/picks', null)).json().data as { title: string }[]).map((p) => p.title),
    ).toEqual(['Dark', 'Cosy']);
    const edited = await call('PUT', `/admin/picks/${first.id}`, content, input('Cosy', [one.id]));
    expect((edited.json().data as AdminPick).series.map((s) => s.id)).toEqual([one.id]);
    await call('DELETE', `/admin/picks/${second.id}`, content);
    expect(
      ((await call('GET', '/contents/picks', null)).json().data as { title: string }[]).map((p) => p.title),
    ).toEqual(['Cosy']);
    const orders = await t.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'PICK_ORDER'));
    expect(orders[0]?.after).toEqual([second.id, first.id]);
  });
});

describe('home tabs', () => {
  it('sets a brand’s tab order, which its readers get and other brands do not', async () => {
    const defaults = (await call('GET', '/contents/home-tabs', null)).json().data.tabs as string[];
    expect(defaults[0]).toBe('weekly');
    const tabs = ['ranking', 'weekly', 'free', 'pick', 'romance', 'action', 'bl', 'mature'];
    const saved = await call('PUT', '/admin/home/tabs', content, { tabs });
    expect(saved.json().data).toEqual({ tabs, isDefault: false });
    expect((await call('GET', '/contents/home-tabs', null)).json().data.tabs).toEqual(tabs);
    expect((await call('GET', '/contents/home-tabs', null, undefined, OTHER)).json().data.tabs).toEqual(defaults);
    const twice = await call('PUT', '/admin/home/tabs', content, { tabs: ['ranking', ...tabs.slice(0, 7)] });
    expect(twice.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
  });

  it('tells the web which pages to drop, signed with the relay secret', async () => {
    await call('PUT', '/admin/home/tabs', content, {
      tabs: ['weekly', 'ranking', 'free', 'pick', 'romance', 'action', 'bl', 'mature'],
    });
    const drop = await waitForDrop((tags) => tags?.includes(`tabs:${BRAND}`) === true);
    expect(drop.signature).toBe(signPageDrop(pageDropKey(t.config.relaySecret), drop.body));
  });
});
