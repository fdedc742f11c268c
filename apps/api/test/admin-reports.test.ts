import { randomUUID } from 'node:crypto';
import type { CoinProduct } from '@balcony/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinProducts, freetimeUses, orders } from '../src/db/schema.js';
import { seedCoinProducts } from '../src/db/seed/coin-products.js';
import { createAdmin, createMember, createSeries } from './factories.js';
import { createTestApp, type TestApp } from './helper.js';
import { callsOf } from './support/calls.js';

// The console's dashboards (issue 15 item 7) through the API: figures drawn from real purchases,
// cut in days of the brand's zone, filtered by brand within what the admin may see, and as CSV.

let t: TestApp;
let story: Awaited<ReturnType<typeof createSeries>>;
type Admin = Awaited<ReturnType<typeof createAdmin>>;
type Member = Awaited<ReturnType<typeof createMember>>;
let finance: Admin;
let financeOfOneBrand: Admin;
let support: Admin;

const BRAND = 'delitoonb-fr';
const OTHER = 'delitoon-fr';
/** Today in the brand's zone (Europe/Paris), as the reports cut days. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());

beforeAll(async () => {
  t = await createTestApp();
  await seedCoinProducts(t.database.db);
  // A title a spreadsheet would run as a formula: the CSV must keep it text.
  story = await createSeries(t.database.db, { title: '=Formula Harbour', brands: [BRAND, OTHER] });
  finance = await createAdmin(t.database.db, t.app.services.totp, { roles: ['FINANCE'] });
  financeOfOneBrand = await createAdmin(t.database.db, t.app.services.totp, { roles: ['FINANCE'], brandIds: [BRAND] });
  support = await createAdmin(t.database.db, t.app.services.totp, { roles: ['SUPPORT'] });
});
afterAll(() => t.close());

const { api, data, code, productOf, charge } = callsOf(() => t, { brand: BRAND });

/** A member of `brand` who charges the product of `coins` coins through the sandbox. */
/** A new member of `brand` who bought the product of `coins` coins. */
async function newBuyer(brand: string, coins: number): Promise<{ member: Member; product: CoinProduct }> {
  const member = await createMember(t.database.db, t.config.auth, { brandId: brand });
  const product = await productOf(member, coins, brand);
  await charge(member, coins, brand);
  return { member, product };
}

const range = (extra = '') => `from=${today()}&to=${today()}${extra}`;

describe('dashboards', () => {
  let buyer: Member;
  let product: CoinProduct;

  beforeAll(async () => {
    ({ member: buyer, product } = await newBuyer(BRAND, 12));
    // Two paid episodes bought with the coins just charged (4 coins each).
    const [, second, third] = story.episodes;
    for (const episode of [second, third]) {
      if (!episode) throw new Error('episode missing');
      await data(
        api('POST', `/episodes/${episode.id}/purchase`, buyer, { kind: 'POSSESSION', idempotencyKey: randomUUID() }),
      );
    }
    // Another brand's sale, which the brand's own figures leave out.
    await newBuyer(OTHER, 30);
  });

  it('shows a purchase in the sales of its day, and the coins it spent on its series', async () => {
    const sales = await data(api('GET', `/admin/reports/sales?${range()}`, finance));
    expect(sales).toMatchObject({ from: today(), to: today(), timeZone: 'Europe/Paris', brands: [BRAND] });
    expect(sales.rows).toEqual([
      {
        day: today(),
        currency: 'EUR',
        orders: 1,
        amount: product.salePrice ?? product.price,
        coins: 12,
        bonusCoins: product.bonusCoins,
        freeCoins: product.freeCoins,
        refunds: 0,
        refundedAmount: 0,
      },
    ]);
    const series = await data(api('GET', `/admin/reports/series?${range()}`, finance));
    expect(series.rows).toEqual([
      expect.objectContaining({ seriesId: story.id, title: '=Formula Harbour', coins: 8, purchases: 2, buyers: 1 }),
    ]);
    const readers = await data(api('GET', `/admin/reports/readers?${range()}`, finance));
    expect(readers.rows).toEqual([{ day: today(), active: 1, readers: 0, buyers: 1, sessions: 0 }]);
  });

  it('leaves out the days outside the range', async () => {
    const sales = await data(api('GET', '/admin/reports/sales?from=2020-01-01&to=2020-01-31', finance));
    expect(sales.rows).toEqual([]);
  });

  it('sums the brands asked for, within the brands the admin may see', async () => {
    const all = await data(api('GET', `/admin/reports/sales?${range('&brands=all')}`, finance));
    expect(all.brands).toContain(OTHER);
    expect(all.rows).toEqual([expect.objectContaining({ currency: 'EUR', orders: 2 })]);
    const listed = await data(api('GET', `/admin/reports/sales?${range(`&brands=${OTHER}`)}`, finance));
    expect(listed.rows).toEqual([expect.objectContaining({ orders: 1, coins: 30 })]);

    // An admin of one brand: `all` is that brand, another brand is refused.
    const own = await data(api('GET', `/admin/reports/sales?${range('&brands=all')}`, financeOfOneBrand));
    expect(own.brands).toEqual([BRAND]);
    expect(own.rows).toEqual([expect.objectContaining({ orders: 1, coins: 12 })]);
    expect(await code(api('GET', `/admin/reports/sales?${range(`&brands=${OTHER}`)}`, financeOfOneBrand))).toBe(
      'FORBIDDEN',
    );
    expect(await code(api('GET', `/admin/reports/sales?${range('&brands=no-such-brand')}`, finance))).toBe(
      'INVALID_PARAMETER',
    );
  });

  it('counts wait-until-free tickets and coupon registrations per day', async () => {
    const reader = await createMember(t.database.db, t.config.auth, { brandId: BRAND });
    const [first] = story.episodes;
    if (!first) throw new Error('episode missing');
    await t.database.db.insert(freetimeUses).values({
      userId: reader.id,
      seriesId: story.id,
      episodeId: first.id,
      brandId: BRAND,
      seq: 1,
      idempotencyKey: randomUUID(),
      usedAt: new Date(),
      expiresAt: new Date(Date.now() + 72 * 3600_000),
    });
    const freetime = await data(api('GET', `/admin/reports/freetime?${range()}`, finance));
    expect(freetime.rows).toEqual([{ day: today(), uses: 1, members: 1, series: 1 }]);

    const created = await data(
      api('POST', '/admin/coupons', finance, {
        name: 'Dashboard coupon',
        grant: { kind: 'COIN', coinType: 'FREE_COIN', coins: 3 },
        codes: { mode: 'SHARED' },
      }),
    );
    await data(api('POST', '/coupons', reader, { code: created.codes[0] }));
    const coupons = await data(api('GET', `/admin/reports/coupons?${range()}`, finance));
    expect(coupons.rows).toEqual([{ day: today(), registrations: 1, members: 1, coupons: 1 }]);
    // The ticket and the coupon made the reader active today.
    const readers = await data(api('GET', `/admin/reports/readers?${range()}`, finance));
    expect(readers.rows[0]).toMatchObject({ active: 2, readers: 1, buyers: 1 });
  });

  it('answers each table as a CSV file, formulas kept as text', async () => {
    const res = await api('GET', `/admin/reports/series.csv?${range()}`, finance);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="series-${BRAND}-${today()}-${today()}.csv"`);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('seriesId,title,coins,paidCoins,purchases,buyers,readers');
    expect(lines[1]).toMatch(new RegExp(`^${story.id},'=Formula Harbour,8,`));

    const sales = await api('GET', `/admin/reports/sales.csv?${range()}`, finance);
    expect(sales.body).toContain(`${today()},EUR,1,`);
    expect((await api('GET', `/admin/reports/sales.csv?${range()}`, support)).json().code).toBe('FORBIDDEN');
  });

  it('cuts days in the time zone of the request’s brand', async () => {
    // Paid at 23:30 UTC on 15 January, which is already the 16th in Taipei (UTC+8) and in Paris
    // (UTC+1). Written straight in the table: the API cannot pay in the past.
    const member = await createMember(t.database.db, t.config.auth, { brandId: 'bom-tw' });
    const [product] = await t.database.db.select().from(coinProducts).limit(1);
    if (!product) throw new Error('no product');
    await t.database.db.insert(orders).values({
      userId: member.id,
      brandId: 'bom-tw',
      productId: product.id,
      idempotencyKey: randomUUID(),
      provider: 'SANDBOX',
      status: 'PAID',
      amount: 15000,
      currency: 'TWD',
      productName: 'Night order',
      coins: 30,
      bonusCoins: 0,
      freeCoins: 0,
      paidAt: new Date('2026-01-15T23:30:00Z'),
    });
    const sales = (day: string, brand: string) =>
      data(api('GET', `/admin/reports/sales?from=${day}&to=${day}&brands=bom-tw`, finance, undefined, brand));
    expect((await sales('2026-01-16', 'bom-tw')).rows).toEqual([
      expect.objectContaining({ day: '2026-01-16', currency: 'TWD', orders: 1, amount: 15000 }),
    ]);
    expect((await sales('2026-01-15', 'bom-tw')).rows).toEqual([]);
    // The same order from a Paris brand's console: also the 16th there.
    expect((await sales('2026-01-16', BRAND)).timeZone).toBe('Europe/Paris');
    expect((await sales('2026-01-16', BRAND)).rows).toHaveLength(1);
  });

  it('refuses a range backwards or longer than 366 days', async () => {
    expect(await code(api('GET', '/admin/reports/sales?from=2026-02-01&to=2026-01-01', finance))).toBe(
      'INVALID_PARAMETER',
    );
    expect(await code(api('GET', '/admin/reports/sales?from=2024-01-01&to=2025-01-02', finance))).toBe(
      'INVALID_PARAMETER',
    );
    expect((await data(api('GET', '/admin/reports/sales?from=2024-01-01&to=2024-12-31', finance))).rows).toEqual([]);
  });

  it('is FINANCE’s: SUPPORT and a reader are refused', async () => {
    for (const kind of ['sales', 'series', 'readers', 'freetime', 'coupons']) {
      expect(await code(api('GET', `/admin/reports/${kind}?${range()}`, support))).toBe('FORBIDDEN');
    }
    const reader = await createMember(t.database.db, t.config.auth, { brandId: BRAND });
    expect(await code(api('GET', `/admin/reports/sales?${range()}`, reader))).toBe('NOT_LOGIN_USER');
  });
});
