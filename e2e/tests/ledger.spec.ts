import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { biggestProduct, chargeOverHttp, episodeToBuy, totalCoins } from './support/coins';
import { api, createMember, logIn, SIGN_UP_REWARD } from './support/member';
import { collectConsoleErrors, screenshot } from './support/page';

// The transparent ledger on the default brand (issue 12 item 6): a member who got the sign-up
// reward, charged coins through the sandbox provider, registered the demo coupon and bought an
// episode opens /my/coins from the My page, sees every lot and that they add up to the header's
// balance, unfolds the lot that paid for the episode, and downloads the same lots as CSV.
// Texts are translated, so elements are found by role or data-testid, never by their words.

/** The demo seed's shared code of 10 bonus coins for delitoonb-fr (api/src/db/seed/coupons.ts). */
const COINS_CODE = 'COINS10-DELITOONBFR';

/** Coins as the French brand writes them (grouped with a narrow no-break space from 1 000 on). */
const coinsText = (n: number) => new Intl.NumberFormat('fr').format(n);

/** RFC 4180: commas outside quotes split fields, "" inside quotes is one quote, CRLF ends a row. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

test('the transparent ledger page adds up', async ({ page }, testInfo) => {
  const errors = collectConsoleErrors(page);
  const member = await createMember({ tag: 'ledger' });
  const product = await biggestProduct(member);
  await chargeOverHttp(member, product);
  await api('POST', '/coupons', { token: member.accessToken, body: { code: COINS_CODE } });
  const { series, episode } = await episodeToBuy(member, totalCoins(product));
  await api('POST', `/episodes/${episode.id}/purchase`, {
    token: member.accessToken,
    body: { kind: 'POSSESSION', idempotencyKey: `e2e-ledger-${episode.id}-${Date.now()}` },
  });
  const balance = await api<{ total: number; mileage: number }>('GET', '/coin', { token: member.accessToken });
  expect(balance.total).toBe(SIGN_UP_REWARD + totalCoins(product) + 10 - episode.buyPrice);
  await logIn(page, member);

  // From the My page to the ledger.
  await page.goto('/my');
  await page.getByTestId('my-ledger').click();
  await page.waitForURL((url) => url.pathname === '/my/coins');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('header-coins-total')).toHaveText(coinsText(balance.total));

  // The page proves its total: the lots it lists make the header's balance.
  const check = page.getByTestId('ledger-check');
  await expect(check).toHaveAttribute('data-adds', 'true');
  await expect(check).toHaveAttribute('data-total', String(balance.total));
  await expect(check).toHaveAttribute('data-in-lots', String(balance.total));
  await expect(check).toContainText(coinsText(balance.total));
  await expect(page.getByTestId('ledger-sum')).toHaveText(coinsText(balance.total));
  const held = page.getByTestId('ledger-held').getByTestId('ledger-lot');
  const heldCoins = await held.evaluateAll((lots) =>
    lots
      .filter((lot) => lot.getAttribute('data-type') !== 'MILEAGE')
      .reduce((sum, lot) => sum + Number(lot.getAttribute('data-remaining')), 0),
  );
  expect(heldCoins).toBe(balance.total);
  await expect(held.first()).toHaveAttribute('data-status', 'OPEN');
  // A lot per origin: the payment, the coupon, the sign-up reward.
  for (const origin of ['PAYMENT', 'COUPON', 'SIGNUP_REWARD']) {
    await expect(page.locator(`[data-testid="ledger-lot"][data-origin="${origin}"]`).first()).toBeVisible();
  }
  await screenshot(page, testInfo, 'ledger');

  // The lots that paid for the episode say so once unfolded.
  const paying = page
    .getByTestId('ledger-lot')
    .filter({ has: page.locator('[data-testid="ledger-use"][data-kind="EPISODE"]') });
  await expect(paying.first()).toBeVisible();
  const summary = paying.first().locator('summary');
  const use = paying.first().locator('[data-testid="ledger-use"][data-kind="EPISODE"]').first();
  await expect(use).toBeHidden();
  await summary.click();
  await expect(paying.first().getByTestId('ledger-lot-uses')).toHaveAttribute('open', '');
  await expect(use).toBeVisible();
  const link = use.getByTestId('ledger-use-episode');
  await expect(link).toContainText(series.title);
  await expect(link).toContainText(String(episode.number));
  await expect(link).toHaveAttribute('href', `/detail/${series.id}?episode=${episode.id}`);
  const spent = await page
    .locator('[data-testid="ledger-use"][data-kind="EPISODE"]')
    .evaluateAll((uses) => uses.reduce((sum, u) => sum + Number(u.getAttribute('data-amount')), 0));
  expect(spent).toBe(episode.buyPrice);
  await screenshot(page, testInfo, 'ledger-lot-uses', { fullPage: false });

  // The same lots as a CSV file, through the web's proxy with the session cookie.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('ledger-csv').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^coins-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  const [header = [], ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  expect(header.slice(0, 3)).toEqual(['lot_id', 'coin_type', 'source']);
  const col = (row: string[], name: string) => row[header.indexOf(name)] ?? '';
  const openCoins = rows.filter((r) => col(r, 'lot_status') === 'OPEN' && col(r, 'coin_type') !== 'MILEAGE');
  expect(openCoins.reduce((sum, r) => sum + Number(col(r, 'amount')), 0)).toBe(balance.total);
  const bought = rows.find((r) => col(r, 'movement') === 'EPISODE');
  expect(bought && col(bought, 'movement_reference')).toBe(`${series.title} #${episode.number}`);
  expect(bought && col(bought, 'purchase')).toBe('POSSESSION');
  expect(rows.filter((r) => col(r, 'movement') === 'CREDIT').map((r) => col(r, 'origin'))).toEqual(
    expect.arrayContaining(['PAYMENT', 'COUPON', 'SIGNUP_REWARD']),
  );

  expect(errors).toEqual([]);
});

test('a visitor is sent to log in before the ledger, and a new member sees the links to it', async ({
  page,
}, testInfo) => {
  await page.goto('/my/coins');
  await page.waitForURL((url) => url.pathname === '/user/login');
  expect(new URL(page.url()).searchParams.get('callback')).toBe('/my/coins');

  const member = await createMember({ tag: 'ledger-new' });
  await logIn(page, member);
  await page.goto('/history/charge');
  await page.getByTestId('history-ledger').click();
  await page.waitForURL((url) => url.pathname === '/my/coins');
  // Only the sign-up reward: one lot, open, making the whole balance.
  const lots = page.getByTestId('ledger-lot');
  await expect(lots).toHaveCount(1);
  await expect(lots.first()).toHaveAttribute('data-origin', 'SIGNUP_REWARD');
  await expect(lots.first()).toHaveAttribute('data-remaining', String(SIGN_UP_REWARD));
  await expect(lots.first().getByTestId('ledger-lot-uses')).toHaveCount(0);
  await expect(page.getByTestId('ledger-check')).toHaveAttribute('data-adds', 'true');
  await screenshot(page, testInfo, 'ledger-new-member');
});
