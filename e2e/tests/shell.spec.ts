import { expect, type Page, test } from '@playwright/test';
import { findAdultSeriesId } from './support/catalog';
import { api, createMember, logIn, logInWith } from './support/member';
import { screenshot } from './support/page';

// The reader shell on the default brand (delitoonb-fr): the toast, scroll-to-top, the unsupported-browser
// notice for Internet Explorer, and the native app shell (its User-Agent marker, blocked devtools
// keys, context menu and drag, and the app's back event). Texts are translated, so elements are
// found by role or data-testid, never by their words.

const IE11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const ANDROID_APP =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.0.0 Mobile Safari/537.36 BalconyApp/AND_PLAY';

/** A cancelable event fired at the page: a key press, or a context menu or drag start. */
interface Fired {
  type: 'keydown' | 'contextmenu' | 'dragstart';
  key?: string;
  code?: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
}

/** Whether the page cancels the event. */
function isPrevented(page: Page, event: Fired): Promise<boolean> {
  return page.evaluate(({ type, ...keys }) => {
    const init = { bubbles: true, cancelable: true };
    const fired = type === 'keydown' ? new KeyboardEvent(type, { ...init, ...keys }) : new MouseEvent(type, init);
    return !document.body.dispatchEvent(fired);
  }, event);
}

const F12: Fired = { type: 'keydown', key: 'F12', code: 'F12' };

/** The app's back button, as its WebView fires it. */
function pressAppBack(page: Page): Promise<boolean> {
  return page.evaluate(() => window.dispatchEvent(new Event('balcony:back')));
}

const READY = JSON.stringify({ type: 'ready' });
const EXIT = JSON.stringify({ type: 'exit' });
const DELETE_PUSH_TOKEN = JSON.stringify({ type: 'delete-push-token' });
/** The Thai brand (bom-th), whose Android app deletes its push token at logout (spec §4). */
const THAI_WEB_URL = 'http://th.localhost:3100';

/** Stands in for the app's React Native WebView bridge in every document, keeping what the page posts. */
async function recordAppMessages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const messages: string[] = [];
    Object.assign(window, {
      appMessages: messages,
      ReactNativeWebView: { postMessage: (m: string) => messages.push(m) },
    });
  });
}

function appMessages(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { appMessages: string[] }).appMessages);
}

/** The page tells the app once it handles the back event (its shell listeners are in place). */
async function waitForAppReady(page: Page): Promise<void> {
  await expect.poll(() => appMessages(page)).toContain(READY);
}

/** Scrolls to the bottom of the page as far as it goes; returns how far that is. */
function scrollToBottom(page: Page): Promise<{ scrollY: number; innerHeight: number }> {
  return page.evaluate(() => {
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    return { scrollY: window.scrollY, innerHeight: window.innerHeight };
  });
}

test('a toast confirms an action at the bottom centre, one at a time, and goes after about 3 s', async ({
  page,
}, testInfo) => {
  const member = await createMember({ tag: 'toast' });
  const ranking = await api<{ items: { id: number }[] }>('GET', '/contents/home/RANKING');
  const seriesId = ranking.items[0]?.id;
  if (seriesId === undefined) throw new Error('the demo catalog has no ranked series');
  await logIn(page, member);
  await page.goto(`/detail/${seriesId}`);

  const toggle = page.getByTestId('favorite-toggle');
  const toast = page.getByTestId('toast');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(toast).toBeVisible();
  await expect(page.getByRole('status').filter({ has: toast })).toHaveAttribute('aria-live', 'polite');
  const box = await toast.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('the toast has no box');
  expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
  expect(box.y).toBeGreaterThan(viewport.height / 2);
  await screenshot(page, testInfo, 'toast', { fullPage: false });

  // A second message replaces the first: still one toast, with the new text.
  const first = await toast.textContent();
  await expect(toggle).not.toHaveAttribute('aria-busy', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(toast).toHaveCount(1);
  await expect(toast).not.toHaveText(first ?? '');
  const shownAt = Date.now();
  await expect(toast).toBeHidden({ timeout: 6_000 });
  const shownFor = Date.now() - shownAt;
  expect(shownFor).toBeGreaterThan(2_000);
  expect(shownFor).toBeLessThan(4_500);
});

test('the scroll-to-top button appears once the reader scrolls down the home page and brings them back up', async ({
  page,
  isMobile,
}, testInfo) => {
  await page.goto('/');
  const button = page.getByTestId('scroll-top');
  await expect(page.locator('main')).toBeVisible();
  await expect(button).toHaveCount(0);

  const { scrollY, innerHeight } = await scrollToBottom(page);
  expect(scrollY, 'the home page scrolls more than half a screen').toBeGreaterThan(innerHeight / 2);
  await expect(button).toBeVisible();
  await expect(button).toHaveAccessibleName(/\S/);
  // Spec §9: 20 px from the right edge on desktop, 10 px on mobile.
  const box = await button.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && viewport.width - (box.x + box.width)).toBe(isMobile ? 10 : 20);
  await screenshot(page, testInfo, 'scroll-top', { fullPage: false });

  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toHaveCount(0);
  await expect(page.locator('main')).toBeFocused();
});

test.describe('Internet Explorer', () => {
  // IE cannot run the bundle: the notice must stand without JavaScript.
  test.use({ userAgent: IE11, javaScriptEnabled: false });

  test('sees the unsupported-browser notice with a link to download Chrome', async ({ page }, testInfo) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleName(/\S/);
    await expect(dialog).toHaveAccessibleDescription(/\S/);
    const link = dialog.getByRole('link');
    await expect(link).toHaveAttribute('href', 'https://www.google.com/chrome/');
    await expect(link).toHaveAccessibleName(/Chrome/);
    // Only the notice: none of the site it cannot run.
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await screenshot(page, testInfo, 'unsupported-browser', { fullPage: false });
  });
});

test.describe('in the native app', () => {
  test.use({ userAgent: ANDROID_APP });
  test.beforeEach(({ page }) => recordAppMessages(page));

  test('logging out on the Thai Android app asks the app to delete its push token; on the French one not', async ({
    page,
  }) => {
    const logOut = async (origin: string) => {
      await page.goto(`${origin}/my`);
      await waitForAppReady(page);
      await page.getByTestId('logout').click();
      await page.waitForURL((url) => url.pathname === '/callback/logout-success');
      return appMessages(page);
    };
    const thai = await createMember({ tag: 'th-app-logout', brandId: 'bom-th' });
    expect(await logInWith(page, thai.email, thai.password, THAI_WEB_URL)).toBeNull();
    expect(await logOut(THAI_WEB_URL)).toContain(DELETE_PUSH_TOKEN);
    const french = await createMember({ tag: 'fr-app-logout' });
    expect(await logInWith(page, french.email, french.password)).toBeNull();
    expect(await logOut('')).not.toContain(DELETE_PUSH_TOKEN);
  });

  test('blocks the devtools keys, the context menu and dragging, but not typing', async ({ page }) => {
    await page.goto('/');
    await waitForAppReady(page);
    expect(await isPrevented(page, F12)).toBe(true);
    expect(await isPrevented(page, { type: 'keydown', key: 'I', code: 'KeyI', ctrlKey: true, shiftKey: true })).toBe(
      true,
    );
    expect(await isPrevented(page, { type: 'keydown', key: 'ˆ', code: 'KeyI', altKey: true, metaKey: true })).toBe(
      true,
    );
    expect(await isPrevented(page, { type: 'contextmenu' })).toBe(true);
    expect(await isPrevented(page, { type: 'dragstart' })).toBe(true);
    expect(await isPrevented(page, { type: 'keydown', key: 'a', code: 'KeyA' })).toBe(false);
  });

  test('the back event closes the open modal first, then goes back a page, and at the root asks the app to close', async ({
    page,
  }, testInfo) => {
    const member = await createMember({ tag: 'app-back' });
    const seriesId = await findAdultSeriesId();
    await logIn(page, member);
    await page.goto('/');
    await page.goto(`/detail/${seriesId}`);
    await waitForAppReady(page);

    // The adult popup opens at once for a member who has not given a birth date.
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await screenshot(page, testInfo, 'app-modal-open', { fullPage: false });

    await pressAppBack(page);
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/detail/${seriesId}$`));
    await expect(page.getByTestId('adult-gate')).toBeVisible();

    await pressAppBack(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('adult-gate')).toHaveCount(0);
    await waitForAppReady(page);

    await pressAppBack(page);
    await expect.poll(() => appMessages(page)).toEqual([READY, EXIT]);
    await expect(page).toHaveURL(/\/$/);
  });
});

test('a browser without the app marker keeps its context menu and keys', async ({ page }) => {
  await page.goto('/');
  // The scroll-to-top button only shows once the page has hydrated, shell listeners included.
  await scrollToBottom(page);
  await expect(page.getByTestId('scroll-top')).toBeVisible();
  expect(await isPrevented(page, { type: 'contextmenu' })).toBe(false);
  expect(await isPrevented(page, F12)).toBe(false);
});
