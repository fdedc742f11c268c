import { expect, test } from '@playwright/test';
import { api, createMember, logIn } from './support/member';
import { collectConsoleErrors, screenshot } from './support/page';

// Coupons on the default brand (issue 12 item 3): a member registers the demo seed's coins code
// on /coupon, sees the coins in the header and in the charge history, finds the coupon among the
// used ones, and is refused the same code again and a code that does not exist. Texts are
// translated, so elements are found by role or data-testid, never by their words.

/** The demo seed's shared code of 10 bonus coins for delitoonb-fr (api/src/db/seed/coupons.ts). */
const COINS_CODE = 'COINS10-DELITOONBFR';

/** Coins as the French brand writes them. */
const coinsText = (n: number) => new Intl.NumberFormat('fr').format(n);

test('a member registers a coupon code and sees the coins in the header and the history', async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const member = await createMember({ tag: 'coupon' });
  // What the member holds before (a new account may already have a sign-up reward).
  const before = (await api<{ total: number }>('GET', '/coin', { token: member.accessToken })).total;
  const after = coinsText(before + 10);
  await logIn(page, member);

  await page.goto('/coupon');
  await expect(page.getByTestId('coupons')).toBeVisible();
  await expect(page.getByTestId('header-coins-total')).toHaveText(coinsText(before));
  await expect(page.getByTestId('coupon-empty')).toBeVisible();

  // A blank code is refused before anything is sent (spec §5).
  await page.getByTestId('coupon-submit').click();
  await expect(page.getByTestId('coupon-error')).toHaveAttribute('data-code', 'INVALID_PARAMETER');
  await expect(page.getByTestId('coupon-code')).toHaveAttribute('aria-invalid', 'true');

  // The code is typed as a reader would: lower case, without its dash.
  await page.getByTestId('coupon-code').fill(COINS_CODE.toLowerCase().replace('-', ''));
  await page.getByTestId('coupon-submit').click();
  await expect(page.getByTestId('coupon-done')).not.toBeEmpty();
  await expect(page.getByTestId('coupon-error')).toHaveCount(0);
  await expect(page.getByTestId('header-coins-total')).toHaveText(after);
  await expect(page.getByTestId('coupon-code')).toHaveValue('');
  await screenshot(page, testInfo, 'coupon-registered');

  // It is listed among the used coupons, with what it gave.
  await page.getByTestId('coupon-tab-used').click();
  await page.waitForURL((url) => url.searchParams.get('tab') === 'used');
  const entry = page.getByTestId('coupon-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry).toHaveAttribute('data-kind', 'COIN');
  await expect(entry).toHaveAttribute('data-status', 'USED');
  await expect(entry.getByTestId('coupon-gives')).toContainText('10');

  expect(errors).toEqual([]);

  // Once per member; an unknown code is not found. The browser logs each refused call (409, 404).
  await page.getByTestId('coupon-code').fill(COINS_CODE);
  await page.getByTestId('coupon-submit').click();
  await expect(page.getByTestId('coupon-error')).toHaveAttribute('data-code', 'ALREADY_RECEIVED_COUPON');
  await page.getByTestId('coupon-code').fill('NOPE-NOPE-NOPE');
  await page.getByTestId('coupon-submit').click();
  await expect(page.getByTestId('coupon-error')).toHaveAttribute('data-code', 'NOT_FOUND_COUPON');
  await expect(page.getByTestId('header-coins-total')).toHaveText(after);
  expect(errors.splice(0).map((e) => e.match(/status of (\d+)/)?.[1])).toEqual(['409', '404']);

  // The charge history shows the coupon's coins (EXCHANGE_COUPON), and the balance stays.
  await page.goto('/history/charge');
  const charged = page.locator('[data-testid="history-entry"][data-title="EXCHANGE_COUPON"]');
  await expect(charged).toHaveCount(1);
  await expect(charged).toHaveAttribute('data-amount', '10');
  await expect(page.getByTestId('header-coins-total')).toHaveText(after);
  await screenshot(page, testInfo, 'coupon-history');
  expect(errors).toEqual([]);
});

test('a visitor who opens /coupon is asked to log in and comes back to it', async ({ page }) => {
  const member = await createMember({ tag: 'coupon-visitor' });
  await page.goto('/coupon');
  await page.waitForURL((url) => url.pathname === '/user/login');
  expect(new URL(page.url()).searchParams.get('callback')).toBe('/coupon');
  await logIn(page, member);
  await page.goto('/coupon');
  await expect(page.getByTestId('coupon-form')).toBeVisible();
});
