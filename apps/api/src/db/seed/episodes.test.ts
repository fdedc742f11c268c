import { describe, expect, it } from 'vitest';
import { demoSeries, WEEKDAYS } from './catalog-data.js';
import { planEpisodes } from './episodes.js';

const DAY = 24 * 3600 * 1000;
// Several seeding times, so the layout holds whatever the weekday and hour.
const NOWS = ['2025-06-11T12:00:00Z', '2025-06-14T07:59:00Z', '2026-01-01T00:00:00Z'].map((d) => new Date(d));

describe('episode plan', () => {
  it('dates episodes in order; running series have a recent episode and 1–2 announced ahead on their schedule', () => {
    for (const now of NOWS) {
      for (const s of demoSeries) {
        const plan = planEpisodes(s, now);
        expect(plan.map((e) => e.number)).toEqual(Array.from({ length: s.episodeCount }, (_, i) => i + 1));
        for (let i = 1; i < plan.length; i++) {
          expect(plan[i]?.publishedAt.getTime()).toBeGreaterThan(plan[i - 1]?.publishedAt.getTime() ?? 0);
        }
        const future = plan.filter((e) => e.publishedAt > now);
        const published = plan.filter((e) => e.publishedAt <= now);
        const latest = published.at(-1)?.publishedAt.getTime() ?? 0;
        if (s.status === 'SCHEDULED') {
          expect(future.length, s.slug).toBe(s.upcoming);
          expect(future.length).toBeGreaterThanOrEqual(1);
          expect(future.length).toBeLessThanOrEqual(2);
          expect(now.getTime() - latest, s.slug).toBeLessThanOrEqual((s.schedule.includes('TEN') ? 10 : 7) * DAY);
          if (!s.schedule.includes('TEN')) {
            for (const e of plan) expect(s.schedule).toContain(WEEKDAYS[e.publishedAt.getUTCDay()]);
          }
        } else {
          expect(future, s.slug).toEqual([]);
          // Releases go out at 08:00 UTC, so "n weeks ago" may be a few hours short of n × 7 days.
          expect(now.getTime() - latest).toBeGreaterThan((s.lastEpisodeWeeksAgo * 7 - 1) * DAY);
        }
      }
    }
  });

  it('makes the first episodes free and prices the others in whole coins by sale type', () => {
    const now = NOWS[0] as Date;
    for (const s of demoSeries) {
      for (const e of planEpisodes(s, now)) {
        expect(e.isFree).toBe(e.number <= s.freeCount);
        if (e.isFree) {
          expect([e.rentPrice, e.buyPrice, e.freetime]).toEqual([0, 0, false]);
          continue;
        }
        if (s.saleType === 'POSSESSION_ONLY') expect(e.rentPrice).toBe(0);
        else expect([2, 3]).toContain(e.rentPrice);
        if (s.saleType === 'RENT_ONLY') expect(e.buyPrice).toBe(0);
        else expect([3, 4, 5]).toContain(e.buyPrice);
      }
    }
    const freetime = demoSeries.filter((s) => planEpisodes(s, now).some((e) => e.freetime));
    expect(freetime.length).toBeGreaterThan(5);
    expect(new Set(demoSeries.map((s) => s.saleType))).toEqual(new Set(['BOTH', 'RENT_ONLY', 'POSSESSION_ONLY']));
  });

  it('gives image episodes 3–5 image pages and text episodes 3–6 paragraphs of prose', () => {
    for (const s of demoSeries) {
      const [e] = planEpisodes(s, NOWS[0] as Date);
      if (!e) throw new Error(`${s.slug} has no episodes`);
      if (s.contentKind === 'IMAGE') {
        expect(e.pages.length).toBeGreaterThanOrEqual(3);
        expect(e.pages.length).toBeLessThanOrEqual(5);
        expect(e.pages.every((p) => p.text === null && p.imageKey?.startsWith(`demo/pages/${s.slug}/1/`))).toBe(true);
      } else {
        const paragraphs = e.pages.flatMap((p) => p.text?.split('\n\n') ?? []);
        expect(paragraphs.length).toBeGreaterThanOrEqual(3);
        expect(paragraphs.length).toBeLessThanOrEqual(6);
        expect(e.pages.every((p) => p.imageKey === null && p.width === null)).toBe(true);
        expect(paragraphs.join(' ')).not.toMatch(/[{}]/);
      }
    }
  });
});
