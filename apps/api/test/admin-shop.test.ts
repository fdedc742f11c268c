import { randomUUID } from 'node:crypto';
import type { AdminProduct, CoinProduct } from '@balcony/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedCoinProducts } from '../src/db/seed/coin-products.js';
import * as wallet from '../src/modules/wallet/service.js';
import { createAdmin, createMember, createSeries } from './factories.js';
import { createTestApp, type TestApp } from './helper.js';
import { callsOf } from './support/calls.js';

// The shop in the console (issue 15 item 5) through the API: coin products edited, audited and
// seen by readers at once; a member's ledger by lot; refunds through the provider, once.

let t: TestApp;
let story: Awaited<ReturnType<typeof createSeries>>;
type Admin = Awaited<ReturnType<typeof createAdmin>>;
type Member = Awaited<ReturnType<typeof createMember>>;
let finance: Admin;
let owner: Admin;
let support: Admin;

const BRAND = 'delitoonb-fr';
const OTHER = 'delitoon-de';

beforeAll(async () => {
  t = await createTestApp();
  await seedCoinProducts(t.database.db);
  story = await createSeries(t.database.db, { title: 'Ledger Harbour' });
  finance = await createAdmin(t.database.db, t.app.services.totp, { roles: ['FINANCE'] });
  owner = await createAdmin(t.database.db, t.app.services.totp, { roles: ['OWNER'] });
  support = await createAdmin(t.database.db, t.app.services.totp, { roles: ['SUPPORT'] });
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await wallet.checkLedger(t.database.db)).toEqual({ unbalanced: [], accounts: [], lots: [], members: [] });
});

const { api, data, code, charge } = callsOf(() => t, { brand: BRAND });
const readerShop = async (who?: Member): Promise<CoinProduct[]> =>
  (await data(api('GET', '/shop/products', who))).products;
const audit = async (query: string) => (await data(api('GET', `/admin/audit?${query}`, owner))).items;

/** Charges the product of `coins` coins through the sandbox; answers the paid order. */
const newMember = (brandId = BRAND) => createMember(t.database.db, t.config.auth, { brandId });

const PRODUCT = {
  name: 'Console pack',
  channels: ['WEB'],
  coins: 42,
  bonusCoins: 8,
  price: 999,
  salePrice: 799,
  percent: 20,
  marks: ['NEW'],
  limitPerUser: 2,
};

describe('coin products', () => {
  let created: AdminProduct;

  it('creates a product that the reader shop offers at once, audited', async () => {
    created = await data(api('POST', '/admin/shop/products', finance, PRODUCT));
    expect(created).toMatchObject({ ...PRODUCT, brandId: BRAND, active: true, soldCount: 0, currency: 'EUR' });
    const offered = (await readerShop()).find((p) => p.id === created.id);
    expect(offered).toMatchObject({
      coins: 42,
      bonusCoins: 8,
      price: 999,
      salePrice: 799,
      percent: 20,
      marks: ['NEW'],
    });
    const [entry] = await audit(`action=PRODUCT_CREATE&targetId=${created.id}`);
    expect(entry).toMatchObject({ adminId: finance.id, targetType: 'coin_product', after: { name: 'Console pack' } });
  });

  it('edits a product: the reader shop shows the change, the audit holds before and after', async () => {
    const edited = await data(
      api('PUT', `/admin/shop/products/${created.id}`, finance, {
        ...PRODUCT,
        coins: 50,
        salePrice: null,
        firstPurchaseOnly: true,
      }),
    );
    expect(edited).toMatchObject({ coins: 50, salePrice: null, firstPurchaseOnly: true });
    const offered = (await readerShop()).find((p) => p.id === created.id);
    expect(offered).toMatchObject({ coins: 50, salePrice: null, marks: ['NEW', 'FIRST_PURCHASE'] });
    // A member who has charged before no longer sees a first-purchase offer.
    const regular = await newMember();
    await charge(regular, 5);
    expect((await readerShop(regular)).some((p) => p.id === created.id)).toBe(false);

    const [entry] = await audit(`action=PRODUCT_UPDATE&targetId=${created.id}`);
    expect(entry.before).toMatchObject({ coins: 42, salePrice: 799, firstPurchaseOnly: false });
    expect(entry.after).toMatchObject({ coins: 50, salePrice: null, firstPurchaseOnly: true });
  });

  it('takes a product out of the shop and orders the list', async () => {
    await data(api('PUT', `/admin/shop/products/${created.id}/active`, finance, { active: false }));
    expect((await readerShop()).some((p) => p.id === created.id)).toBe(false);
    const [entry] = await audit(`action=PRODUCT_DEACTIVATE&targetId=${created.id}`);
    expect(entry).toMatchObject({ before: { active: true }, after: { active: false } });

    const { products } = await data(api('GET', '/admin/shop/products', finance));
    expect(products.some((p: AdminProduct) => p.id === created.id && !p.active)).toBe(true);
    const reversed = (products as AdminProduct[]).map((p) => p.id).reverse();
    const reordered = await data(api('PUT', '/admin/shop/products/order', finance, { productIds: reversed }));
    expect(reordered.products.map((p: AdminProduct) => p.id)).toEqual(reversed);
    const shopIds = (await readerShop()).map((p) => p.id);
    expect(shopIds).toEqual(reversed.filter((id) => shopIds.includes(id)));
    expect(await audit('action=PRODUCT_REORDER')).toHaveLength(1);
    // Leaving one out is refused.
    expect(await code(api('PUT', '/admin/shop/products/order', finance, { productIds: reversed.slice(1) }))).toBe(
      'INVALID_PARAMETER',
    );
  });

  it('refuses what the shop could not sell, and another brand’s product', async () => {
    const bad = [
      { ...PRODUCT, name: 'Sale above price', salePrice: 1200 },
      { ...PRODUCT, coins: 0 },
      { ...PRODUCT, channels: [] },
      { ...PRODUCT, channels: ['WEB', 'WEB'] },
      { ...PRODUCT, name: '' },
      { ...PRODUCT, price: 1.5 },
    ];
    for (const body of bad) {
      expect(await code(api('POST', '/admin/shop/products', finance, body)), JSON.stringify(body)).toBe(
        'INVALID_PARAMETER',
      );
    }
    // Names are unique per brand.
    expect(await code(api('POST', '/admin/shop/products', finance, PRODUCT))).toBe('INVALID_PARAMETER');
    const { products } = await data(api('GET', '/admin/shop/products', finance, undefined, OTHER));
    const foreign = (products as AdminProduct[])[0];
    if (!foreign) throw new Error('no product on the other brand');
    expect(await code(api('PUT', `/admin/shop/products/${foreign.id}`, finance, PRODUCT))).toBe(
      'NOT_FOUND_COIN_PRODUCT',
    );
  });
});

describe('a member’s ledger and refunds', () => {
  it('finds a member by id or e-mail in the brand only', async () => {
    const member = await newMember();
    const ledger = await data(api('GET', `/admin/members/${member.id}/ledger`, finance));
    const email: string = ledger.member.email;
    const byId = await data(api('GET', `/admin/members?q=${member.id}`, finance));
    expect(byId.members.map((m: { id: number }) => m.id)).toContain(member.id);
    const byMail = await data(api('GET', `/admin/members?q=${encodeURIComponent(email.toUpperCase())}`, finance));
    expect(byMail.members).toEqual([expect.objectContaining({ id: member.id, email })]);
    const elsewhere = await data(
      api('GET', `/admin/members?q=${encodeURIComponent(email)}`, finance, undefined, OTHER),
    );
    expect(elsewhere.members).toEqual([]);
    expect(await code(api('GET', `/admin/members/${member.id}/ledger`, finance, undefined, OTHER))).toBe(
      'NOT_FOUND_USER',
    );
  });

  it('shows the lots, what each paid for, and the movements', async () => {
    const member = await newMember();
    await charge(member, 12);
    const episode = story.episodes[1];
    if (!episode) throw new Error('episode missing');
    await data(
      api('POST', `/episodes/${episode.id}/purchase`, member, { kind: 'POSSESSION', idempotencyKey: randomUUID() }),
    );

    const ledger = await data(api('GET', `/admin/members/${member.id}/ledger`, finance));
    expect(ledger.balance).toMatchObject({ coin: 9, bonus: 0, total: 9 });
    const bonus = ledger.lots.find((l: { coinType: string }) => l.coinType === 'BONUS');
    const paid = ledger.lots.find((l: { coinType: string }) => l.coinType === 'COIN');
    // The bonus coin is spent first (DESIGN §5), then 3 paid coins.
    expect(bonus).toMatchObject({ source: 'PAYMENT', amount: 1, remaining: 0, status: 'SPENT' });
    expect(bonus.uses).toEqual([expect.objectContaining({ kind: 'EPISODE', amount: 1 })]);
    expect(paid).toMatchObject({ source: 'PAYMENT', amount: 12, remaining: 9, status: 'OPEN', expiresAt: null });
    expect(paid.uses).toEqual([
      expect.objectContaining({
        kind: 'EPISODE',
        amount: 3,
        reference: expect.objectContaining({ seriesTitle: 'Ledger Harbour' }),
      }),
    ]);
    expect(ledger.transfers.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['CHARGE', 'USE']));
  });

  it('refunds an order once through the provider, however often it is asked, and audits it', async () => {
    const member = await newMember();
    const order = await charge(member, 30);
    const refund = () => data(api('POST', `/admin/orders/${order.id}/refund`, finance));
    const answers = await Promise.all([refund(), refund()]);
    expect(answers.map((a) => a.refunded).sort()).toEqual([false, true]);
    expect((await refund()).refunded).toBe(false);
    expect(answers[0].order).toMatchObject({ id: order.id, status: 'REFUNDED', refundableUntil: null });

    const ledger = await data(api('GET', `/admin/members/${member.id}/ledger`, finance));
    expect(ledger.balance).toMatchObject({ coin: 0, bonus: 0, mileage: 0, total: 0 });
    expect(ledger.lots.every((l: { status: string }) => l.status === 'REFUNDED')).toBe(true);
    expect(ledger.transfers.filter((e: { type: string }) => e.type === 'CANCEL').length).toBeGreaterThan(0);

    const entries = await audit(`action=ORDER_REFUND&targetId=${order.id}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      adminId: finance.id,
      targetUserId: member.id,
      before: { status: 'PAID' },
      after: { status: 'REFUNDED' },
    });
    const { orders } = await data(api('GET', `/admin/members/${member.id}/orders`, finance));
    expect(orders).toEqual([expect.objectContaining({ id: order.id, status: 'REFUNDED' })]);
  });

  it('refuses to refund once coins of the order were spent, and another brand’s order', async () => {
    const member = await newMember();
    const order = await charge(member, 12);
    const episode = story.episodes[2];
    if (!episode) throw new Error('episode missing');
    await data(api('POST', `/episodes/${episode.id}/purchase`, member, { kind: 'RENT', idempotencyKey: randomUUID() }));
    expect(await code(api('POST', `/admin/orders/${order.id}/refund`, finance))).toBe('NOT_REFUNDABLE');
    expect(await code(api('POST', `/admin/orders/${order.id}/refund`, finance, undefined, OTHER))).toBe('NOT_EXIST');
    expect(await audit(`action=ORDER_REFUND&targetId=${order.id}`)).toEqual([]);
  });

  it('is FINANCE’s: a SUPPORT admin cannot adjust coins, refund, edit products or read ledgers', async () => {
    const member = await newMember();
    const order = await charge(member, 5);
    const refused = [
      api('POST', '/admin/coins/adjust', support, {
        userId: member.id,
        coinType: 'COIN',
        amount: 100,
        reason: 'not allowed',
        idempotencyKey: randomUUID(),
      }),
      api('POST', `/admin/orders/${order.id}/refund`, support),
      api('POST', '/admin/shop/products', support, { ...PRODUCT, name: 'Support pack' }),
      api('GET', '/admin/shop/products', support),
      api('GET', `/admin/members/${member.id}/ledger`, support),
      api('GET', `/admin/members?q=${member.id}`, support),
    ];
    for (const res of refused) expect(await code(res)).toBe('FORBIDDEN');
    // Nothing changed: the order is still paid and the coins still there.
    const ledger = await data(api('GET', `/admin/members/${member.id}/ledger`, finance));
    expect(ledger.balance.coin).toBe(5);
    const { orders } = await data(api('GET', `/admin/members/${member.id}/orders`, finance));
    expect(orders[0]).toMatchObject({ id: order.id, status: 'PAID' });
  });
});
