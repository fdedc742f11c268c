import { randomUUID } from 'node:crypto';
import type { CoinProduct } from '@balcony/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers } from '../src/db/schema.js';
import { seedCoinProducts } from '../src/db/seed/coin-products.js';
import * as wallet from '../src/modules/wallet/service.js';
import { createMember } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';
import { serviceContext } from './support/context.js';
import { giveCoins, LEDGER_CLEAN } from './support/purchase-book.js';

// Issue 12 "On PostgreSQL": a double click, a retry or two tabs never exchange the same points
// twice. The same key from many tabs grants once; different keys racing over the same points
// exchange only what is held; a refund racing an exchange of the charge's points lets one of
// them through, never both. The ledger check runs after every test.

let t: TestApp;

type Member = Awaited<ReturnType<typeof createMember>>;
const newMember = () => createMember(t.database.db, t.config.auth);

describe.skipIf(!process.env.TEST_DATABASE_URL)('points exchange under concurrency on PostgreSQL', () => {
  beforeAll(async () => {
    t = await createTestApp();
    expect(t.database.kind).toBe('postgres');
    await seedCoinProducts(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    expect(await wallet.checkLedger(t.database.db)).toEqual(LEDGER_CLEAN);
  });

  const api = (method: 'GET' | 'POST', url: string, who: Member, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...brandHeaders(), ...who.headers },
      ...(payload ? { payload } : {}),
    });
  const outcome = (res: Awaited<ReturnType<typeof api>>) => (res.statusCode === 200 ? 'SUCCESS' : res.json().code);
  const exchange = (who: Member, points: number, key: string = randomUUID()) =>
    api('POST', '/coin/mileage/exchange', who, { points, key });
  const balance = async (who: Member) => (await api('GET', '/coin', who)).json().data;
  const givePoints = (who: Member, amount: number) =>
    giveCoins(serviceContext(t), who.id, amount, { ledger: 'MILEAGE' });
  const exchangesOf = (who: Member) =>
    t.database.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.userId, who.id), like(ledgerTransfers.key, 'exchange:%')));

  it('the same key from 10 tabs at once: one grant, the same answer everywhere', async () => {
    const m = await newMember();
    await givePoints(m, 7000);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => exchange(m, 3000, key)));
    expect(answers.map(outcome)).toEqual(Array(10).fill('SUCCESS'));
    const bodies = answers.map((a) => a.json().data);
    for (const body of bodies) expect({ ...body, balance: undefined }).toEqual({ ...bodies[0], balance: undefined });
    expect(bodies[0]).toMatchObject({ points: 3000, bonusCoins: 150 });
    expect(await exchangesOf(m)).toHaveLength(2);
    expect(await balance(m)).toMatchObject({ mileage: 4000, bonus: 150 });
  });

  it('5 tabs with their own keys racing over 4000 points: one exchange of 3000, the rest MILEAGE_INSUFFICIENT', async () => {
    const m = await newMember();
    await givePoints(m, 4000);
    const answers = await Promise.all(Array.from({ length: 5 }, () => exchange(m, 3000)));
    const outcomes = answers.map(outcome);
    expect(outcomes.filter((o) => o === 'SUCCESS')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'SUCCESS')).toEqual(Array(4).fill('MILEAGE_INSUFFICIENT'));
    expect(await balance(m)).toMatchObject({ mileage: 1000, bonus: 150 });
  });

  it('4 exchanges of 3000 racing over 9000 points: exactly three go through', async () => {
    const m = await newMember();
    await givePoints(m, 9000);
    const answers = await Promise.all(Array.from({ length: 4 }, () => exchange(m, 3000)));
    expect(answers.map(outcome).filter((o) => o === 'SUCCESS')).toHaveLength(3);
    expect(await balance(m)).toMatchObject({ mileage: 0, bonus: 450 });
    expect(await exchangesOf(m)).toHaveLength(6);
  });

  it('a refund racing an exchange of the charge’s points: the points are refunded or exchanged, never both', async () => {
    const m = await newMember();
    // 2900 points that never expire, then a charge whose 140 points expire first: an exchange takes them.
    await givePoints(m, 2900);
    const products: CoinProduct[] = (await api('GET', '/shop/products', m)).json().data.products;
    const product = products.find((p) => p.coins === 140);
    if (!product) throw new Error('no product of 140 coins');
    const order = (
      await api('POST', '/shop/orders', m, {
        productId: product.id,
        paymentMethod: 'SANDBOX',
        agreements: ['TERMS', 'NO_WITHDRAWAL_RIGHT'],
        idempotencyKey: randomUUID(),
      })
    ).json().data;
    expect(outcome(await api('POST', `/shop/orders/${order.id}/sandbox`, m, { outcome: 'SUCCESS' }))).toBe('SUCCESS');

    const [refund, exchanged] = await Promise.all([
      api('POST', `/shop/orders/${order.id}/refund`, m),
      exchange(m, 3000),
    ]);
    const after = await balance(m);
    if (outcome(refund) === 'SUCCESS') {
      expect(outcome(exchanged)).toBe('MILEAGE_INSUFFICIENT');
      expect(after).toMatchObject({ coin: 0, bonus: 0, mileage: 2900 });
    } else {
      expect(outcome(refund)).toBe('NOT_REFUNDABLE');
      expect(outcome(exchanged)).toBe('SUCCESS');
      expect(after).toMatchObject({ coin: 140, bonus: 40 + 150, mileage: 40 });
    }
  });
});
