import { expect, type Page, test } from '@playwright/test';
import { findAdultSeriesId } from './support/catalog';
import { api, createMember, logIn } from './support/member';
import { screenshot } from './support/page';

// Finding series on the default brand (delitoonb-fr, French): the home tabs and their weekday
// calendar, the banner carousel, editors' picks, the series page (creators, notices, episode
// states, order, continue reading, favourite), the adult check, and what search engines get
// (sitemap, robots, page metadata). Series are found through the api, never by a fixed id; texts
// are translated, so elements are found by role or data-testid, never by their words.

const WEB_URL = 'http://127.0.0.1:3100';
/** Spec §9: a banner stays this long before the next one slides in. */
const BANNER_SLIDE_MS = 5000;
/** Spec §9: the series page shows this many notices. */
const DETAIL_NOTICE_COUNT = 2;

type AccessState = 'FREE' | 'OWNED' | 'RENTED' | 'FREETIME_UNLOCKED' | 'FREETIME_READY' | 'FREETIME_WAIT' | 'PAID';

interface Card {
  id: number;
  title: string;
  isAdult: boolean;
}

interface Series extends Card {
  creators: { name: string; type: string }[];
  notices: { title: string; body: string }[];
  episodes: { id: number; number: number; title: string; access: { state: AccessState } }[];
  isFavorite: boolean;
}

interface Pick {
  id: number;
  title: string;
  items: Card[];
}

/** Uncaught script errors (hydration mismatches included) fail a journey. */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The first series of the ranking that `accept` likes, read as a visitor. */
async function findSeries(accept: (series: Series) => boolean): Promise<Series> {
  const ranking = await api<{ items: Card[] }>('GET', '/contents/home/RANKING');
  for (const card of ranking.items) {
    const series = await api<Series>('GET', `/contents/${card.id}`);
    if (accept(series)) return series;
  }
  throw new Error('no seeded series fits');
}

const freeCount = (series: Series) => series.episodes.filter((e) => e.access.state === 'FREE').length;

test('the home tabs switch, and the weekly calendar marks today in the brand’s time zone', async ({
  page,
}, testInfo) => {
  const errors = collectPageErrors(page);
  const weekly = await api<{ today: string }>('GET', '/contents/home/WEEKLY');
  await page.goto('/');
  await expect(page.getByTestId('series-card').first()).toBeVisible();

  await page.getByTestId('home-tab-weekly').click();
  await expect(page).toHaveURL(/\/home\/weekly$/);
  const selected = page.locator('[data-testid^="weekday-"][aria-current="page"]');
  await expect(selected).toHaveCount(1);
  await expect(selected).toHaveAttribute('data-testid', `weekday-${weekly.today}`);
  // Short weekday names in the brand's locale (French: "lun.", "mar.", …).
  const monday = new Intl.DateTimeFormat('fr', { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2023, 0, 2)),
  );
  await expect(page.getByTestId('weekday-MONDAY')).toContainText(monday);
  await screenshot(page, testInfo, 'weekly');

  for (const slug of ['free', 'ranking', 'bl', 'romance', 'action', 'pick', 'mature'] as const) {
    await page.getByTestId(`home-tab-${slug}`).click();
    await expect(page).toHaveURL(new RegExp(`/home/${slug}$`));
    await expect(page.getByTestId(`home-tab-${slug}`)).toHaveAttribute('aria-current', 'page');
  }
  // Adult series are withheld from a visitor: a discreet line offers the adult check (login first
  // on a birthday brand), and it comes back here.
  const notice = page.getByTestId('adult-hidden');
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link')).toHaveAttribute(
    'href',
    `/user/login?callback=${encodeURIComponent('/home/mature')}`,
  );
  await screenshot(page, testInfo, 'mature-visitor');
  expect(errors).toEqual([]);
});

test('the banners slide on by themselves, stop when paused, and follow a swipe', async ({ page }, testInfo) => {
  const errors = collectPageErrors(page);
  const banners = await api<unknown[]>('GET', '/banners');
  expect(banners.length).toBeGreaterThan(1);
  const count = banners.length;
  await page.clock.install();
  await page.goto('/');

  const carousel = page.getByTestId('banner-carousel');
  await expect(carousel).toHaveAttribute('aria-roledescription', /.+/);
  const counter = page.getByTestId('banner-counter');
  const current = carousel.locator('[data-testid="banner-slide"][data-current]');
  await expect(counter).toHaveText(`1 / ${count}`);
  // The first banner is the page's main image; the others wait and take no focus.
  await expect(current.getByRole('img')).toHaveAttribute('fetchpriority', 'high');
  await expect(carousel.locator('[data-testid="banner-slide"][inert]')).toHaveCount(count - 1);

  await expect(counter).toHaveText(`2 / ${count}`, { timeout: BANNER_SLIDE_MS * 2 });
  await expect(current).toHaveAttribute('aria-label', new RegExp(`2\\D+${count}`));
  const toggle = page.getByTestId('banner-play-toggle');
  const pauseLabel = await toggle.getAttribute('aria-label');
  await toggle.click();
  await expect(toggle).not.toHaveAttribute('aria-label', pauseLabel ?? '');
  await page.mouse.move(0, 0);
  await page.clock.runFor(BANNER_SLIDE_MS * 3);
  await expect(counter).toHaveText(`2 / ${count}`);
  await screenshot(page, testInfo, 'banner-paused');

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-label', pauseLabel ?? '');
  await page.clock.runFor(BANNER_SLIDE_MS);
  await expect(counter).toHaveText(`${(2 % count) + 1} / ${count}`);

  // A swipe to the left brings the next banner.
  const before = Number((await counter.textContent())?.split('/')[0]);
  const box = await carousel.boundingBox();
  if (!box) throw new Error('carousel not laid out');
  const y = box.y + box.height / 3;
  await page.mouse.move(box.x + box.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
  await page.mouse.up();
  await expect(counter).toHaveText(`${(before % count) + 1} / ${count}`);
  // The swipe did not follow the banner's link.
  await expect(page).toHaveURL(`${WEB_URL}/`);
  expect(errors).toEqual([]);
});

test('the pick tab lists the editors’ collections, and a pick page lists all its series', async ({
  page,
}, testInfo) => {
  const picks = await api<Pick[]>('GET', '/contents/picks');
  const first = picks[0];
  if (!first) throw new Error('no seeded pick');
  const detail = await api<Pick>('GET', `/contents/picks/${first.id}`);

  await page.goto('/home/pick');
  await expect(page.getByTestId('pick')).toHaveCount(picks.length);
  const preview = page.getByTestId('pick').first();
  await expect(preview.getByRole('heading', { level: 2 })).toHaveText(first.title);
  await expect(preview.getByTestId('series-card').first()).toBeVisible();
  await screenshot(page, testInfo, 'picks');

  await preview.getByTestId('pick-link').click();
  await expect(page).toHaveURL(new RegExp(`/home/pick/${first.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title);
  await expect(page.getByTestId('series-card')).toHaveCount(detail.items.length);
  await expect(page.getByTestId('home-tab-pick')).toHaveAttribute('aria-current', 'page');
  await screenshot(page, testInfo, 'pick');

  expect((await page.goto('/home/pick/999999'))?.status()).toBe(404);
});

test('a series page shows its creators, notices and what the reader may do with each episode', async ({
  page,
}, testInfo) => {
  const errors = collectPageErrors(page);
  const series = await findSeries((s) => s.notices.length > 0 && s.episodes.some((e) => e.access.state !== 'FREE'));
  await page.goto(`/detail/${series.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(series.title);
  for (const creator of series.creators) {
    await expect(page.getByTestId(`creators-${creator.type}`)).toContainText(creator.name);
  }

  const notices = page.getByTestId('series-notice');
  await expect(notices).toHaveCount(Math.min(DETAIL_NOTICE_COUNT, series.notices.length));
  const notice = series.notices[0];
  if (!notice) throw new Error('no notice');
  const body = notices.first().getByText(notice.body);
  await expect(body).toBeHidden();
  await notices.first().getByText(notice.title).click();
  await expect(body).toBeVisible();

  const rows = page.getByTestId('episode');
  await expect(rows).toHaveCount(series.episodes.length);
  const ordered = [...series.episodes].sort((a, b) => a.number - b.number);
  for (const [index, episode] of ordered.entries()) {
    await expect(rows.nth(index)).toHaveAttribute('data-state', episode.access.state);
  }
  // Readable episodes open the viewer; a paid one shows its price and opens its purchase instead.
  const free = ordered.find((e) => e.access.state === 'FREE');
  if (free) await expect(page.locator(`#episode-${free.id} a`)).toHaveAttribute('href', `/viewer/${free.id}`);
  const paid = ordered.find((e) => e.access.state === 'PAID');
  if (paid) {
    await expect(page.locator(`#episode-${paid.id} a[href^="/viewer/"]`)).toHaveCount(0);
    await expect(page.locator(`#episode-${paid.id}`).getByTestId('episode-purchase')).toHaveAttribute(
      'href',
      `/detail/${series.id}?episode=${paid.id}&purchase=1`,
    );
    await expect(page.locator(`#episode-${paid.id}`)).toContainText(/\d/);
  }
  await screenshot(page, testInfo, 'detail');

  // Newest first is remembered on the device.
  const last = ordered.at(-1);
  const firstEpisode = ordered[0];
  if (!last || !firstEpisode) throw new Error('no episodes');
  await page.getByTestId('episode-order-newest').click();
  await expect(page.getByTestId('episode-order-newest')).toHaveAttribute('aria-pressed', 'true');
  await expect(rows.first()).toHaveAttribute('id', `episode-${last.id}`);
  await page.reload();
  await expect(rows.first()).toHaveAttribute('id', `episode-${last.id}`);
  await page.getByTestId('episode-order-oldest').click();
  await expect(rows.first()).toHaveAttribute('id', `episode-${firstEpisode.id}`);

  // ?episode= (the viewer's binge-read confirmation) scrolls to that episode and highlights it.
  const target = ordered[Math.floor(ordered.length * 0.75)] ?? last;
  await page.goto(`/detail/${series.id}?episode=${target.id}`);
  const highlighted = page.locator(`#episode-${target.id}`);
  await expect(highlighted).toHaveAttribute('aria-current', 'true');
  await expect(highlighted).toBeFocused();
  await expect(highlighted).toBeInViewport();
  await screenshot(page, testInfo, 'detail-episode');
  expect(errors).toEqual([]);
});

test('a member continues where they stopped, and a favourite stays across reloads', async ({ page }, testInfo) => {
  const errors = collectPageErrors(page);
  const member = await createMember({ tag: 'discovery' });
  await logIn(page, member);
  const series = await findSeries((s) => freeCount(s) >= 2);
  const second = [...series.episodes].sort((a, b) => a.number - b.number)[1];
  if (!second) throw new Error('no second episode');

  await page.goto(`/detail/${series.id}`);
  await expect(page.getByTestId('read-action')).toHaveAttribute(
    'href',
    `/viewer/${series.episodes.find((e) => e.number === 1)?.id}`,
  );

  await api('PUT', `/episodes/${second.id}/progress`, { token: member.accessToken, body: { page: 1, offset: 0.5 } });
  await page.reload();
  const action = page.getByTestId('read-action');
  await expect(action).toHaveAttribute('href', `/viewer/${second.id}`);
  await expect(action).toContainText(String(second.number));
  await expect(page.locator(`#episode-${second.id}`)).toHaveAttribute('data-read', '');

  const favorite = page.getByTestId('favorite-toggle');
  await expect(favorite).toHaveAttribute('aria-pressed', 'false');
  // Each reload waits for the api's answer to the click, not for time to pass.
  const answered = (method: string) =>
    page.waitForResponse(
      (r) => r.url().includes(`/api/front/favorites/${series.id}`) && r.request().method() === method,
    );
  const added = answered('PUT');
  await favorite.click();
  await expect(favorite).toHaveAttribute('aria-pressed', 'true');
  expect((await added).ok()).toBe(true);
  await expect(page.getByTestId('toast')).toBeVisible();
  await screenshot(page, testInfo, 'favourite');
  await page.reload();
  await expect(favorite).toHaveAttribute('aria-pressed', 'true');
  const stored = await api<Series>('GET', `/contents/${series.id}`, { token: member.accessToken });
  expect(stored.isFavorite).toBe(true);

  const removed = answered('DELETE');
  await favorite.click();
  await expect(favorite).toHaveAttribute('aria-pressed', 'false');
  expect((await removed).ok()).toBe(true);
  await page.reload();
  await expect(favorite).toHaveAttribute('aria-pressed', 'false');
  expect(errors).toEqual([]);
});

test('a visitor who favourites a series is asked to log in and comes back to it', async ({ page }) => {
  const series = await findSeries(() => true);
  await page.goto(`/detail/${series.id}`);
  await page.getByTestId('favorite-login').click();
  await expect(page).toHaveURL(`${WEB_URL}/user/login?callback=${encodeURIComponent(`/detail/${series.id}`)}`);
});

test('an adult series asks a visitor and a member under verification for the adult check', async ({
  page,
}, testInfo) => {
  const adultId = await findAdultSeriesId();
  await page.goto(`/detail/${adultId}`);
  await expect(page.getByTestId('adult-gate')).toBeVisible();
  // A visitor of a birthday brand logs in first, and comes back here.
  await expect(page.getByTestId('adult-gate-login')).toHaveAttribute(
    'href',
    `/user/login?callback=${encodeURIComponent(`/detail/${adultId}`)}`,
  );
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await screenshot(page, testInfo, 'adult-visitor');

  const member = await createMember({ tag: 'minor' });
  await logIn(page, member);
  await page.goto(`/detail/${adultId}`);
  await expect(page.getByTestId('adult-gate')).toBeVisible();
  // The member gives a birth date in the adult popup, opened at once.
  await expect(page.getByTestId('adult-popup')).toBeVisible();
  await expect(page.getByTestId('adult-year')).toBeVisible();
  await screenshot(page, testInfo, 'adult-member');
  await page.getByTestId('adult-cancel').click();

  // The mature tab's line opens the same popup for the member.
  await page.goto('/home/mature');
  await page.getByTestId('adult-hidden').getByTestId('adult-gate-verify').click();
  await expect(page.getByTestId('adult-popup')).toBeVisible();
});

test('search engines get a sitemap without adult series, robots rules and page metadata', async ({ request }) => {
  const listed = await api<{ id: number; updatedAt: string }[]>('GET', '/contents/sitemap');
  const adultId = await findAdultSeriesId();
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toContain('xml');
  const xml = await sitemap.text();
  expect(xml).toContain(`<loc>${WEB_URL}/</loc>`);
  expect(xml).toContain(`<loc>${WEB_URL}/home/pick</loc>`);
  expect(xml.match(/\/detail\/\d+<\/loc>/g)).toHaveLength(listed.length);
  const first = listed[0];
  if (!first) throw new Error('empty sitemap list');
  expect(xml).toContain(`<loc>${WEB_URL}/detail/${first.id}</loc>`);
  expect(xml).not.toContain(`/detail/${adultId}<`);

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const rules = await robots.text();
  expect(rules).toMatch(/^Allow: \/$/m);
  expect(rules).toMatch(/^Disallow: \/api\/$/m);
  expect(rules).toContain(`Sitemap: ${WEB_URL}/sitemap.xml`);
});

test('series and home pages carry their title, description, canonical URL and Open Graph data', async ({ page }) => {
  const listed = await api<{ id: number }[]>('GET', '/contents/sitemap');
  const first = listed[0];
  if (!first) throw new Error('empty sitemap list');
  const series = await api<Series>('GET', `/contents/${first.id}`);
  await page.goto(`/detail/${first.id}`);
  // The layout's template adds the brand's product name.
  await expect(page).toHaveTitle(`${series.title} · Delitoon BL`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${WEB_URL}/detail/${first.id}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'book');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`^${WEB_URL}/media/`));
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

  await page.goto('/');
  // Next.js writes the origin of the main page without its trailing slash; both are the same URL.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`^${WEB_URL}/?$`));
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);
});
