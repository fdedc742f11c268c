import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { collectConsoleErrors } from './support/page';

// A visitor's reading journey on the default brand (delitoonb-fr, French). Texts are translated,
// so elements are found by role or by data-testid, never by their words.

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  // Client-side navigations fire no load event: wait for the images the page asked for at once.
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => image.loading === 'lazy' || !image.src || image.complete),
  );
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** The decoded width of an image, 0 until it has loaded. */
function loadedWidth(image: Locator): Promise<number> {
  return image.evaluate((element) =>
    element instanceof HTMLImageElement && element.complete ? element.naturalWidth : 0,
  );
}

test('the home page lists series, and the ranking and free tabs switch the list', async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByTestId('series-card').first()).toBeVisible();
  const mobile = testInfo.project.name === 'mobile';
  await expect(page.getByTestId('nav-bottom')).toBeVisible({ visible: mobile });
  await expect(page.getByTestId('nav-top')).toBeVisible({ visible: !mobile });
  if (mobile)
    await expect(page.getByTestId('nav-bottom').getByRole('link').first()).toHaveAttribute('aria-current', 'page');
  await screenshot(page, testInfo, 'home');

  await page.getByTestId('home-tab-ranking').click();
  await expect(page).toHaveURL(/\/home\/ranking$/);
  await expect(page.getByTestId('home-tab-ranking')).toHaveAttribute('aria-current', 'page');
  const ranks = page.getByTestId('series-rank');
  await expect(ranks.nth(0)).toHaveText('1');
  await expect(ranks.nth(1)).toHaveText('2');
  await screenshot(page, testInfo, 'ranking');

  await page.getByTestId('home-tab-free').click();
  await expect(page).toHaveURL(/\/home\/free$/);
  await expect(page.getByTestId('free-sort-POPULAR')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('series-card').first()).toBeVisible();
  await page.getByTestId('free-sort-LATEST').click();
  await expect(page).toHaveURL(/\/home\/free\?sort=LATEST$/);
  await expect(page.getByTestId('free-sort-LATEST')).toHaveAttribute('aria-current', 'page');
  await screenshot(page, testInfo, 'free');
  expect(errors).toEqual([]);
});

test('the weekly tab marks today and shows the series of a chosen day', async ({ page }, testInfo) => {
  await page.goto('/home/weekly');
  const current = page.locator('[data-testid^="weekday-"][aria-current="page"]');
  await expect(current).toHaveCount(1);
  const today = await current.getAttribute('data-testid');
  const other = today === 'weekday-TEN' ? 'weekday-MONDAY' : 'weekday-TEN';
  await page.getByTestId(other).click();
  await expect(page).toHaveURL(new RegExp(`day=${other.replace('weekday-', '')}$`));
  await expect(page.getByTestId(other)).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('series-card').first()).toBeVisible();
  await screenshot(page, testInfo, 'weekly');
});

test('a reader opens a series, reads a free episode to the end and goes on to the next', async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/home/free');
  const cardCount = await page.getByTestId('series-card').count();
  let opened = false;
  for (let i = 0; i < cardCount && !opened; i++) {
    if (i > 0) await page.goto('/home/free');
    await page.getByTestId('series-card').nth(i).click();
    await expect(page).toHaveURL(/\/detail\/\d+$/);
    opened = (await page.getByTestId('free-episode').count()) >= 2;
  }
  expect(opened, 'a free-tab series with two free episodes').toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await screenshot(page, testInfo, 'detail');

  const freeEpisodes = page.getByTestId('free-episode');
  const firstTitle = (await freeEpisodes.nth(0).getByTestId('episode-title').textContent()) ?? '';
  const secondTitle = (await freeEpisodes.nth(1).getByTestId('episode-title').textContent()) ?? '';
  expect(firstTitle && secondTitle).toBeTruthy();
  await freeEpisodes.nth(0).click();
  await expect(page).toHaveURL(/\/viewer\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstTitle);

  const pages = page.getByRole('main').getByRole('img');
  const pageCount = await pages.count();
  expect(pageCount).toBeGreaterThan(0);
  await expect(pages.first()).toHaveAttribute('fetchpriority', 'high');

  // Read down to the end, a screen at a time.
  for (let step = 0; step < 500; step++) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    if (atEnd) break;
  }
  const last = pages.last();
  await expect(last).toHaveAttribute('src', /\/media\//);
  await expect.poll(() => loadedWidth(last)).toBeGreaterThan(0);
  await expect(page.getByTestId('next-episode')).toBeInViewport();
  await screenshot(page, testInfo, 'viewer-end');

  await page.getByTestId('next-episode').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(secondTitle);
  await expect.poll(() => loadedWidth(page.getByRole('main').getByRole('img').first())).toBeGreaterThan(0);
  await screenshot(page, testInfo, 'viewer-next');
  expect(errors).toEqual([]);
});

test('an unknown path shows the 404 screen with a way home', async ({ page }, testInfo) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await screenshot(page, testInfo, 'not-found');
  await page.getByTestId('not-found').getByRole('link').click();
  await page.waitForURL((url) => url.pathname === '/');

  expect((await page.goto('/detail/999999'))?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  expect((await page.goto('/404'))?.status()).toBe(404);
});

test('the web reports its health and sends its security headers', async ({ request }) => {
  const health = await request.get('/_/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok', api: 'ok' });

  const home = await request.get('/');
  const headers = home.headers();
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-powered-by']).toBeUndefined();
});
