import { type BrowserContext, expect, test } from '@playwright/test';
import { api } from './support/member';

// The site's font (Noto Sans, font-display: swap) often arrives after the first paint on a phone.
// Until it does, the text is set in a local face scaled to its metrics (decision 0300), so nothing
// moves when it swaps in. Here the font files are held back until the page has painted, then let
// through; the layout shifts the browser reports are added up as CLS adds them.

/** Opens `path` in a new page with the web fonts held back, lets them through once it has painted,
 * and answers the page's cumulative layout shift. */
async function shiftWhenFontArrives(context: BrowserContext, path: string): Promise<number> {
  const page = await context.newPage();
  let fontAsked = () => {};
  const asked = new Promise<void>((resolve) => {
    fontAsked = resolve;
  });
  let letFontsThrough = () => {};
  const held = new Promise<void>((resolve) => {
    letFontsThrough = resolve;
  });
  await page.route('**/*.woff2', async (route) => {
    fontAsked();
    await held;
    await route.continue();
  });
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    Object.assign(window, { __shifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const twoFrames = () =>
    page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('main')).toBeVisible();
  await asked;
  await twoFrames();
  expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans"'))).toBe(false);
  letFontsThrough();
  await page.waitForFunction(() => document.fonts.check('16px "Noto Sans"') && document.fonts.status === 'loaded');
  await twoFrames();
  const shift = await page.evaluate(() => (window as unknown as { __shifts: { total: number } }).__shifts.total);
  await page.close();
  return shift;
}

test('nothing moves when the site’s font arrives after the first paint', async ({ context }) => {
  const ranking = await api<{ items: { id: number }[] }>('GET', '/contents/home/RANKING');
  for (const path of ['/', `/detail/${ranking.items[0]?.id}`]) {
    // Set in the system face as it is, a phone's home page shifted by 0.09–0.12.
    expect(await shiftWhenFontArrives(context, path), path).toBeLessThan(0.01);
  }
});
