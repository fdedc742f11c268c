import { join } from 'node:path';
import type { AdminEpisode, AdminSeriesDetail, AdminSeriesInput, UploadedImage } from '@balcony/contracts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, favorites, notifications, seriesBrands } from '../src/db/schema.js';
import { textPages } from '../src/modules/catalog/admin-service.js';
import { diskStore } from '../src/modules/media/store.js';
import { scanTriggers } from '../src/modules/notifications/service.js';
import { createAdmin, createMember, createSeries, storeOriginal } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';
import { decompressionBomb, phoneJpeg, solidPng } from './support/images.js';

// The console's content administration (issue 15 item 3): a series on two brands, an episode
// scheduled with five pages that readers of both brands see at its time and not before, uploads
// checked by their bytes and bounded in pixels, audit rows with before and after, the CONTENT
// role, and reader caches dropped for the series changed only.

const BRAND = 'delitoon-fr';
const OTHER = 'delitoon-de';

let t: TestApp;
type Admin = Awaited<ReturnType<typeof createAdmin>>;
let content: Admin;
let support: Admin;

beforeAll(async () => {
  // The reader cache on, as in production: the test proves what a change drops and what it keeps.
  t = await createTestApp({ catalogCache: { ttlSeconds: 600, maxBytes: 8 * 1024 * 1024 } });
  content = await createAdmin(t.database.db, t.app.services.totp, { roles: ['CONTENT'] });
  support = await createAdmin(t.database.db, t.app.services.totp, { roles: ['SUPPORT'] });
});
afterAll(() => t.close());

interface Upload {
  data: Buffer;
  name: string;
  type: string;
}

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

function upload(method: 'POST' | 'PUT', url: string, who: Admin, files: Upload[]) {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...brandHeaders(BRAND), ...who.headers },
    payload: form,
  });
}

const png = async (w = 800, h = 1200): Promise<Upload> => ({
  data: await solidPng(w, h),
  name: 'page.png',
  type: 'image/png',
});

async function cover(): Promise<string> {
  const res = await upload('POST', '/admin/images?purpose=covers', content, [await png(600, 800)]);
  expect(res.statusCode).toBe(200);
  return (res.json().data as UploadedImage).key;
}

function seriesInput(coverKey: string, overrides: Partial<AdminSeriesInput> = {}): AdminSeriesInput {
  const slug = `admin-series-${Math.random().toString(36).slice(2, 10)}`;
  const brand = (brandId: 'delitoon-fr' | 'delitoon-de', title: string) => ({
    brandId,
    title,
    synopsis: `${title}: a synopsis`,
    publishedAt: new Date(Date.now() - 60_000).toISOString(),
    discountPercent: 10,
    freetimeIntervalHours: 72,
    freetimeExcludesLatest: 2,
  });
  return {
    slug,
    title: 'Night Garden',
    synopsis: 'A gardener who works only at night.',
    status: 'SCHEDULED',
    schedule: ['MONDAY', 'THURSDAY'],
    isAdult: false,
    isBl: false,
    contentKind: 'IMAGE',
    format: 'SERIAL',
    coverKey,
    creators: [
      { name: 'Ana Lune', type: 'WRITER' },
      { name: 'Bo Ray', type: 'ARTIST' },
    ],
    genres: ['FANTASY', 'DRAMA'],
    tags: ['night', 'garden'],
    brands: [brand(BRAND, 'Jardin de nuit'), brand(OTHER, 'Nachtgarten')],
    ...overrides,
  };
}

async function newSeries(overrides: Partial<AdminSeriesInput> = {}): Promise<AdminSeriesDetail> {
  const res = await call('POST', '/admin/series', content, seriesInput(await cover(), overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const episodeInput = (number: number, at: Date | 'NOW', kind: 'IMAGE' | 'TEXT' = 'IMAGE') => ({
  number,
  title: `Episode ${number}`,
  isFree: true,
  freetime: false,
  rentPrice: 0,
  buyPrice: 0,
  saleType: 'BOTH' as const,
  contentKind: kind,
  publication: at === 'NOW' ? { mode: 'NOW' as const } : { mode: 'AT' as const, at: at.toISOString() },
});

async function auditOf(action: string, targetId: number | string) {
  return t.database.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.action, action), eq(adminAudit.targetId, String(targetId))));
}

describe('series', () => {
  it('creates a series on two brands with creators, genres, tags and sale settings, audited with its state', async () => {
    const series = await newSeries();
    expect(series.brands.map((b) => b.brandId)).toEqual([OTHER, BRAND]);
    expect(series.creators).toHaveLength(2);
    expect(series.genres).toEqual(['DRAMA', 'FANTASY']);
    expect(series.brands.find((b) => b.brandId === BRAND)).toMatchObject({
      title: 'Jardin de nuit',
      discountPercent: 10,
      freetimeIntervalHours: 72,
      freetimeExcludesLatest: 2,
    });
    for (const brand of [BRAND, OTHER]) {
      const detail = await call('GET', `/contents/${series.id}`, null, undefined, brand);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().data.title).toBe(brand === BRAND ? 'Jardin de nuit' : 'Nachtgarten');
    }
    const search = await call('GET', `/search?q=${encodeURIComponent('nachtgarten')}`, null, undefined, OTHER);
    expect(search.json().data.items.map((i: { id: number }) => i.id)).toContain(series.id);
    const [audit] = await auditOf('SERIES_CREATE', series.id);
    expect(audit?.adminId).toBe(content.id);
    expect(audit?.after).toMatchObject({ slug: series.slug, brands: expect.any(Array) });
  });

  it('edits a series and records it before and after', async () => {
    const series = await newSeries();
    const input = seriesInput(series.coverKey ?? '', { slug: series.slug, title: 'Night Garden (new)' });
    const res = await call('PUT', `/admin/series/${series.id}`, content, {
      ...input,
      brands: input.brands.filter((b) => b.brandId === BRAND),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.brands.map((b: { brandId: string }) => b.brandId)).toEqual([BRAND]);
    expect((await call('GET', `/contents/${series.id}`, null, undefined, OTHER)).json().code).toBe('INVALID_CONTENTS');
    const [audit] = await auditOf('SERIES_UPDATE', series.id);
    expect(audit?.before).toMatchObject({ title: 'Night Garden', brands: [{ brandId: OTHER }, { brandId: BRAND }] });
    expect(audit?.after).toMatchObject({ title: 'Night Garden (new)', brands: [{ brandId: BRAND }] });
  });

  it('refuses a taken slug, a series on a brand without a cover, and another role', async () => {
    const series = await newSeries();
    const taken = await call(
      'POST',
      '/admin/series',
      content,
      seriesInput(series.coverKey ?? '', { slug: series.slug }),
    );
    expect(taken.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
    const coverless = await call('POST', '/admin/series', content, { ...seriesInput(''), coverKey: null });
    expect(coverless.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
    const forbidden = await call('POST', '/admin/series', support, seriesInput(series.coverKey ?? ''));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    expect((await call('GET', '/admin/series', support)).statusCode).toBe(403);
    expect((await call('GET', '/admin/series', null)).json().code).toBe('NOT_LOGIN_USER');
  });

  it('refuses an admin of one brand a series shown on another', async () => {
    const series = await newSeries();
    const frOnly = await createAdmin(t.database.db, t.app.services.totp, { roles: ['CONTENT'], brandIds: [BRAND] });
    const res = await call(
      'PUT',
      `/admin/series/${series.id}`,
      frOnly,
      seriesInput(series.coverKey ?? '', { slug: series.slug }),
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('episodes and pages', () => {
  it('publishes a scheduled episode of five pages on both brands at its time, not before', async () => {
    const series = await newSeries();
    // A few real seconds ahead: the reader cache (on here) keeps its answers by the real clock,
    // until the brand's next publication, which is this one.
    const at = new Date(Date.now() + 4000);
    const created = await call('POST', `/admin/series/${series.id}/episodes`, content, episodeInput(1, at));
    expect(created.statusCode, created.body).toBe(200);
    const episode: AdminEpisode = created.json().data;
    expect(episode.published).toBe(false);
    for (let i = 0; i < 5; i++) {
      const res = await upload('POST', `/admin/episodes/${episode.id}/pages`, content, [await png(800, 1000 + i)]);
      expect(res.statusCode, res.body).toBe(200);
    }
    const withPages = (await call('GET', `/admin/episodes/${episode.id}`, content)).json().data as AdminEpisode;
    expect(withPages.pages.map((p) => p.position)).toEqual([1, 2, 3, 4, 5]);

    for (const brand of [BRAND, OTHER]) {
      const detail = (await call('GET', `/contents/${series.id}`, null, undefined, brand)).json().data;
      expect(detail.episodes).toEqual([]);
      expect(detail.nextUpdateAt).toBe(at.toISOString());
      expect((await call('GET', `/episodes/${episode.id}/viewer`, null, undefined, brand)).json().code).toBe(
        'NOT_FOUND_EPISODE',
      );
    }
    // The preview shows it already, to the console only.
    const preview = await call('GET', `/admin/episodes/${episode.id}/preview`, content);
    expect(preview.json().data.pages).toHaveLength(5);
    expect((await call('GET', `/admin/episodes/${episode.id}/preview`, support)).statusCode).toBe(403);
    // An unpublished page is not public, even of a free episode.
    const [firstPage] = withPages.pages;
    const key = firstPage?.kind === 'IMAGE' ? new URL(firstPage.url, 'http://x').pathname : '';
    expect((await t.app.inject({ method: 'GET', url: key })).json().code).toBe('UNAUTHORIZED_CONTENTS');

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at.getTime() - Date.now() + 50)));
    for (const brand of [BRAND, OTHER]) {
      const detail = (await call('GET', `/contents/${series.id}`, null, undefined, brand)).json().data;
      expect(detail.episodes.map((e: { id: number }) => e.id)).toEqual([episode.id]);
      const viewer = await call('GET', `/episodes/${episode.id}/viewer`, null, undefined, brand);
      expect(viewer.json().data.pages).toHaveLength(5);
    }
  });

  it('stores pages re-encoded without their metadata, reorders, replaces and deletes them, audited', async () => {
    const series = await newSeries();
    const created = await call(
      'POST',
      `/admin/series/${series.id}/episodes`,
      content,
      episodeInput(1, new Date(Date.now() + 3600_000)),
    );
    const episodeId = (created.json().data as AdminEpisode).id;
    const res = await upload('POST', `/admin/episodes/${episodeId}/pages`, content, [
      { data: await phoneJpeg(), name: 'photo.jpg', type: 'image/jpeg' },
      await png(640, 900),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const pages = (res.json().data as AdminEpisode).pages;
    expect(pages.map((p) => (p.kind === 'IMAGE' ? [p.width, p.height] : null))).toEqual([
      [48, 64],
      [640, 900],
    ]);
    const originals = diskStore(join(t.config.mediaDir, 'originals'));
    const keyOf = (url: string) => new URL(url, 'http://x').pathname.replace('/media/', '');
    const first = pages[0]?.kind === 'IMAGE' ? pages[0] : null;
    const stored = await originals.get(keyOf(first?.url ?? ''));
    const meta = await sharp(stored ?? Buffer.alloc(0)).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(stored?.includes('Secret Owner')).toBe(false);

    const ids = pages.map((p) => p.id);
    const reordered = await call('PUT', `/admin/episodes/${episodeId}/pages/order`, content, {
      pageIds: [...ids].reverse(),
    });
    expect((reordered.json().data as AdminEpisode).pages.map((p) => p.id)).toEqual([...ids].reverse());
    const replaced = await upload('PUT', `/admin/episodes/${episodeId}/pages/${ids[0]}`, content, [
      await png(700, 700),
    ]);
    expect((replaced.json().data as AdminEpisode).pages.find((p) => p.id === ids[0])).toMatchObject({
      width: 700,
      height: 700,
    });
    const deleted = await call('DELETE', `/admin/episodes/${episodeId}/pages/${ids[1]}`, content);
    expect((deleted.json().data as AdminEpisode).pages.map((p) => [p.id, p.position])).toEqual([[ids[0], 1]]);
    for (const action of ['PAGES_ADD', 'PAGES_REORDER', 'PAGE_REPLACE', 'PAGE_DELETE']) {
      const [row] = await auditOf(action, episodeId);
      expect(row, action).toBeDefined();
      expect(row?.after).toEqual(expect.any(Array));
    }
  });

  it('refuses a renamed PHP file and a 20000 × 20000 image, and keeps an audit row of neither', async () => {
    const series = await newSeries();
    const created = await call(
      'POST',
      `/admin/series/${series.id}/episodes`,
      content,
      episodeInput(1, new Date(Date.now() + 3600_000)),
    );
    const episodeId = (created.json().data as AdminEpisode).id;
    const php = Buffer.from('<?php echo shell_exec($_GET["c"]); ?>\n');
    const renamed = await upload('POST', `/admin/episodes/${episodeId}/pages`, content, [
      { data: php, name: 'page.png', type: 'image/png' },
    ]);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
    const bomb = await upload('POST', `/admin/episodes/${episodeId}/pages`, content, [
      { data: await decompressionBomb(), name: 'bomb.png', type: 'image/png' },
    ]);
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
    const tooWide = await upload('POST', `/admin/episodes/${episodeId}/pages`, content, [await png(2400, 800)]);
    expect(tooWide.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
    expect((await call('GET', `/admin/episodes/${episodeId}`, content)).json().data.pages).toEqual([]);
    expect(await auditOf('PAGES_ADD', episodeId)).toEqual([]);
    const coverPhp = await upload('POST', '/admin/images?purpose=covers', content, [
      { data: php, name: 'cover.webp', type: 'image/webp' },
    ]);
    expect(coverPhp.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
  });

  it('publishes now only with pages, refuses a time past, and audits the change of time', async () => {
    const series = await newSeries();
    const empty = await call('POST', `/admin/series/${series.id}/episodes`, content, episodeInput(1, 'NOW'));
    expect(empty.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
    const past = await call(
      'POST',
      `/admin/series/${series.id}/episodes`,
      content,
      episodeInput(1, new Date(Date.now() - 60_000)),
    );
    expect(past.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
    const at = new Date(Date.now() + 3600_000);
    const episode = (await call('POST', `/admin/series/${series.id}/episodes`, content, episodeInput(1, at))).json()
      .data as AdminEpisode;
    await upload('POST', `/admin/episodes/${episode.id}/pages`, content, [await png()]);
    const now = await call('PUT', `/admin/episodes/${episode.id}`, content, episodeInput(1, 'NOW'));
    expect(now.json().data.published).toBe(true);
    const detail = (await call('GET', `/contents/${series.id}`, null)).json().data;
    expect(detail.episodes.map((e: { id: number }) => e.id)).toEqual([episode.id]);
    const [audit] = await auditOf('EPISODE_UPDATE', episode.id);
    const times = audit as { before: { publishedAt: string }; after: { publishedAt: string } } | undefined;
    expect(times?.before.publishedAt).toBe(at.toISOString());
    expect(new Date(times?.after.publishedAt ?? at).getTime()).toBeLessThanOrEqual(Date.now());
    const back = await call('PUT', `/admin/episodes/${episode.id}`, content, episodeInput(1, at));
    expect(back.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
  });

  it('stores a text episode’s body as text pages of paragraphs', async () => {
    const series = await newSeries({ contentKind: 'TEXT' });
    const episode = (
      await call(
        'POST',
        `/admin/series/${series.id}/episodes`,
        content,
        episodeInput(1, new Date(Date.now() + 3600_000), 'TEXT'),
      )
    ).json().data as AdminEpisode;
    const body = Array.from({ length: 14 }, (_, i) => `Paragraph ${i + 1}.`).join('\n\n');
    const res = await call('PUT', `/admin/episodes/${episode.id}/text`, content, { body });
    expect(res.statusCode, res.body).toBe(200);
    const pages = (res.json().data as AdminEpisode).pages;
    expect(pages.map((p) => p.kind)).toEqual(['TEXT', 'TEXT']);
    expect(pages.map((p) => (p.kind === 'TEXT' ? p.text : '')).join('\n\n')).toBe(body);
    const images = await upload('POST', `/admin/episodes/${episode.id}/pages`, content, [await png()]);
    expect(images.json()).toMatchObject({ code: 'INVALID_PARAMETER' });
    expect(await auditOf('EPISODE_TEXT', episode.id)).toHaveLength(1);
  });

  it('notifies the series’ followers when a scheduled episode goes out, not before', async () => {
    const series = await newSeries();
    const at = new Date(Date.now() + 2 * 3600_000);
    const episode = (await call('POST', `/admin/series/${series.id}/episodes`, content, episodeInput(1, at))).json()
      .data as AdminEpisode;
    await upload('POST', `/admin/episodes/${episode.id}/pages`, content, [await png()]);
    const follower = await createMember(t.database.db, t.config.auth, { brandId: BRAND });
    await t.database.db.insert(favorites).values({ userId: follower.id, seriesId: series.id });
    const newEpisodes = () =>
      t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, follower.id), eq(notifications.kind, 'NEW_EPISODE')));
    await scanTriggers(t.database.db, new Date());
    await scanTriggers(t.database.db, new Date(at.getTime() - 60_000));
    expect(await newEpisodes()).toEqual([]);
    await scanTriggers(t.database.db, new Date(at.getTime() + 60_000));
    expect((await newEpisodes()).map((n) => n.episodeId)).toEqual([episode.id]);
  });

  it('splits text into pages on blank lines', () => {
    expect(textPages('a\r\n\r\nb\n   \nc')).toEqual(['a\n\nb\n\nc']);
    expect(textPages(' \n\n ')).toEqual([]);
  });
});

describe('reader caches', () => {
  it('drops the answers of the series changed and keeps those of another series', async () => {
    const changed = await newSeries();
    const other = await createSeries(t.database.db, { brands: [BRAND], title: 'Untouched' });
    const before = (await call('GET', `/contents/${changed.id}`, null)).json().data;
    expect((await call('GET', `/contents/${other.id}`, null)).json().data.title).toBe('Untouched');
    // Written behind the cache's back: the cached answer of `other` must still be served.
    await t.database.db
      .update(seriesBrands)
      .set({ title: 'Changed behind the cache' })
      .where(and(eq(seriesBrands.seriesId, other.id), eq(seriesBrands.brandId, BRAND)));

    const input = seriesInput(changed.coverKey ?? '', { slug: changed.slug });
    const res = await call('PUT', `/admin/series/${changed.id}`, content, {
      ...input,
      brands: input.brands.map((b) => (b.brandId === BRAND ? { ...b, title: 'Jardin renommé' } : b)),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(before.title).toBe('Jardin de nuit');
    expect((await call('GET', `/contents/${changed.id}`, null)).json().data.title).toBe('Jardin renommé');
    expect((await call('GET', `/contents/${other.id}`, null)).json().data.title).toBe('Untouched');
    // A list of the brand holds the changed series' new title.
    const search = (await call('GET', `/search?q=${encodeURIComponent('renomm')}`, null)).json().data;
    expect(search.items.map((i: { id: number }) => i.id)).toContain(changed.id);
  });

  it('keep the media route’s verdict on a page image until its episode becomes paid', async () => {
    const s = await createSeries(t.database.db, { brands: [BRAND], episodes: { count: 1, free: 1 } });
    const episode = s.episodes[0];
    if (!episode) throw new Error('no episode');
    const url = `/media/demo/pages/${s.slug}/${episode.number}/1.png`;
    await storeOriginal(t.config.mediaDir, url);
    const image = () => t.app.inject({ method: 'GET', url });
    // A free page is public; asked again, its verdict comes from the cache.
    expect((await image()).statusCode).toBe(200);
    const hits = t.app.services.cache.stats().hits;
    expect((await image()).statusCode).toBe(200);
    expect(t.app.services.cache.stats().hits).toBeGreaterThan(hits);

    const paid = { ...episodeInput(episode.number, 'NOW'), isFree: false, rentPrice: 2, buyPrice: 4 };
    const res = await call('PUT', `/admin/episodes/${episode.id}`, content, paid);
    expect(res.statusCode, res.body).toBe(200);
    expect((await image()).json().code).toBe('UNAUTHORIZED_CONTENTS');
  });
});
