import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeries } from './factories.js';
import { createTestApp, type TestApp } from './helper.js';

let t: TestApp;
let pageUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  // Page keys name a demo series by slug; the demo catalog's first series has drawable pages.
  const { demoSeries } = await import('../src/db/seed/catalog-data.js');
  const slug = demoSeries[0]?.slug;
  pageUrl = `/media/demo/pages/${slug}/1/1.png`;
  await createSeries(t.database.db);
});
afterAll(() => t.close());

describe('media renditions', () => {
  it('serves AVIF, WebP or JPEG by the Accept header, at quality 75, with long cache headers', async () => {
    for (const [accept, format] of [
      ['image/avif', 'avif'],
      ['image/webp,*/*', 'webp'],
      ['*/*', 'jpeg'],
    ] as const) {
      const res = await t.app.inject({ url: `${pageUrl}?w=640`, headers: { accept } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-type']).toBe(`image/${format}`);
      expect(res.headers['cache-control']).toContain('max-age=31536000');
      expect(res.headers.vary).toBe('Accept');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.width).toBe(640);
    }
  });

  it('never enlarges beyond the original width', async () => {
    const res = await t.app.inject({ url: `${pageUrl}?w=1080`, headers: { accept: 'image/webp' } });
    expect((await sharp(res.rawPayload).metadata()).width).toBe(800);
  });

  it('serves the smaller of AVIF and WebP to a client that takes both, with its length', async () => {
    const both = await t.app.inject({ url: `${pageUrl}?w=828`, headers: { accept: 'image/avif,image/webp,*/*' } });
    const avif = await t.app.inject({ url: `${pageUrl}?w=828`, headers: { accept: 'image/avif' } });
    const webp = await t.app.inject({ url: `${pageUrl}?w=828`, headers: { accept: 'image/webp' } });
    const smaller = avif.rawPayload.length <= webp.rawPayload.length ? avif : webp;
    expect(both.headers['content-type']).toBe(smaller.headers['content-type']);
    expect(both.rawPayload.equals(smaller.rawPayload)).toBe(true);
    expect(Number(both.headers['content-length'])).toBe(both.rawPayload.length);
    const again = await t.app.inject({ url: `${pageUrl}?w=828`, headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(again.rawPayload.equals(both.rawPayload)).toBe(true);
  });

  it('answers every first request for many images at once, as a browser asks for a page of covers', async () => {
    const { demoSeries } = await import('../src/db/seed/catalog-data.js');
    const accept = 'image/jxl,image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
    const urls = demoSeries
      .slice(1, 13)
      .flatMap((s) => [`/media/demo/thumbs/${s.slug}.png?w=640`, `/media/demo/covers/${s.slug}.png?w=640`]);
    const answers = await Promise.all(urls.map((url) => t.app.inject({ url, headers: { accept } })));
    expect(answers.map((a) => `${a.statusCode} ${a.headers['content-type']}`)).toEqual(
      answers.map((a) => `200 ${a.headers['content-type']}`),
    );
  });

  it('serves the same bytes from its cache the second time', async () => {
    const a = await t.app.inject({ url: `${pageUrl}?w=750`, headers: { accept: 'image/webp' } });
    const b = await t.app.inject({ url: `${pageUrl}?w=750`, headers: { accept: 'image/webp' } });
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
  });

  it('rejects widths outside spec §9 and keys outside the store', async () => {
    const odd = await t.app.inject({ url: `${pageUrl}?w=641` });
    expect(odd.statusCode).toBe(400);
    const traversal = await t.app.inject({ url: '/media/demo/pages/%2e%2e/%2e%2e/etc/passwd.png' });
    expect(traversal.statusCode).toBe(404);
    const missing = await t.app.inject({ url: '/media/demo/pages/no-such-series/1/1.png' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_EXIST');
  });
});
