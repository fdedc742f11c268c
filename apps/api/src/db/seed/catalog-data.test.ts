import { describe, expect, it } from 'vitest';
import { DEMO_BRANDS, demoSeries, findDemoSeries } from './catalog-data.js';

const SCRIPTS = {
  ja: /[\u3040-\u30ff\u4e00-\u9fff]/,
  th: /[\u0e00-\u0e7f]/,
  'zh-TW': /[\u4e00-\u9fff]/,
} as const;

describe('demo catalog definition', () => {
  it('has about 70 series with unique, key-safe slugs, the first an image series', () => {
    expect(demoSeries.length).toBeGreaterThanOrEqual(65);
    expect(demoSeries.length).toBeLessThanOrEqual(75);
    expect(new Set(demoSeries.map((s) => s.slug)).size).toBe(demoSeries.length);
    for (const s of demoSeries) expect(s.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(demoSeries[0]?.contentKind).toBe('IMAGE');
    expect(findDemoSeries(demoSeries[5]?.slug ?? '')).toBe(demoSeries[5]);
    expect(findDemoSeries('no-such-series')).toBeUndefined();
  });

  it('titles every series in six languages, each in its own script, English in ASCII', () => {
    for (const locale of ['en', 'fr', 'de', 'ja', 'th', 'zh-TW'] as const) {
      expect(new Set(demoSeries.map((s) => s.title[locale])).size, locale).toBe(demoSeries.length);
    }
    for (const s of demoSeries) {
      expect(s.title.en).toMatch(/^[\x20-\x7e]+$/);
      for (const [locale, script] of Object.entries(SCRIPTS)) {
        expect(s.title[locale as keyof typeof SCRIPTS], `${s.slug} ${locale}`).toMatch(script);
        expect(s.synopsis[locale as keyof typeof SCRIPTS]).toMatch(script);
      }
      expect(s.synopsis.en).toMatch(/^[A-Z].+\.$/);
    }
  });

  it('keeps flags, genres, creators and schedules consistent', () => {
    for (const s of demoSeries) {
      expect(s.isBl, s.slug).toBe(s.genres.includes('BL'));
      expect(s.isAdult, s.slug).toBe(s.genres.includes('MATURE'));
      expect(s.genres.length).toBeGreaterThanOrEqual(2);
      expect(s.creators.length).toBeGreaterThanOrEqual(1);
      expect(s.creators.length).toBeLessThanOrEqual(3);
      expect(s.tags.length).toBeGreaterThanOrEqual(2);
      expect(s.episodeCount).toBeGreaterThanOrEqual(20);
      expect(s.episodeCount).toBeLessThanOrEqual(40);
      expect(s.freeCount).toBeGreaterThanOrEqual(3);
      if (s.status === 'SCHEDULED') {
        const weekdayOnly = s.schedule.length >= 1 && s.schedule.length <= 2 && !s.schedule.includes('TEN');
        expect(weekdayOnly || (s.schedule.length === 1 && s.schedule[0] === 'TEN'), s.slug).toBe(true);
      } else {
        expect(s.schedule).toEqual([]);
      }
    }
    const text = demoSeries.filter((s) => s.contentKind === 'TEXT').length;
    expect(text).toBeGreaterThanOrEqual(4);
    expect(text).toBeLessThanOrEqual(8);
    expect(new Set(demoSeries.flatMap((s) => s.creators.map((c) => c.name))).size).toBeGreaterThanOrEqual(30);
  });

  it('licenses each series to at least one known brand, with mostly no discount', () => {
    const brandIds = new Set<string>(DEMO_BRANDS.map((b) => b.id));
    const licenses = demoSeries.flatMap((s) => s.licenses);
    for (const s of demoSeries) expect(s.licenses.length, s.slug).toBeGreaterThanOrEqual(1);
    for (const l of licenses) {
      expect(brandIds.has(l.brandId)).toBe(true);
      expect([0, 10, 20, 30]).toContain(l.discountPercent);
      expect(l.viewCount).toBeGreaterThan(0);
    }
    const discounted = licenses.filter((l) => l.discountPercent > 0).length;
    expect(discounted).toBeGreaterThan(0);
    expect(discounted / licenses.length).toBeLessThan(0.3);
  });
});
