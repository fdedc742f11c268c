import { expect, type Page, test } from '@playwright/test';
import { biggestProduct, chargeOverHttp, type Product, totalCoins } from './support/coins';
import { api, createMember, logIn, type Member, SIGN_UP_REWARD } from './support/member';
import { collectConsoleErrors, screenshot } from './support/page';

// Coins on the default brand (delitoonb-fr, French, euro): charging in the sandbox checkout, renting
// and buying episodes, the histories, and the way from a lack of coins to the shop and back (issue
// 11). Members are made, logged in and, where a journey needs coins first, charged over HTTP;
// series, episodes and products are found through the api, never by a fixed id; texts are
// translated, so elements are found by role or data-testid, never by their words.

type AccessState = 'FREE' | 'OWNED' | 'RENTED' | 'FREETIME_UNLOCKED' | 'FREETIME_READY' | 'FREETIME_WAIT' | 'PAID';
type SaleType = 'BOTH' | 'RENT_ONLY' | 'POSSESSION_ONLY';

interface Card {
  id: number;
  title: string;
  isAdult: boolean;
}

interface Episode {
  id: number;
  number: number;
  title: string;
  rentPrice: number;
  buyPrice: number;
  saleType: SaleType;
  access: { state: AccessState; expiresAt: string | null };
}

interface Series extends Card {
  episodes: Episode[];
}

/** Coins as the French brand writes them (grouped with a narrow no-break space from 1 000 on). */
const coinsText = (n: number) => new Intl.NumberFormat('fr').format(n);
const canRent = (episode: Episode) => episode.saleType !== 'POSSESSION_ONLY';
const canBuy = (episode: Episode) => episode.saleType !== 'RENT_ONLY';

/** A paid episode of a series of the ranking (that a new member may open) matching `accept`. */
async function findPaidEpisode(
  member: Member,
  accept: (episode: Episode) => boolean,
): Promise<{ series: Series; episode: Episode }> {
  const ranking = await api<{ items: Card[] }>('GET', '/contents/home/RANKING', { token: member.accessToken });
  for (const card of ranking.items.filter((item) => !item.isAdult)) {
    const series = await api<Series>('GET', `/contents/${card.id}`, { token: member.accessToken });
    const episode = series.episodes.find((e) => e.access.state === 'PAID' && accept(e));
    if (episode) return { series, episode };
  }
  throw new Error('no seeded series has a paid episode that fits');
}

/**
 * Rents other episodes over HTTP until the member has fewer than `below` coins (a new member starts
 * with the sign-up reward); answers the coins left.
 */
async function spendBelow(member: Member, below: number, except: number): Promise<number> {
  for (;;) {
    const { total } = await api<{ total: number }>('GET', '/coin', { token: member.accessToken });
    if (total < below) return total;
    const { episode } = await findPaidEpisode(member, (e) => e.id !== except && canRent(e) && e.rentPrice <= total);
    await api('POST', `/episodes/${episode.id}/purchase`, {
      token: member.accessToken,
      body: { kind: 'RENT', idempotencyKey: `e2e-spend-${episode.id}-${Date.now()}` },
    });
  }
}

/** Picks a product in the shop, ticks every box, pays with the test card and succeeds in the sandbox. */
async function payInSandbox(page: Page, product: Product): Promise<void> {
  const pay = page.getByTestId('shop-pay');
  await page.locator(`[data-testid="shop-product"][data-product-id="${product.id}"]`).click();
  await page.getByTestId('shop-method-SANDBOX').check();
  // Spec §5: the pay button waits for every required box.
  await expect(pay).toBeDisabled();
  const boxes = page.locator('[data-testid^="shop-agreement-"]');
  for (const box of await boxes.all()) await box.check();
  await expect(pay).toBeEnabled();
  await pay.click();

  await page.waitForURL((url) => /^\/shop\/checkout\/\d+$/.test(url.pathname));
  await expect(page.getByTestId('sandbox-notice')).toBeVisible();
  await page.getByTestId('sandbox-success').click();
  await page.waitForURL((url) => /^\/shop\/complete\/\d+$/.test(url.pathname));
  await expect(page.getByTestId('order-paid')).toBeVisible();
}

test('a new member charges coins in the sandbox, buys a paid episode, reads it and finds both in the histories', async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const member = await createMember({ tag: 'shop-buy' });
  await logIn(page, member);
  const product = await biggestProduct(member);
  const { series, episode } = await findPaidEpisode(member, (e) => canBuy(e) && e.buyPrice <= totalCoins(product));

  // A new member has only the sign-up reward; the header says so and leads to the shop.
  await page.goto('/my');
  await expect(page.getByTestId('header-coins-total')).toHaveText(coinsText(SIGN_UP_REWARD));
  await page.getByTestId('header-coins').click();
  await page.waitForURL((url) => url.pathname === '/shop');
  await expect(page.getByTestId('shop-product').first()).toBeVisible();
  await screenshot(page, testInfo, 'shop');

  await payInSandbox(page, product);
  // The payment record was sent and removed (spec §3/§4): nothing is left behind on the device.
  expect(await page.evaluate(() => window.localStorage.getItem('balcony.paymentRecord'))).toBeNull();
  await expect(page.getByTestId('order-balance')).toHaveAttribute(
    'data-total',
    String(totalCoins(product) + SIGN_UP_REWARD),
  );
  await expect(page.getByTestId('order-continue')).toHaveAttribute('href', '/shop');
  await screenshot(page, testInfo, 'shop-complete');

  // Buying the episode from the series page opens it.
  await page.goto(`/detail/${series.id}`);
  await page.locator(`#episode-${episode.id}`).getByTestId('episode-purchase').click();
  const dialog = page.getByTestId('purchase-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toContainText(String(episode.number));
  await expect(dialog.getByTestId('purchase-balance')).toContainText(coinsText(totalCoins(product) + SIGN_UP_REWARD));
  await dialog.getByTestId('purchase-buy').check();
  await screenshot(page, testInfo, 'purchase-dialog', { fullPage: false });
  await dialog.getByTestId('purchase-confirm').click();
  await page.waitForURL((url) => url.pathname === `/viewer/${episode.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(episode.title);
  await expect(page.getByRole('main').getByRole('img').first()).toBeVisible();

  // The series page now shows it owned, and the header the balance left.
  await page.goto(`/detail/${series.id}`);
  await expect(page.locator(`#episode-${episode.id}`)).toHaveAttribute('data-state', 'OWNED');
  await expect(page.getByTestId('header-coins-total')).toHaveText(
    coinsText(totalCoins(product) + SIGN_UP_REWARD - episode.buyPrice),
  );

  // Both movements are in the histories, within their window.
  await page.goto('/history/charge');
  await expect(page.getByTestId('history-tab-charge')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('history-window')).toContainText('90');
  await expect(page.locator('[data-testid="history-entry"][data-title="CHARGE_COIN"]').first()).toBeVisible();
  await screenshot(page, testInfo, 'history-charge');
  await page.getByTestId('history-tab-use').click();
  await page.waitForURL((url) => url.pathname === '/history/use');
  const spent = page.locator('[data-testid="history-entry"][data-title="PURCHASE_EPISODE"]');
  await expect(spent.first()).toBeVisible();
  await expect(spent.first().getByTestId('history-episode-link')).toHaveAttribute(
    'href',
    `/detail/${series.id}?episode=${episode.id}`,
  );
  await screenshot(page, testInfo, 'history-use');
  expect(errors).toEqual([]);
});

test('a member rents an episode and sees the time left on the series page', async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  const member = await createMember({ tag: 'shop-rent' });
  const product = await biggestProduct(member);
  await chargeOverHttp(member, product);
  await logIn(page, member);
  const { series, episode } = await findPaidEpisode(member, (e) => canRent(e) && e.rentPrice <= totalCoins(product));

  await page.goto(`/detail/${series.id}`);
  await page.locator(`#episode-${episode.id}`).getByTestId('episode-purchase').click();
  const dialog = page.getByTestId('purchase-dialog');
  await dialog.getByTestId('purchase-rent').check();
  await dialog.getByTestId('purchase-confirm').click();
  await page.waitForURL((url) => url.pathname === `/viewer/${episode.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(episode.title);

  await page.goto(`/detail/${series.id}`);
  const row = page.locator(`#episode-${episode.id}`);
  await expect(row).toHaveAttribute('data-state', 'RENTED');
  const left = row.getByTestId('time-left');
  await expect(left).toBeVisible();
  await expect(left).toHaveAttribute('datetime', /T/);
  await screenshot(page, testInfo, 'rented');
  expect(errors).toEqual([]);
});

test('a member without enough coins is sent to the shop and comes back to the episode after charging', async ({
  page,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  const member = await createMember({ tag: 'shop-short' });
  await logIn(page, member);
  const product = await biggestProduct(member);
  const { series, episode } = await findPaidEpisode(
    member,
    (e) => canBuy(e) && e.buyPrice > 0 && e.buyPrice <= totalCoins(product),
  );
  const left = await spendBelow(member, episode.buyPrice, episode.id);

  await page.goto(`/detail/${series.id}`);
  await page.locator(`#episode-${episode.id}`).getByTestId('episode-purchase').click();
  const dialog = page.getByTestId('purchase-dialog');
  await dialog.getByTestId('purchase-buy').check();
  await expect(dialog.getByTestId('purchase-missing')).toBeVisible();
  await expect(dialog.getByTestId('purchase-confirm')).toHaveAttribute('data-action', 'shop');
  await dialog.getByTestId('purchase-confirm').click();

  // The shop knows where to send the member back: the episode's purchase on the series page.
  const back = `/detail/${series.id}?episode=${episode.id}&purchase=1`;
  await page.waitForURL((url) => url.pathname === '/shop' && url.searchParams.get('return') === back);
  await payInSandbox(page, product);
  await screenshot(page, testInfo, 'shop-complete-return');
  const proceed = page.getByTestId('order-continue');
  await expect(proceed).toHaveAttribute('href', back);
  await proceed.click();

  // Back at the episode, its purchase dialog opens by itself with the new balance.
  await page.waitForURL((url) => url.pathname === `/detail/${series.id}`);
  const again = page.getByTestId('purchase-dialog');
  await expect(again).toBeVisible();
  await expect(again.getByTestId('purchase-balance')).toContainText(coinsText(totalCoins(product) + left));
  await again.getByTestId('purchase-buy').check();
  await expect(again.getByTestId('purchase-confirm')).toHaveAttribute('data-action', 'purchase');
  await again.getByTestId('purchase-confirm').click();
  await page.waitForURL((url) => url.pathname === `/viewer/${episode.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(episode.title);
  expect(errors).toEqual([]);
});
