import { randomUUID } from 'node:crypto';
import type { CoinProduct, HistoryEntry } from '@balcony/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  coinLots,
  coinProducts,
  episodePurchases,
  episodes,
  ledgerTransfers,
  lotAllocations,
  orders,
} from '../src/db/schema.js';
import { seedCoinProducts } from '../src/db/seed/coin-products.js';
import * as purchasesRepo from '../src/modules/purchases/repo.js';
import * as walletRepo from '../src/modules/wallet/repo.js';
import { spendingOrder } from '../src/modules/wallet/rules.js';
import * as wallet from '../src/modules/wallet/service.js';
import { createMember, createSeries } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';
import { callsOf } from './support/calls.js';
import { DAY } from './support/clock.js';
import { serviceContext } from './support/context.js';
import { giveCoins } from './support/purchase-book.js';

// The coin wallet, the shop with the sandbox provider, renting and buying episodes, histories and
// refunds, through the API as the web calls it (issue 11). Every test ends with the ledger check.

let t: TestApp;
let story: Awaited<ReturnType<typeof createSeries>>;
beforeAll(async () => {
  t = await createTestApp({ webOrigins: ['http://localhost:3000', 'https://bom.example:8443'] });
  await seedCoinProducts(t.database.db);
  story = await createSeries(t.database.db, { title: 'Coin Harbour', episodes: { count: 6, free: 1 } });
});
afterAll(() => t.close());
afterEach(async () => {
  const problems = await wallet.checkLedger(t.database.db);
  expect(problems).toEqual({ unbalanced: [], accounts: [], lots: [], members: [] });
});

type Member = Awaited<ReturnType<typeof createMember>>;
const newMember = (spec: Parameters<typeof createMember>[2] = {}) => createMember(t.database.db, t.config.auth, spec);

const { api, data, code, charge } = callsOf(() => t);

const AGREED = ['TERMS', 'NO_WITHDRAWAL_RIGHT'];
async function products(who?: Member): Promise<CoinProduct[]> {
  return (await data(api('GET', '/shop/products', who))).products;
}
async function productWith(who: Member, coins: number, first = false): Promise<CoinProduct> {
  const p = (await products(who)).find((x) => x.coins === coins && x.firstPurchaseOnly === first);
  if (!p) throw new Error(`no product of ${coins} coins`);
  return p;
}
const order = (who: Member, productId: number, extra: object = {}) =>
  api('POST', '/shop/orders', who, {
    productId,
    paymentMethod: 'SANDBOX',
    agreements: AGREED,
    idempotencyKey: randomUUID(),
    ...extra,
  });
/** Charges a product through the sandbox checkout: the order, then its success button. */
const balance = (who: Member) => data(api('GET', '/coin', who));
const purchase = (who: Member, episodeId: number, kind: 'RENT' | 'POSSESSION', idempotencyKey = randomUUID()) =>
  api('POST', `/episodes/${episodeId}/purchase`, who, { kind, idempotencyKey });
const paid = (i: number) => {
  const e = story.episodes[i];
  if (!e || e.isFree) throw new Error(`episode ${i} is not a paid one`);
  return e;
};

describe('the shop', () => {
  it('lists the brand’s products in its currency, the first-purchase offer only before a first charge', async () => {
    const visitorList = await products();
    expect(visitorList.length).toBeGreaterThan(3);
    expect(visitorList.every((p) => p.currency === 'EUR')).toBe(true);
    const first = visitorList.find((p) => p.firstPurchaseOnly);
    expect(first).toMatchObject({ salePrice: expect.any(Number), marks: expect.arrayContaining(['FIRST_PURCHASE']) });
    expect(first?.salePrice).toBeLessThan(first?.price ?? 0);
    expect((await data(api('GET', '/shop/products', undefined, undefined, 'beltoon-jp'))).currency).toBe('JPY');

    const m = await newMember();
    expect((await products(m)).some((p) => p.firstPurchaseOnly)).toBe(true);
    await charge(m, 12);
    expect((await products(m)).some((p) => p.firstPurchaseOnly)).toBe(false);
    expect(await code(order(m, first?.id ?? 0))).toBe('LIMITED_COIN_PRODUCT_USER');
  });

  it('refuses an order without every agreement, an unknown method, product or another brand’s product', async () => {
    const m = await newMember();
    const p = await productWith(m, 30);
    expect(await code(order(m, p.id, { agreements: ['TERMS'] }))).toBe('REQUIRED_AGREEMENT');
    expect(await code(order(m, p.id, { paymentMethod: 'STRIPE' }))).toBe('NOT_FOUND_PAYMENT_METHOD');
    expect(await code(order(m, 2_000_000_000))).toBe('NOT_FOUND_COIN_PRODUCT');
    const elsewhere = (await data(api('GET', '/shop/products', undefined, undefined, 'bom-tw'))).products[0];
    expect(await code(order(m, elsewhere.id))).toBe('NOT_FOUND_COIN_PRODUCT');
    const body = { productId: p.id, paymentMethod: 'SANDBOX', agreements: AGREED, idempotencyKey: randomUUID() };
    expect(await code(api('POST', '/shop/orders', undefined, body))).toBe('NOT_LOGIN_USER');
  });

  it('charges once for a paid sandbox checkout, however often it is confirmed, and counts the purchases', async () => {
    const m = await newMember();
    const p = await productWith(m, 30);
    const key = randomUUID();
    const created = await data(order(m, p.id, { idempotencyKey: key, returnPath: '/viewer/5' }));
    expect(created).toMatchObject({ status: 'UNPAID', amount: p.price, returnPath: '/viewer/5' });
    expect(created.checkoutUrl).toBe(`http://localhost:3000/shop/checkout/${created.id}`);
    expect((await data(order(m, p.id, { idempotencyKey: key }))).id).toBe(created.id);

    const confirm = () => api('POST', `/shop/orders/${created.id}/sandbox`, m, { outcome: 'SUCCESS' });
    const [a, b] = await Promise.all([data(confirm()), data(confirm())]);
    expect(a.status).toBe('PAID');
    expect(b.status).toBe('PAID');
    expect(a.purchaseCount).toBe(1);
    expect(await balance(m)).toMatchObject({ coin: 30, bonus: 5, freeCoin: 0, total: 35 });
    expect(await code(api('POST', `/shop/orders/${created.id}/sandbox`, m, { outcome: 'CANCEL' }))).toBe(
      'ALREADY_PAID',
    );

    expect((await charge(m, 12)).purchaseCount).toBe(2);
    expect((await balance(m)).coin).toBe(42);
  });

  it('keeps an order to its member, and a cancelled checkout charges nothing', async () => {
    const m = await newMember();
    const other = await newMember();
    const created = await data(order(m, (await productWith(m, 12)).id));
    expect(await code(api('GET', `/shop/orders/${created.id}`, other))).toBe('NOT_EXIST');
    expect(await code(api('POST', `/shop/orders/${created.id}/sandbox`, other, { outcome: 'SUCCESS' }))).toBe(
      'NOT_EXIST',
    );
    expect((await data(api('POST', `/shop/orders/${created.id}/sandbox`, m, { outcome: 'CANCEL' }))).status).toBe(
      'CANCELLED',
    );
    expect((await balance(m)).total).toBe(0);
  });

  it('opens the sandbox checkout on the reader’s web origin when it is one of the web’s, else on the first', async () => {
    const m = await newMember();
    const p = await productWith(m, 12);
    const key = randomUUID();
    const created = await data(order(m, p.id, { idempotencyKey: key, webOrigin: 'https://bom.example:8443' }));
    expect(created.checkoutUrl).toBe(`https://bom.example:8443/shop/checkout/${created.id}`);
    // The same key answers the same order, on the origin this request gives.
    expect((await data(order(m, p.id, { idempotencyKey: key, webOrigin: 'http://localhost:3000' }))).checkoutUrl).toBe(
      `http://localhost:3000/shop/checkout/${created.id}`,
    );
    // Without a webOrigin in the body, the browser's Origin header (a call straight to the api).
    const byHeader = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shop/orders',
      headers: { ...brandHeaders(), ...m.headers, origin: 'https://bom.example:8443' },
      payload: { productId: p.id, paymentMethod: 'SANDBOX', agreements: AGREED, idempotencyKey: randomUUID() },
    });
    expect(byHeader.json().data.checkoutUrl).toMatch(/^https:\/\/bom\.example:8443\/shop\/checkout\/\d+$/);

    for (const forged of [
      'https://evil.example',
      'javascript:alert(document.cookie)',
      'https://bom.example:8443@evil.example',
      'https://bom.example:9999',
      'http://bom.example:8443',
      'https://bom.example:8443/elsewhere',
    ]) {
      const refused = await data(order(m, p.id, { webOrigin: forged }));
      expect(refused.checkoutUrl, forged).toBe(`http://localhost:3000/shop/checkout/${refused.id}`);
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/v1/shop/orders/${refused.id}`,
        headers: { ...brandHeaders(), ...m.headers, origin: forged },
      });
      expect(read.json().data.checkoutUrl, forged).toBe(`http://localhost:3000/shop/checkout/${refused.id}`);
    }
  });

  it('fails a payment whose product sold out or reached the member’s limit since the order, and credits nothing', async () => {
    const m = await newMember();
    const launch = await productWith(m, 50);
    const soldOut = await data(order(m, launch.id));
    await t.database.db.update(coinProducts).set({ soldCount: 1000 }).where(eq(coinProducts.id, launch.id));
    expect(await code(api('POST', `/shop/orders/${soldOut.id}/sandbox`, m, { outcome: 'SUCCESS' }))).toBe(
      'LIMITED_COIN_PRODUCT',
    );
    await t.database.db.update(coinProducts).set({ soldCount: 0 }).where(eq(coinProducts.id, launch.id));
    expect((await data(api('GET', `/shop/orders/${soldOut.id}`, m))).status).toBe('FAILED');

    // Two orders of the first-purchase offer, both made before any charge: only the first is paid.
    const first = await productWith(m, (await products(m)).find((p) => p.firstPurchaseOnly)?.coins ?? 0, true);
    const [a, b] = [await data(order(m, first.id)), await data(order(m, first.id))];
    expect((await data(api('POST', `/shop/orders/${a.id}/sandbox`, m, { outcome: 'SUCCESS' }))).status).toBe('PAID');
    expect(await code(api('POST', `/shop/orders/${b.id}/sandbox`, m, { outcome: 'SUCCESS' }))).toBe(
      'LIMITED_COIN_PRODUCT_USER',
    );
    expect((await balance(m)).total).toBe(first.coins + first.bonusCoins + first.freeCoins);
  });

  it('stops selling a product whose stock is gone', async () => {
    const m = await newMember();
    const launch = await productWith(m, 50);
    await t.database.db.update(coinProducts).set({ soldCount: 1000 }).where(eq(coinProducts.id, launch.id));
    expect((await products(m)).find((p) => p.id === launch.id)?.soldOut).toBe(true);
    expect(await code(order(m, launch.id))).toBe('LIMITED_COIN_PRODUCT');
    await t.database.db.update(coinProducts).set({ soldCount: 0 }).where(eq(coinProducts.id, launch.id));
  });
});

describe('renting and buying episodes', () => {
  it('sends a member without coins to the shop', async () => {
    const m = await newMember();
    const res = await purchase(m, paid(2).id, 'RENT');
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('COIN_INSUFFICIENT');
  });

  it('rents for 72 hours, then buys, and answers the purchase codes', async () => {
    const m = await newMember();
    await charge(m, 12);
    const episode = paid(1);
    const rented = await data(purchase(m, episode.id, 'RENT'));
    expect(rented).toMatchObject({ kind: 'RENT', episodeIds: [episode.id], price: 2 });
    expect(new Date(rented.expiresAt).getTime() - Date.now()).toBeGreaterThan(71.9 * 3600_000);
    expect(rented.balance.total).toBe(11);
    expect((await api('GET', `/episodes/${episode.id}/viewer`, m)).statusCode).toBe(200);
    const detail = await data(api('GET', `/contents/${story.id}`, m));
    expect(detail.episodes.find((e: { id: number }) => e.id === episode.id).access.state).toBe('RENTED');

    expect(await code(purchase(m, episode.id, 'RENT'))).toBe('RENT_PURCHASE_IMPOSSIBLE');
    expect((await data(purchase(m, episode.id, 'POSSESSION'))).balance.total).toBe(7);
    expect(await code(purchase(m, episode.id, 'POSSESSION'))).toBe('EXIST_LIBRARY');
    expect(await code(purchase(m, episode.id, 'RENT'))).toBe('EXIST_LIBRARY');
    expect(await code(purchase(m, story.episodes[0]?.id ?? 0, 'POSSESSION'))).toBe('POSSESSION_PURCHASE_IMPOSSIBLE');
    expect(await code(purchase(m, 2_000_000_000, 'RENT'))).toBe('NOT_FOUND_EPISODE');

    await t.database.db
      .update(episodes)
      .set({ saleType: 'POSSESSION_ONLY' })
      .where(eq(episodes.id, paid(3).id));
    await t.database.db
      .update(episodes)
      .set({ saleType: 'RENT_ONLY' })
      .where(eq(episodes.id, paid(4).id));
    expect(await code(purchase(m, paid(3).id, 'RENT'))).toBe('UN_MATCHED_RENT_SALE_TYPE');
    expect(await code(purchase(m, paid(4).id, 'POSSESSION'))).toBe('UN_MATCHED_POSSESSION_SALE_TYPE');
    await t.database.db
      .update(episodes)
      .set({ saleType: 'BOTH' })
      .where(eq(episodes.id, paid(3).id));
    await t.database.db
      .update(episodes)
      .set({ saleType: 'BOTH' })
      .where(eq(episodes.id, paid(4).id));
    expect((await balance(m)).total).toBe(7);
  });

  it('refuses an adult series to a minor with ADULT_ONLY_CONTENTS', async () => {
    const adult = await createSeries(t.database.db, { isAdult: true, episodes: { count: 2, free: 0 } });
    const m = await newMember();
    await charge(m, 12);
    expect(await code(purchase(m, adult.episodes[0]?.id ?? 0, 'RENT'))).toBe('ADULT_ONLY_CONTENTS');
  });

  it('applies one key once: the same answer every time and one charge', async () => {
    const m = await newMember();
    await charge(m, 12);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => data(purchase(m, paid(2).id, 'POSSESSION', key))),
    );
    expect(new Set(answers.map((a) => a.purchaseId)).size).toBe(1);
    expect((await balance(m)).total).toBe(9);
  });

  it('spends bonus coins before paid coins, and answers the balance GET /coin then gives', async () => {
    const m = await newMember();
    await charge(m, 30); // 30 coins and 5 bonus
    const first = await data(purchase(m, paid(1).id, 'POSSESSION'));
    expect(await balance(m)).toMatchObject({ coin: 30, bonus: 1 });
    expect(first.balance).toEqual(await balance(m));
    const second = await data(purchase(m, paid(2).id, 'POSSESSION'));
    expect(await balance(m)).toMatchObject({ coin: 27, bonus: 0 });
    expect(second.balance).toEqual(await balance(m));
  });

  it('charges the price the series page lists, brand discount included', async () => {
    const sale = await createSeries(t.database.db, { discountPercent: 30, episodes: { count: 3, free: 0 } });
    const m = await newMember();
    await charge(m, 12);
    const listed = (await data(api('GET', `/contents/${sale.id}`, m))).episodes as {
      id: number;
      rentPrice: number;
      buyPrice: number;
    }[];
    const [e1, e2] = listed;
    if (!e1 || !e2) throw new Error('no episodes listed');
    expect((await data(purchase(m, e1.id, 'RENT'))).price).toBe(e1.rentPrice);
    expect((await data(purchase(m, e2.id, 'POSSESSION'))).price).toBe(e2.buyPrice);
    expect([e1.rentPrice, e2.buyPrice]).toEqual([2, 3]);
  });

  it('answers the catalog’s codes for an episode the caller cannot see', async () => {
    const m = await newMember();
    const scheduled = await createSeries(t.database.db, { episodes: { count: 1, free: 0, scheduled: 1 } });
    expect(await code(purchase(m, scheduled.episodes[1]?.id ?? 0, 'RENT'))).toBe('NOT_FOUND_EPISODE');
    const elsewhere = await createSeries(t.database.db, { brands: ['bom-tw'], episodes: { count: 1, free: 0 } });
    expect(await code(purchase(m, elsewhere.episodes[0]?.id ?? 0, 'RENT'))).toBe('INVALID_CONTENTS');
    // BL on a general brand, for a member who turned it off and for one who did not.
    const bl = await createSeries(t.database.db, {
      brands: ['delitoon-fr'],
      isBl: true,
      episodes: { count: 1, free: 0 },
    });
    const rentBl = async (isBlToggle: boolean) =>
      code(
        api(
          'POST',
          `/episodes/${bl.episodes[0]?.id ?? 0}/purchase`,
          await newMember({ brandId: 'delitoon-fr', isBlToggle }),
          { kind: 'RENT', idempotencyKey: randomUUID() },
          'delitoon-fr',
        ),
      );
    expect(await rentBl(false)).toBe('INVALID_CONTENTS');
    expect(await rentBl(true)).toBe('COIN_INSUFFICIENT');
  });

  it('buys every remaining episode at the quoted price', async () => {
    const m = await newMember();
    await charge(m, 30);
    await data(purchase(m, paid(1).id, 'POSSESSION'));
    const quote = await data(api('GET', `/contents/${story.id}/purchase-all?kind=POSSESSION`, m));
    expect(quote.episodeIds).toEqual(story.episodes.slice(2).map((e) => e.id));
    expect(quote.price).toBe(16);
    const bought = await data(
      api('POST', `/contents/${story.id}/purchase-all`, m, { kind: 'POSSESSION', idempotencyKey: randomUUID() }),
    );
    expect(bought).toMatchObject({ kind: 'ALL_POSSESSION', price: 16 });
    expect(bought.balance.total).toBe(35 - 4 - 16);
    const detail = await data(api('GET', `/contents/${story.id}`, m));
    expect(detail.episodes.filter((e: { access: { state: string } }) => e.access.state === 'OWNED')).toHaveLength(5);
    expect(
      await code(api('POST', `/contents/${story.id}/purchase-all`, m, { kind: 'RENT', idempotencyKey: randomUUID() })),
    ).toBe('EXIST_LIBRARY');
  });
});

describe('histories and refunds', () => {
  const sum = (items: HistoryEntry[]) => items.reduce((s, i) => s + i.amount, 0);

  it('list where coins came from and went, and add up to the balance', async () => {
    const m = await newMember();
    await charge(m, 30);
    await data(purchase(m, paid(1).id, 'RENT'));
    const charges = await data(api('GET', '/coin/history/charge', m));
    expect(charges.windowDays).toBe(90);
    expect(charges.items).toHaveLength(2);
    const bonus = charges.items.find((i: HistoryEntry) => i.coinType === 'BONUS');
    expect(bonus).toMatchObject({ type: 'CHARGE', title: 'CHARGE_COIN', source: 'PAYMENT', amount: 5 });
    expect(bonus.expiresAt).not.toBeNull();
    expect(bonus.reference).toMatchObject({ kind: 'PRODUCT', name: expect.stringContaining('30') });
    const uses = await data(api('GET', '/coin/history/use', m));
    expect(uses.items[0]).toMatchObject({
      type: 'USE',
      title: 'PURCHASE_EPISODE',
      amount: -2,
      reference: {
        kind: 'EPISODE',
        seriesTitle: 'Coin Harbour',
        episodeId: paid(1).id,
        episodeNumber: 2,
        purchase: 'RENT',
      },
    });
    expect(sum(charges.items) + sum(uses.items)).toBe((await balance(m)).total);
    expect((await data(api('GET', '/coin/history/mileage', m))).windowDays).toBe(180);
    expect(await code(api('GET', '/coin/history/gifts', m))).toBe('INVALID_PARAMETER');
    expect(await code(api('GET', '/coin/history/charge'))).toBe('NOT_LOGIN_USER');
  });

  it('refund an untouched charge within 7 days, never after or once coins were used', async () => {
    const m = await newMember();
    const untouched = await charge(m, 12);
    expect(untouched.refundableUntil).not.toBeNull();
    const refunded = await data(api('POST', `/shop/orders/${untouched.id}/refund`, m));
    expect(refunded.status).toBe('REFUNDED');
    expect((await balance(m)).total).toBe(0);
    const cancels = (await data(api('GET', '/coin/history/charge', m))).items.filter(
      (i: HistoryEntry) => i.type === 'CANCEL',
    );
    expect(cancels.map((i: HistoryEntry) => [i.title, i.amount])).toEqual(
      expect.arrayContaining([['CANCEL_CHARGE_COIN', -12]]),
    );

    const spent = await charge(m, 30);
    await data(purchase(m, paid(1).id, 'POSSESSION'));
    expect(await code(api('POST', `/shop/orders/${spent.id}/refund`, m))).toBe('NOT_REFUNDABLE');

    const late = await charge(m, 5);
    // Paid 7 days and a minute ago.
    await t.database.db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 7 * DAY - 60_000) })
      .where(eq(orders.id, late.id));
    expect(await code(api('POST', `/shop/orders/${late.id}/refund`, m))).toBe('NOT_REFUNDABLE');
  });

  it('expires bonus coins at their end, with an EXPIRE entry', async () => {
    const m = await newMember();
    await charge(m, 30);
    await t.database.db
      .update(coinLots)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(coinLots.ledger, 'BONUS'));
    expect(await balance(m)).toMatchObject({ coin: 30, bonus: 0 });
    expect(await wallet.expireDue(t.database.db, new Date())).toBeGreaterThan(0);
    const uses = (await data(api('GET', '/coin/history/use', m))).items;
    expect(uses).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'EXPIRE', coinType: 'BONUS', amount: -5 })]),
    );
    expect(await wallet.expireDue(t.database.db, new Date())).toBe(0);
  });

  it('pays lot by lot in the spending order of the wallet’s rules, writing off expired lots on the way', async () => {
    const m = await newMember();
    const ctx = serviceContext(t);
    const days = (n: number) => new Date(Date.now() + n * DAY);
    await giveCoins(ctx, m.id, 3);
    await giveCoins(ctx, m.id, 2, { ledger: 'BONUS', expiresAt: days(20) });
    await giveCoins(ctx, m.id, 3, { ledger: 'FREE_COIN', expiresAt: days(3) });
    await giveCoins(ctx, m.id, 3);
    await giveCoins(ctx, m.id, 500, { ledger: 'MILEAGE', expiresAt: days(100) });
    await giveCoins(ctx, m.id, 1, { ledger: 'BONUS', expiresAt: null });
    await giveCoins(ctx, m.id, 5, { ledger: 'BONUS', expiresAt: days(1) });
    // Expired since it was given: never spent, written off by the first purchase.
    await t.database.db
      .update(coinLots)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(coinLots.userId, m.id), eq(coinLots.ledger, 'BONUS'), eq(coinLots.amount, 5)));

    const takenBy = async (purchaseId: number) =>
      t.database.db
        .select({ lotId: lotAllocations.lotId, amount: lotAllocations.amount })
        .from(lotAllocations)
        .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, lotAllocations.transferId))
        .where(eq(ledgerTransfers.purchaseId, purchaseId));

    // Three episodes at 4 coins: 12 of the 12 spendable coins, lot after lot.
    for (const i of [1, 2, 3]) {
      const before = await walletRepo.openLots(t.database.db, m.id);
      const order = spendingOrder(before, new Date());
      const bought = await data(purchase(m, paid(i).id, 'POSSESSION'));
      const taken = await takenBy(bought.purchaseId);
      // The lots taken are the first ones of the order, each emptied but the last.
      const rank = (lotId: number) => order.findIndex((l) => l.id === lotId);
      const inOrder = [...taken].sort((a, b) => rank(a.lotId) - rank(b.lotId));
      expect(inOrder.map((x) => x.lotId)).toEqual(order.slice(0, taken.length).map((l) => l.id));
      expect(inOrder.slice(0, -1).map((x) => x.amount)).toEqual(
        order.slice(0, taken.length - 1).map((l) => l.remaining),
      );
      expect(taken.reduce((sum, x) => sum + x.amount, 0)).toBe(4);
    }
    expect(await balance(m)).toMatchObject({ coin: 0, bonus: 0, freeCoin: 0, mileage: 500 });
    const uses = (await data(api('GET', '/coin/history/use', m))).items;
    expect(uses.filter((u: HistoryEntry) => u.type === 'EXPIRE')).toEqual([
      expect.objectContaining({ coinType: 'BONUS', amount: -5 }),
    ]);
    expect(await code(purchase(m, paid(4).id, 'RENT'))).toBe('COIN_INSUFFICIENT');
  });
});

describe('purchases of one turn (decision 0297)', () => {
  const ctx = () => serviceContext(t);
  /** A purchase of one paid episode at 4 coins, as the service hands it to the purchase statement. */
  async function write(m: Member, i: number, over: Partial<purchasesRepo.PurchaseWrite> = {}) {
    return {
      userId: m.id,
      brandId: 'delitoonb-fr',
      seriesId: story.id,
      kind: 'POSSESSION' as const,
      episodeIds: [paid(i).id],
      price: 4,
      expiresAt: null,
      key: randomUUID(),
      now: new Date(),
      decidedOn: null,
      operatorAccounts: await wallet.paymentAccounts(ctx(), m.id),
      ...over,
    };
  }
  /** The transaction that wrote each purchase. */
  const writers = async (ids: number[]) =>
    (
      await t.database.db
        .select({ xmin: sql<string>`${episodePurchases}.xmin::text` })
        .from(episodePurchases)
        .where(inArray(episodePurchases.id, ids))
    ).map((r) => r.xmin);
  const made = (o: purchasesRepo.PurchaseOutcome) => {
    if (o.outcome !== 'MADE') throw new Error(`expected MADE, got ${o.outcome}`);
    return o;
  };

  it('are written in one commit, each member’s in order, and a member who can pay once pays once', async () => {
    const [a, b] = [await newMember(), await newMember()];
    await giveCoins(ctx(), a.id, 4);
    await giveCoins(ctx(), b.id, 8);
    const writes = [await write(a, 1), await write(b, 1), await write(a, 2), await write(b, 2)];
    const outcomes = await Promise.all(writes.map((w) => purchasesRepo.purchaseEpisodes(t.database.db, w)));
    expect(outcomes.map((o) => o.outcome)).toEqual(['MADE', 'MADE', 'COIN_INSUFFICIENT', 'MADE']);
    const ids = [outcomes[0], outcomes[1], outcomes[3]].map(
      (o) => made(o as purchasesRepo.PurchaseOutcome).purchase.id,
    );
    expect(new Set(await writers(ids)).size).toBe(1);
    expect(await balance(a)).toMatchObject({ coin: 0 });
    expect(await balance(b)).toMatchObject({ coin: 0 });
    // The balance each answer carries is its member's after their own purchase.
    expect(made(outcomes[3] as purchasesRepo.PurchaseOutcome).lots).toEqual([]);
  });

  it('a purchase the database refuses fails alone: the others of its turn are written', async () => {
    const [a, b] = [await newMember(), await newMember()];
    await giveCoins(ctx(), a.id, 4);
    await giveCoins(ctx(), b.id, 4);
    const key = randomUUID();
    const [good, bad] = await Promise.allSettled([
      purchasesRepo.purchaseEpisodes(t.database.db, await write(a, 3, { key })),
      // A series that does not exist: its purchase row breaks a foreign key, and the batch rolls back.
      purchasesRepo.purchaseEpisodes(t.database.db, await write(b, 3, { seriesId: 2 ** 31 - 1 })),
    ]);
    expect(good.status === 'fulfilled' && good.value.outcome).toBe('MADE');
    expect(bad.status).toBe('rejected');
    expect(await balance(a)).toMatchObject({ coin: 0 });
    expect(await balance(b)).toMatchObject({ coin: 4 });
    // Sent again with its key, the written purchase is found, not made twice.
    const again = await purchasesRepo.purchaseEpisodes(t.database.db, await write(a, 3, { key }));
    expect(again.outcome).toBe('EARLIER');
  });
});
