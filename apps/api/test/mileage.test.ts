import { randomUUID } from 'node:crypto';
import type { HistoryEntry } from '@balcony/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { coinLots, ledgerTransfers } from '../src/db/schema.js';
import { seedCoinProducts } from '../src/db/seed/coin-products.js';
import * as wallet from '../src/modules/wallet/service.js';
import { createMember } from './factories.js';
import { createTestApp, type TestApp } from './helper.js';
import { callsOf } from './support/calls.js';
import { DAY } from './support/clock.js';
import { serviceContext } from './support/context.js';
import { giveCoins, LEDGER_CLEAN } from './support/purchase-book.js';

// Points (issue 12 item 2): earned on paid charges by the brand's rule (5 % back: 1 point per
// paid coin at 20 points per coin, valid 180 days), taken back by a refund, exchanged from 3000
// in units of 100 into bonus coins valid 30 days, and listed in /history/mileage. Runs on PGlite
// and, with TEST_DATABASE_URL, on PostgreSQL; the ledger check passes after every test.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCoinProducts(t.database.db);
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await wallet.checkLedger(t.database.db)).toEqual(LEDGER_CLEAN);
});

type Member = Awaited<ReturnType<typeof createMember>>;
const newMember = () => createMember(t.database.db, t.config.auth);

const { api, data, failure, charge } = callsOf(() => t);

/** Charges the member's product of `coins` paid coins through the sandbox checkout. */
/** Points given as an admin would, never expiring unless `expiresAt` says. */
const givePoints = (who: Member, amount: number, expiresAt: Date | null = null) =>
  giveCoins(serviceContext(t), who.id, amount, { ledger: 'MILEAGE', expiresAt });
const balance = (who: Member) => data(api('GET', '/coin', who));
const history = async (who: Member, kind: 'charge' | 'mileage'): Promise<HistoryEntry[]> =>
  (await data(api('GET', `/coin/history/${kind}`, who))).items;
const exchange = (who: Member, points: number, key: string = randomUUID()) =>
  api('POST', '/coin/mileage/exchange', who, { points, key });
const info = (who: Member, points?: number) =>
  data(api('GET', `/coin/mileage/exchange${points === undefined ? '' : `?points=${points}`}`, who));
/** Milliseconds from now to an ISO date. */
const fromNow = (iso: string | null) => Date.parse(iso ?? '') - Date.now();

describe('points earned on paid charges', () => {
  it('a paid charge earns 1 point per paid coin, valid 180 days, once however often it is confirmed', async () => {
    const m = await newMember();
    const paid = await charge(m, 140);
    // The sandbox's answer confirmed again changes nothing.
    await data(api('POST', `/shop/orders/${paid.id}/sandbox`, m, { outcome: 'SUCCESS' }));
    expect(await balance(m)).toMatchObject({ coin: 140, bonus: 40, mileage: 140, total: 180 });

    const [earned, ...rest] = await history(m, 'mileage');
    expect(rest).toEqual([]);
    expect(earned).toMatchObject({
      type: 'CHARGE',
      title: 'CHARGE_MILEAGE',
      coinType: 'MILEAGE',
      source: 'PAYMENT',
      amount: 140,
      reference: { kind: 'PRODUCT', orderId: paid.id },
    });
    expect(fromNow(earned?.expiresAt ?? null)).toBeGreaterThan(180 * DAY - 60_000);
    expect(fromNow(earned?.expiresAt ?? null)).toBeLessThanOrEqual(180 * DAY);
    // The coin histories do not list points.
    expect((await history(m, 'charge')).map((e) => e.coinType).sort()).toEqual(['BONUS', 'COIN']);
  });

  it('earns on the paid coins only, not on a product’s bonus and free coins', async () => {
    const m = await newMember();
    await charge(m, 65); // 65 paid, 15 bonus, 5 free
    await charge(m, 12); // 12 paid, 1 bonus
    expect((await balance(m)).mileage).toBe(65 + 12);
    expect((await history(m, 'mileage')).map((e) => e.amount)).toEqual([12, 65]);
  });

  it('a refund takes the points back with CANCEL_CHARGE_MILEAGE', async () => {
    const m = await newMember();
    const paid = await charge(m, 30);
    expect((await balance(m)).mileage).toBe(30);
    expect((await data(api('POST', `/shop/orders/${paid.id}/refund`, m))).status).toBe('REFUNDED');
    expect(await balance(m)).toMatchObject({ total: 0, mileage: 0 });
    const [cancelled] = await history(m, 'mileage');
    expect(cancelled).toMatchObject({ type: 'CANCEL', title: 'CANCEL_CHARGE_MILEAGE', amount: -30, expiresAt: null });
  });

  it('a charge whose points were exchanged is not refunded, and keeps its coins and the bonus', async () => {
    const m = await newMember();
    await givePoints(m, 2900);
    const paid = await charge(m, 140);
    // The charge's points expire first (180 days; the admin's never), so the exchange takes them.
    expect((await data(exchange(m, 3000))).bonusCoins).toBe(150);
    expect(await failure(api('POST', `/shop/orders/${paid.id}/refund`, m))).toEqual([409, 'NOT_REFUNDABLE']);
    expect(await balance(m)).toMatchObject({ coin: 140, bonus: 40 + 150, mileage: 40 });
    expect((await data(api('GET', `/shop/orders/${paid.id}`, m))).status).toBe('PAID');
  });
});

describe('exchanging points', () => {
  it('2999 points: EXCHANGE_MILEAGE_INSUFFICIENT, nothing changes', async () => {
    const m = await newMember();
    await givePoints(m, 5000);
    expect(await failure(exchange(m, 2999))).toEqual([422, 'EXCHANGE_MILEAGE_INSUFFICIENT']);
    expect(await balance(m)).toMatchObject({ mileage: 5000, bonus: 0 });
  });

  it('3000 points: exactly 150 bonus coins valid 30 days, in both histories', async () => {
    const m = await newMember();
    await givePoints(m, 3040);
    const done = await data(exchange(m, 3000));
    expect(done).toMatchObject({ points: 3000, bonusCoins: 150, balance: { mileage: 40, bonus: 150, total: 150 } });
    expect(fromNow(done.bonusExpiresAt)).toBeGreaterThan(30 * DAY - 60_000);
    expect(fromNow(done.bonusExpiresAt)).toBeLessThanOrEqual(30 * DAY);
    expect(await balance(m)).toEqual(done.balance);

    const [taken] = await history(m, 'mileage');
    expect(taken).toMatchObject({
      type: 'USE',
      title: 'EXCHANGE_MILEAGE',
      coinType: 'MILEAGE',
      source: 'MILEAGE',
      amount: -3000,
    });
    const [given] = await history(m, 'charge');
    expect(given).toMatchObject({
      type: 'CHARGE',
      title: 'EXCHANGE_MILEAGE',
      coinType: 'BONUS',
      source: 'MILEAGE',
      amount: 150,
      expiresAt: done.bonusExpiresAt,
    });
  });

  it('3001 points: EXCHANGE_MILEAGE_INSUFFICIENT (not a unit of 100), nothing changes', async () => {
    const m = await newMember();
    await givePoints(m, 5000);
    expect(await failure(exchange(m, 3001))).toEqual([422, 'EXCHANGE_MILEAGE_INSUFFICIENT']);
    expect(await balance(m)).toMatchObject({ mileage: 5000, bonus: 0 });
  });

  it('more points than held: MILEAGE_INSUFFICIENT; an impossible amount or key: INVALID_PARAMETER', async () => {
    const m = await newMember();
    await givePoints(m, 3050);
    expect(await failure(exchange(m, 3100))).toEqual([402, 'MILEAGE_INSUFFICIENT']);
    expect(await failure(exchange(m, 0))).toEqual([400, 'INVALID_PARAMETER']);
    expect(await failure(exchange(m, 3000.5))).toEqual([400, 'INVALID_PARAMETER']);
    expect(await failure(exchange(m, 3000, 'no'))).toEqual([400, 'INVALID_PARAMETER']);
    expect(
      await failure(api('POST', '/coin/mileage/exchange', undefined, { points: 3000, key: randomUUID() })),
    ).toEqual([401, 'NOT_LOGIN_USER']);
    expect((await balance(m)).mileage).toBe(3050);
  });

  it('the same key twice: the same answer and one grant; the key with other points is refused', async () => {
    const m = await newMember();
    await givePoints(m, 9000);
    const key = randomUUID();
    const first = await data(exchange(m, 3000, key));
    const again = await data(exchange(m, 3000, key));
    expect(again).toEqual(first);
    expect(await failure(exchange(m, 3100, key))).toEqual([400, 'INVALID_PARAMETER']);
    expect(await balance(m)).toMatchObject({ mileage: 6000, bonus: 150 });
    const posted = await t.database.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.userId, m.id), like(ledgerTransfers.key, 'exchange:%')));
    expect(posted.map((p) => [p.ledger, p.amount]).sort()).toEqual([
      ['BONUS', 150],
      ['MILEAGE', 3000],
    ]);
  });

  it('takes the soonest-expiring points first and never expired ones; the expiry shows in the history', async () => {
    const m = await newMember();
    await givePoints(m, 2000, new Date(Date.now() + 100 * DAY));
    await givePoints(m, 2000, new Date(Date.now() + 10 * DAY));
    await givePoints(m, 500, new Date(Date.now() + 5 * DAY));
    // The 5-day lot has expired by now.
    await t.database.db
      .update(coinLots)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(coinLots.userId, m.id), eq(coinLots.amount, 500)));
    expect(await failure(exchange(m, 4100))).toEqual([402, 'MILEAGE_INSUFFICIENT']);

    await data(exchange(m, 3000));
    const lots = await t.database.db
      .select({ amount: coinLots.amount, remaining: coinLots.remaining })
      .from(coinLots)
      .where(and(eq(coinLots.userId, m.id), eq(coinLots.ledger, 'MILEAGE')))
      .orderBy(coinLots.id);
    expect(lots).toEqual([
      { amount: 2000, remaining: 1000 },
      { amount: 2000, remaining: 0 },
      { amount: 500, remaining: 0 },
    ]);
    expect(await info(m)).toMatchObject({ mileage: 1000, soonestExpiry: { amount: 1000 }, maxPoints: 0 });
    // The exchange wrote the expiry that was due with it.
    expect((await history(m, 'mileage')).map((e) => [e.title, e.amount])).toEqual(
      expect.arrayContaining([
        ['EXPIRE', -500],
        ['EXCHANGE_MILEAGE', -3000],
      ]),
    );
  });
});

describe('the exchange screen’s facts', () => {
  it('answers the points held, the soonest expiry, the rule, and a quote, changing nothing', async () => {
    const m = await newMember();
    expect(await info(m)).toEqual({
      mileage: 0,
      soonestExpiry: null,
      pointsPerCoin: 20,
      minimum: 3000,
      unit: 100,
      bonusValidDays: 30,
      maxPoints: 0,
      quote: null,
    });
    await charge(m, 140);
    await givePoints(m, 3000);
    const facts = await info(m, 3100);
    expect(facts).toMatchObject({ mileage: 3140, maxPoints: 3100, soonestExpiry: { amount: 140 } });
    expect(fromNow(facts.soonestExpiry.expiresAt)).toBeGreaterThan(179 * DAY);
    expect(facts.quote).toMatchObject({ points: 3100, bonusCoins: 155, pointsLeft: 40, refusal: null });
    expect(fromNow(facts.quote.bonusExpiresAt)).toBeGreaterThan(30 * DAY - 60_000);
    expect((await info(m, 3001)).quote).toMatchObject({ refusal: 'EXCHANGE_MILEAGE_INSUFFICIENT', bonusCoins: 0 });
    expect((await info(m, 3200)).quote).toMatchObject({ refusal: 'MILEAGE_INSUFFICIENT', pointsLeft: 3140 });
    expect(await balance(m)).toMatchObject({ mileage: 3140, bonus: 40 });
    expect(await failure(api('GET', '/coin/mileage/exchange?points=abc', m))).toEqual([400, 'INVALID_PARAMETER']);
    expect(await failure(api('GET', '/coin/mileage/exchange'))).toEqual([401, 'NOT_LOGIN_USER']);
  });
});
