import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoPageCount, demoSeries } from './catalog-data.js';
import { demoPageSize, renderDemoImage } from './demo-images.js';

const image = demoSeries.find((s) => s.contentKind === 'IMAGE');
const novel = demoSeries.find((s) => s.contentKind === 'TEXT');
if (!image || !novel) throw new Error('the demo catalog lacks an image or a text series');

async function meta(key: string) {
  const png = await renderDemoImage(key);
  if (!png) throw new Error(`${key} rendered nothing`);
  const m = await sharp(png).metadata();
  return { png, format: m.format, width: m.width, height: m.height };
}

describe('renderDemoImage', () => {
  it('draws a page as a PNG of 800 × demoPageSize', async () => {
    const page = await meta(`demo/pages/${image.slug}/2/1.png`);
    expect(page.format).toBe('png');
    expect({ width: page.width, height: page.height }).toEqual(demoPageSize(image.slug, 2, 1));
    expect(page.height).toBeGreaterThanOrEqual(1100);
    expect(page.height).toBeLessThanOrEqual(1700);
  });

  it('draws thumbnails, covers, episode thumbnails and banners at their sizes', async () => {
    const sizes: [string, number, number][] = [
      [`demo/thumbs/${image.slug}.png`, 600, 1000],
      [`demo/covers/${image.slug}.png`, 1080, 1080],
      [`demo/episodes/${image.slug}/1.png`, 400, 400],
      [`demo/banners/${image.slug}.png`, 1200, 500],
      [`demo/thumbs/${novel.slug}.png`, 600, 1000],
    ];
    for (const [key, width, height] of sizes) {
      const m = await meta(key);
      expect([m.format, m.width, m.height], key).toEqual(['png', width, height]);
    }
  });

  it('draws different images for different pages, episodes and series', async () => {
    const other = demoSeries.find((s) => s.contentKind === 'IMAGE' && s.slug !== image.slug);
    const keys = [
      `demo/pages/${image.slug}/1/1.png`,
      `demo/pages/${image.slug}/1/2.png`,
      `demo/pages/${image.slug}/2/1.png`,
      `demo/pages/${other?.slug}/1/1.png`,
      `demo/episodes/${image.slug}/1.png`,
      `demo/episodes/${image.slug}/2.png`,
    ];
    const pngs = await Promise.all(keys.map((k) => meta(k).then((m) => m.png.toString('base64'))));
    expect(new Set(pngs).size).toBe(keys.length);
  });

  it('draws the same bytes for the same key', async () => {
    const key = `demo/covers/${image.slug}.png`;
    const [a, b] = await Promise.all([renderDemoImage(key), renderDemoImage(key)]);
    expect(a?.equals(b ?? Buffer.alloc(0))).toBe(true);
  });

  it('answers null for unknown keys, series, episodes and pages, and for path tricks', async () => {
    const lastPage = demoPageCount(image.slug, 1);
    for (const key of [
      'demo/pages/../../etc',
      'demo/pages/../../etc/passwd.png',
      `demo/pages/${image.slug}/1/../1.png`,
      'demo/thumbs/no-such-series.png',
      `demo/thumbs/${image.slug}.jpg`,
      `demo/posters/${image.slug}.png`,
      `demo/episodes/${image.slug}/0.png`,
      `demo/episodes/${image.slug}/${image.episodeCount + 1}.png`,
      `demo/pages/${image.slug}/1/${lastPage + 1}.png`,
      `demo/pages/${image.slug}/01/1.png`,
      `demo/pages/${novel.slug}/1/1.png`,
      `/demo/thumbs/${image.slug}.png`,
      '',
    ]) {
      expect(await renderDemoImage(key), key).toBeNull();
    }
  });
});
