import { expect, test } from '@playwright/test';
import { biggestProduct, chargeOverHttp } from './support/coins';
import { adminToken, api, createMember, logIn } from './support/member';
import { collectConsoleErrors, screenshot } from './support/page';

// Points on the default brand (issue 12 item 2): a member earns points on a paid charge through
// the sandbox shop (1 point per paid coin) and customer service tops them up past the minimum; the
// points history shows the earning with its expiry and leads to the exchange screen, which shows
// what an amount gives before it is confirmed; the exchange puts the bonus coins in the header and
// an EXCHANGE_MILEAGE row in the points history. Texts are translated, so elements are found by
// data-testid or role, never by their words.

/** Numbers and points as the French brand writes them. */
const number = (n: number) => new Intl.NumberFormat('fr').format(n);
const points = (n: number) => `${number(n)}\u00a0P`;

interface Coins {
  total: number;
  mileage: number;
}

test('exchange points: a charge earns them, the screen previews the exchange, bonus coins arrive', async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const member = await createMember({ tag: 'points' });
  const product = await biggestProduct(member);
  await chargeOverHttp(member, product);
  // A charge earns one point per paid coin; the rest up to 3100 P comes from customer service.
  const earned = product.coins;
  await api('POST', '/admin/coins/adjust', {
    token: await adminToken(),
    body: {
      userId: member.userId,
      coinType: 'MILEAGE',
      amount: 3100 - earned,
      reason: 'Loyalty top-up',
      idempotencyKey: `e2e-points-${member.userId}`,
    },
  });
  const before = await api<Coins>('GET', '/coin', { token: member.accessToken });
  expect(before.mileage).toBe(3100);
  await logIn(page, member);

  // The points history shows what the charge earned, with its expiry, and leads to the exchange.
  await page.goto('/history/mileage');
  const earning = page.locator('[data-testid="history-entry"][data-title="CHARGE_MILEAGE"]');
  await expect(earning).toHaveAttribute('data-amount', String(earned));
  await expect(earning.getByTestId('history-expires')).toBeVisible();
  await page.getByTestId('history-exchange').click();
  await page.waitForURL((url) => url.pathname === '/history/mileage/exchange');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // What is held, what expires first (the charge's points), and the header's coins.
  await expect(page.getByTestId('mileage-held')).toHaveText(points(3100));
  await expect(page.getByTestId('mileage-soonest')).toContainText(points(earned));
  await expect(page.getByTestId('header-coins-total')).toHaveText(number(before.total));

  // 3000 P at first: 150 bonus coins. One unit more is the most held: 155.
  const amount = page.getByTestId('mileage-points');
  const preview = page.getByTestId('mileage-preview');
  await expect(amount).toHaveValue('3000');
  await expect(preview).toHaveAttribute('data-coins', '150');
  await expect(page.getByTestId('mileage-less')).toBeDisabled();
  await page.getByTestId('mileage-more').click();
  await expect(amount).toHaveValue('3100');
  await expect(preview).toHaveAttribute('data-coins', '155');
  await expect(page.getByTestId('mileage-more')).toBeDisabled();

  // An amount between two units is explained, and cannot be sent.
  await amount.fill('3050');
  await expect(preview).toHaveAttribute('data-refusal', 'EXCHANGE_MILEAGE_INSUFFICIENT');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('mileage-confirm')).toBeDisabled();
  await page.getByTestId('mileage-less').click();
  await expect(amount).toHaveValue('3000');
  await expect(preview).toHaveAttribute('data-coins', '150');
  await expect(preview).toContainText('150');
  await screenshot(page, testInfo, 'points-exchange-preview');

  // Confirmed: the bonus coins are in the header, 100 P are left, too few for another exchange.
  await page.getByTestId('mileage-confirm').click();
  await expect(page.getByTestId('mileage-done')).toContainText('150');
  await expect(page.getByTestId('header-coins-total')).toHaveText(number(before.total + 150));
  await expect(page.getByTestId('mileage-held')).toHaveText(points(100));
  await expect(page.getByTestId('mileage-too-few')).toBeVisible();
  await expect(page.getByTestId('mileage-error')).toHaveCount(0);
  await screenshot(page, testInfo, 'points-exchanged');

  // The points history shows the exchange; the charge history the bonus coins it gave, with their expiry.
  await page.getByTestId('mileage-to-history').click();
  await page.waitForURL((url) => url.pathname === '/history/mileage');
  const exchanged = page.locator('[data-testid="history-entry"][data-title="EXCHANGE_MILEAGE"]');
  await expect(exchanged).toHaveCount(1);
  await expect(exchanged).toHaveAttribute('data-amount', '-3000');
  await screenshot(page, testInfo, 'points-history');
  await page.getByTestId('history-tab-charge').click();
  await page.waitForURL((url) => url.pathname === '/history/charge');
  const bonus = page.locator('[data-testid="history-entry"][data-title="EXCHANGE_MILEAGE"]');
  await expect(bonus).toHaveAttribute('data-amount', '150');
  await expect(bonus.getByTestId('history-expires')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the My page’s points lead to the exchange screen, which a visitor reaches after logging in', async ({ page }) => {
  const member = await createMember({ tag: 'points-my' });
  await page.goto('/history/mileage/exchange');
  await page.waitForURL((url) => url.pathname === '/user/login');
  expect(new URL(page.url()).searchParams.get('callback')).toBe('/history/mileage/exchange');

  await logIn(page, member);
  await page.goto('/my');
  await expect(page.getByTestId('my-points')).toHaveText('0');
  await page.getByTestId('my-exchange').click();
  await page.waitForURL((url) => url.pathname === '/history/mileage/exchange');
  // A new member holds no points: the screen says how many are needed, and offers no exchange.
  await expect(page.getByTestId('mileage-held')).toHaveText(points(0));
  await expect(page.getByTestId('mileage-too-few')).toBeVisible();
  await expect(page.getByTestId('mileage-form')).toHaveCount(0);
});
