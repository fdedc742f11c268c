import { type Browser, expect, type Page, test } from '@playwright/test';
import { api, createMember, logIn, type Member, SIGN_UP_REWARD } from './support/member';

// Issue 10: pages and answers are cached for visitors and shared per audience in the api, so
// nothing one member has (a favourite, an owned episode, their coins) may reach another member's
// or a visitor's page. Two members and a visitor open the same pages in turn, in their own browsers.

interface Episode {
  id: number;
  access: { state: string };
  buyPrice: number;
  saleType: string;
}
interface Series {
  id: number;
  isAdult: boolean;
  episodes: Episode[];
}
interface Product {
  id: number;
  coins: number;
  bonusCoins: number;
  freeCoins: number;
  firstPurchaseOnly: boolean;
  soldOut: boolean;
}

async function browserOf(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

/** A member who holds coins, a favourite series and an episode bought in it. */
async function memberWithThings(): Promise<{ member: Member; series: Series; owned: Episode; coins: number }> {
  const member = await createMember({ tag: 'privacy' });
  const token = member.accessToken;
  const shop = await api<{ products: Product[] }>('GET', '/shop/products?channel=WEB', { token });
  const product = shop.products.find((p) => !p.firstPurchaseOnly && !p.soldOut && p.coins >= 30);
  if (!product) throw new Error('no coin product of 30 coins or more');
  const order = await api<{ id: number }>('POST', '/shop/orders', {
    token,
    body: {
      productId: product.id,
      paymentMethod: 'SANDBOX',
      agreements: ['TERMS', 'NO_WITHDRAWAL_RIGHT'],
      idempotencyKey: `privacy-${member.userId}-order`,
    },
  });
  await api('POST', `/shop/orders/${order.id}/sandbox`, { token, body: { outcome: 'SUCCESS' } });

  const ranking = await api<{ items: { id: number; isAdult: boolean }[] }>('GET', '/contents/home/RANKING');
  for (const card of ranking.items.filter((c) => !c.isAdult)) {
    const series = await api<Series>('GET', `/contents/${card.id}`, { token });
    const owned = series.episodes.find((e) => e.access.state === 'PAID' && e.saleType !== 'RENT_ONLY');
    if (!owned) continue;
    await api('POST', `/episodes/${owned.id}/purchase`, {
      token,
      body: { kind: 'POSSESSION', idempotencyKey: `privacy-${member.userId}-buy` },
    });
    await api('PUT', `/favorites/${series.id}`, { token });
    const { total } = await api<{ total: number }>('GET', '/coin', { token });
    return { member, series, owned, coins: total };
  }
  throw new Error('no seeded series has a paid episode to buy');
}

test('no member’s favourite, episodes or coins reach another member’s or a visitor’s page', async ({
  browser,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  const a = await memberWithThings();
  const b = await createMember({ tag: 'privacy-other' });
  const [pageA, pageB, visitor] = await Promise.all([
    browserOf(browser, baseURL),
    browserOf(browser, baseURL),
    browserOf(browser, baseURL),
  ]);
  await logIn(pageA, a.member);
  await logIn(pageB, b);
  const detail = `/detail/${a.series.id}`;
  const ownedRow = (page: Page) => page.locator(`#episode-${a.owned.id}`);

  // In turn, so each page can be served from what the one before left in a cache.
  for (const round of [1, 2]) {
    await visitor.goto(detail);
    await expect(ownedRow(visitor), `visitor, round ${round}`).toHaveAttribute('data-state', 'PAID');
    await expect(visitor.getByTestId('favorite-login')).toBeVisible();
    await expect(visitor.getByTestId('header-coins')).toHaveCount(0);

    await pageA.goto(detail);
    await expect(ownedRow(pageA), `A, round ${round}`).toHaveAttribute('data-state', 'OWNED');
    await expect(pageA.getByTestId('favorite-toggle')).toHaveAttribute('aria-pressed', 'true');
    await expect(pageA.getByTestId('header-coins-total')).toHaveText(String(a.coins));

    await pageB.goto(detail);
    await expect(ownedRow(pageB), `B, round ${round}`).toHaveAttribute('data-state', 'PAID');
    await expect(pageB.getByTestId('favorite-toggle')).toHaveAttribute('aria-pressed', 'false');
    await expect(pageB.getByTestId('header-coins-total')).toHaveText(String(SIGN_UP_REWARD));
  }

  // A's library and history pages are A's: B sees an empty library and no coins moved.
  await pageB.goto('/library/my');
  await expect(pageB.locator(`[href="/detail/${a.series.id}"]`)).toHaveCount(0);
  await pageB.goto('/history/use');
  await expect(pageB.getByTestId('history-entry')).toHaveCount(0);
  await pageA.goto('/history/use');
  await expect(pageA.getByTestId('history-entry').first()).toBeVisible();
});
