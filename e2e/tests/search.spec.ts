import { expect, test } from '@playwright/test';
import { API_URL } from './support/member';
import { collectConsoleErrors, screenshot } from './support/page';

// Search journeys on the Japanese and Thai brands (BRAND_HOSTS in playwright.config.ts maps
// jp.localhost and th.localhost to them), whose titles have no spaces between words. Texts are
// translated, so elements are found by role or data-testid, never by their words.

/** Spec §9: results follow the last keystroke by this delay. */
const SEARCH_DELAY_MS = 1000;

interface Brand {
  id: string;
  origin: string;
  locale: string;
  timeZone: string;
}

const JP: Brand = { id: 'beltoon-jp', origin: 'http://jp.localhost:3100', locale: 'ja', timeZone: 'Asia/Tokyo' };
const TH: Brand = { id: 'bom-th', origin: 'http://th.localhost:3100', locale: 'th', timeZone: 'Asia/Bangkok' };

interface Card {
  id: number;
  title: string;
  isAdult: boolean;
}

async function brandApi<T>(brand: Brand, path: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${API_URL}${path}`, {
    headers: { 'x-balcony-id': brand.id, 'x-balcony-timeZone': brand.timeZone, 'x-platform': 'WEB', ...headers },
  });
  const envelope = (await response.json()) as { result: string; data: T };
  expect(envelope.result, `${brand.id} ${path}`).toBe('SUCCESS');
  return envelope.data;
}

/**
 * A seeded series of the brand and three characters from the middle of its title (neither its
 * first nor its last character) that the api finds it by on the first page of results.
 */
async function titleFragment(brand: Brand, adult = false): Promise<{ series: Card; fragment: string }> {
  // The api lists adult series to a visitor who said yes in the adult popup (spec §4).
  const headers: Record<string, string> = adult ? { 'x-not-logged-in-adult': 'Y' } : {};
  const list = await brandApi<{ items: Card[] }>(
    brand,
    adult ? '/contents/home/MATURE' : '/contents/home/RANKING',
    headers,
  );
  for (const series of list.items.filter((item) => item.isAdult === adult)) {
    const characters = [...series.title];
    for (let start = 1; start + 3 < characters.length; start++) {
      const fragment = characters.slice(start, start + 3).join('');
      if (/[\s\p{P}]/u.test(fragment)) continue;
      const found = await brandApi<{ items: Card[] }>(brand, `/search?q=${encodeURIComponent(fragment)}`, headers);
      if (found.items.some((item) => item.id === series.id)) return { series, fragment };
    }
  }
  throw new Error(`no ${adult ? 'adult ' : ''}title of ${brand.id} is found by a fragment of it`);
}

function searchUrl(brand: Brand, query: string): string {
  return `${brand.origin}/search?${new URLSearchParams({ q: query })}`;
}

for (const brand of [JP, TH]) {
  test(`a reader of ${brand.id} finds a series by a fragment from the middle of its title`, async ({
    page,
    browser,
  }, testInfo) => {
    const errors = collectConsoleErrors(page);
    const { series, fragment } = await titleFragment(brand);

    // Search is in the brand's navigation (spec §2), at every screen size.
    await page.goto(`${brand.origin}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', brand.locale);
    const nav = page.getByTestId(testInfo.project.name === 'mobile' ? 'nav-bottom' : 'nav-top');
    await nav.locator('a[href="/search"]').click();
    await page.waitForURL((url) => url.pathname === '/search');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const field = page.getByRole('searchbox');
    await field.click();
    await field.pressSequentially(fragment);
    const typed = Date.now();
    // The results arrive once typing has stopped for the search delay, under a shareable address.
    await expect(page).toHaveURL(searchUrl(brand, fragment));
    expect(Date.now() - typed).toBeGreaterThanOrEqual(SEARCH_DELAY_MS - 100);
    const card = page.getByTestId('series-card').filter({ hasText: series.title });
    await expect(card).toBeVisible();
    await expect(page.getByTestId('search-count')).toContainText(fragment);
    await expect(field).toBeFocused();
    await screenshot(page, testInfo, `search-${brand.id}`);

    // The shared address shows the same results as it arrives, without any script.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const shared = await context.newPage();
    await shared.goto(searchUrl(brand, fragment));
    await expect(shared.getByRole('searchbox')).toHaveValue(fragment);
    await expect(shared.getByTestId('series-card').filter({ hasText: series.title })).toBeVisible();
    await context.close();

    await card.click();
    await page.waitForURL((url) => url.pathname === `/detail/${series.id}`);
    expect(errors).toEqual([]);
  });
}

test('text still being composed in an IME is searched only once it is confirmed', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/search' && url.searchParams.has('q')) requested.push(url.searchParams.get('q') ?? '');
  });
  // A fake clock lets the composition last well past the search delay without the test waiting.
  await page.clock.install();
  await page.goto(`${JP.origin}/search`);
  const field = page.getByRole('searchbox');
  await field.click();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: 'よる', selectionStart: 2, selectionEnd: 2 });
  await expect(field).toHaveValue('よる');
  await page.clock.runFor(SEARCH_DELAY_MS * 3);
  // The conversion is confirmed: the converted text is what gets searched.
  await cdp.send('Input.insertText', { text: '夜' });
  await expect(field).toHaveValue('夜');
  await page.clock.runFor(SEARCH_DELAY_MS);
  await expect(page).toHaveURL(searchUrl(JP, '夜'));
  await expect(page.getByTestId('search-results')).toBeVisible();
  expect(requested).not.toContain('よる');
  expect(requested).not.toContain('よ');
});

test('a search without a match says so, and searches are kept as recent ones to reuse or remove', async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const { series, fragment } = await titleFragment(JP);
  const nothing = 'qzxqzx';
  await page.goto(`${JP.origin}/search`);
  await expect(page.getByTestId('recent-searches')).toHaveCount(0);
  const field = page.getByRole('searchbox');

  // Enter searches at once.
  await field.fill(nothing);
  await field.press('Enter');
  await expect(page).toHaveURL(searchUrl(JP, nothing));
  await expect(page.getByTestId('search-empty')).toContainText(nothing);
  await expect(page.getByTestId('series-card')).toHaveCount(0);
  await screenshot(page, testInfo, 'search-empty');

  // Shown results count as a recent search too.
  await field.fill(fragment);
  await expect(page.getByTestId('series-card').filter({ hasText: series.title })).toBeVisible();

  // With the field cleared, the recent searches show, newest first.
  await page.getByTestId('search-clear').click();
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
  await expect(page).toHaveURL(`${JP.origin}/search`);
  const recent = page.getByTestId('recent-search');
  await expect(recent).toHaveText([fragment, nothing]);
  await screenshot(page, testInfo, 'search-recent');

  // A recent search runs again; it moves to the top.
  await recent.filter({ hasText: nothing }).getByRole('button', { name: nothing, exact: true }).click();
  await expect(field).toHaveValue(nothing);
  await expect(page).toHaveURL(searchUrl(JP, nothing));
  await expect(page.getByTestId('search-empty')).toBeVisible();
  await page.getByTestId('search-clear').click();
  await expect(page).toHaveURL(`${JP.origin}/search`);
  await expect(recent).toHaveText([nothing, fragment]);

  // Each one can be removed; the list stays on the device.
  await recent.filter({ hasText: fragment }).getByTestId('recent-remove').click();
  await expect(recent).toHaveText([nothing]);
  await page.reload();
  await expect(page.getByTestId('recent-search')).toHaveText([nothing]);
  await page.getByTestId('recent-clear').click();
  await expect(page.getByTestId('recent-searches')).toHaveCount(0);
  await expect(field).toBeFocused();
  expect(errors).toEqual([]);
});

test('adult series that match are offered behind the adult check', async ({ page }, testInfo) => {
  const { series, fragment } = await titleFragment(JP, true);
  await page.goto(searchUrl(JP, fragment));
  await expect(page.getByTestId('series-card').filter({ hasText: series.title })).toHaveCount(0);
  const notice = page.getByTestId('adult-hidden');
  await expect(notice).toBeVisible();
  await screenshot(page, testInfo, 'search-adult-hidden');

  // Spec §4: on the Japanese brand a visitor answers yes or no, remembered in a cookie.
  await notice.getByTestId('adult-gate-verify').click();
  await expect(page.getByTestId('adult-popup')).toBeVisible();
  await page.getByTestId('adult-yes').click();
  await expect(page.getByTestId('series-card').filter({ hasText: series.title })).toBeVisible();
  await expect(page.getByTestId('adult-hidden')).toHaveCount(0);
});
