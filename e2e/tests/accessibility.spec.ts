import { expect, test } from '@playwright/test';
import { api, createMember, logIn } from './support/member';
import { seriousViolations } from './support/page';

// Issue 13: axe (@axe-core/playwright) finds no serious or critical violation on the pages
// readers use most, as a visitor and as a member. Comments, contact, notices, FAQ and policies are
// checked in their own journeys.

/** The first series of the ranking and its first episode, free to read for everyone. */
async function rankingSeries(): Promise<{ seriesId: number; episodeId: number }> {
  const ranking = await api<{ items: { id: number }[] }>('GET', '/contents/home/RANKING');
  const series = ranking.items[0];
  if (!series) throw new Error('the ranking lists a series');
  const detail = await api<{ episodes: { id: number }[] }>('GET', `/contents/${series.id}`);
  const episode = detail.episodes[0];
  if (!episode) throw new Error(`series ${series.id} has no episode`);
  return { seriesId: series.id, episodeId: episode.id };
}

test('home, series, viewer and shop pages have no serious accessibility violation for a visitor', async ({ page }) => {
  const { seriesId, episodeId } = await rankingSeries();
  for (const path of ['/', `/detail/${seriesId}`, `/viewer/${episodeId}`, '/shop']) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test('the shop, settings and My pages have no serious accessibility violation for a member', async ({ page }) => {
  await logIn(page, await createMember({ tag: 'axe' }));
  for (const path of ['/shop', '/setting/push', '/my']) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
});
