import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DAY_MS, type HistoryEntry, type MemberCoupon, RENTAL_MS } from '@balcony/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../src/cli/coupons.js';
import { adminAudit, couponCodes, couponUsers, ownerships } from '../src/db/schema.js';
import { seedCoinProducts } from '../src/db/seed/coin-products.js';
import { demoCouponCodes, seedDemoCoupons } from '../src/db/seed/coupons.js';
import * as wallet from '../src/modules/wallet/service.js';
import { createAdmin, createMember, createSeries } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';
import { callsOf } from './support/calls.js';

// Coupons (issue 12 item 3): registering codes and every refusal of spec §8, what each kind
// gives (coins through the ledger, a rental or possession, a discount in the shop), the member's
// list, the limits against guessing, the admin's routes and CLI, and the demo seed. Every test
// ends with the ledger check.

const BRAND = 'delitoonb-fr';
const OTHER_BRAND = 'bom-tw';

let t: TestApp;
let admin: Awaited<ReturnType<typeof newAdmin>>;
let story: Awaited<ReturnType<typeof createSeries>>;
/** The coin products of the brand by coins (30 costs €4,99, 5 costs €0,99). */
const product: Record<number, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await newAdmin();
  await seedCoinProducts(t.database.db);
  story = await createSeries(t.database.db, { title: 'Coupon Story', episodes: { count: 4, free: 1 } });
  const shop = await data(api('GET', '/shop/products'));
  for (const p of shop.products as { id: number; coins: number; firstPurchaseOnly: boolean }[]) {
    if (!p.firstPurchaseOnly) product[p.coins] = p.id;
  }
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await wallet.checkLedger(t.database.db)).toEqual({ unbalanced: [], accounts: [], lots: [], members: [] });
});

type Member = Awaited<ReturnType<typeof createMember>>;
const newMember = (brandId = BRAND) => createMember(t.database.db, t.config.auth, { brandId });
const newAdmin = (brandId = BRAND) =>
  createAdmin(t.database.db, t.app.services.totp, { roles: ['FINANCE'], brandIds: [brandId] });

const { api, data, failure } = callsOf(() => t, { brand: BRAND });

type Grant = Record<string, unknown> & { kind: string };
/** A coupon made by the admin through the API; answers its id and codes. */
async function createCoupon(
  grant: Grant,
  codes: Record<string, unknown> = { mode: 'SHARED' },
  extra: Record<string, unknown> = {},
  brand = BRAND,
  by = admin,
): Promise<{ id: number; codes: string[] }> {
  const answer = await data(
    api('POST', '/admin/coupons', by, { name: `Coupon ${randomUUID().slice(0, 8)}`, grant, codes, ...extra }, brand),
  );
  return { id: answer.coupon.id, codes: answer.codes };
}
const coinGrant = { kind: 'COIN', coinType: 'BONUS', coins: 10 };
const discountGrant = { kind: 'DISCOUNT', discountPercent: 20, minimumAmount: 499, usableDays: 30 };

const register = (who: Member, code: string, brand = BRAND) => api('POST', '/coupons', who, { code }, brand);
const couponsOf = async (who: Member, tab: 'usable' | 'used' = 'usable') =>
  data(api('GET', `/coupons?tab=${tab}`, who)) as Promise<{
    items: MemberCoupon[];
    total: number;
    counts: { usable: number; used: number };
  }>;
const order = (who: Member, productId: number, couponId?: number, idempotencyKey = randomUUID()) =>
  api('POST', '/shop/orders', who, {
    productId,
    paymentMethod: 'SANDBOX',
    agreements: ['TERMS', 'NO_WITHDRAWAL_RIGHT'],
    idempotencyKey,
    ...(couponId ? { couponId } : {}),
  });
const settle = (who: Member, orderId: number, outcome: 'SUCCESS' | 'CANCEL' | 'FAILURE') =>
  api('POST', `/shop/orders/${orderId}/sandbox`, who, { outcome });

describe('registering a code', () => {
  it('asks for a login, refuses a blank code, and answers NOT_FOUND_COUPON for any code that is not one', async () => {
    const m = await newMember();
    expect(await failure(api('POST', '/coupons', undefined, { code: 'ANYTHING' }))).toEqual([401, 'NOT_LOGIN_USER']);
    expect(await failure(register(m, '   '))).toEqual([400, 'INVALID_PARAMETER']);
    expect(await failure(register(m, 'AB'))).toEqual([404, 'NOT_FOUND_COUPON']);
    expect(await failure(register(m, 'NO SUCH CODE'))).toEqual([404, 'NOT_FOUND_COUPON']);
    expect(await failure(register(m, 'NOSUCHCODE'))).toEqual([404, 'NOT_FOUND_COUPON']);
    expect((await couponsOf(m)).counts).toEqual({ usable: 0, used: 0 });
  });

  it('gives coins through the ledger: a COUPON credit from the operator, in the balance and the charge history', async () => {
    const m = await newMember();
    const coupon = await createCoupon(coinGrant, { mode: 'SHARED', code: 'WELCOME-BONUS-10' });
    const answer = await data(register(m, 'welcome-bonus-10'));
    expect(answer.coupon).toMatchObject({ kind: 'COIN', status: 'USED', coinType: 'BONUS', coins: 10 });
    expect(answer.balance).toMatchObject({ bonus: 10, total: 10 });
    const expires = new Date(answer.coupon.grantExpiresAt).getTime();
    expect(Math.abs(expires - (Date.now() + 90 * DAY_MS))).toBeLessThan(60_000);

    const history: HistoryEntry[] = (await data(api('GET', '/coin/history/charge', m))).items;
    expect(history).toMatchObject([
      {
        type: 'CHARGE',
        title: 'EXCHANGE_COUPON',
        source: 'COUPON',
        coinType: 'BONUS',
        amount: 10,
        reference: { kind: 'NOTE', note: expect.stringMatching(/^Coupon /) },
      },
    ]);
    // Dashes and case do not make another code; the member has it already.
    expect(await failure(register(m, 'WELCOMEBONUS10'))).toEqual([409, 'ALREADY_RECEIVED_COUPON']);
    expect((await data(api('GET', '/coin', m))).bonus).toBe(10);
    const used = await couponsOf(m, 'used');
    expect(used.items.map((c) => [c.name, c.status])).toEqual([[expect.stringMatching(/^Coupon /), 'USED']]);
    expect(used.counts).toEqual({ usable: 0, used: 1 });
    expect(coupon.codes).toEqual(['WELCOME-BONUS-10']);
  });

  it('keeps codes to their brand, and to the time they may be registered', async () => {
    const m = await newMember();
    const elsewhere = await createCoupon(coinGrant, undefined, undefined, OTHER_BRAND, await newAdmin(OTHER_BRAND));
    expect(await failure(register(m, elsewhere.codes[0] ?? ''))).toEqual([404, 'NOT_FOUND_COUPON']);
    const later = await createCoupon(coinGrant, undefined, { startsAt: new Date(Date.now() + DAY_MS).toISOString() });
    expect(await failure(register(m, later.codes[0] ?? ''))).toEqual([404, 'NOT_FOUND_COUPON']);
    const over = await createCoupon(coinGrant, undefined, {
      startsAt: new Date(Date.now() - 2 * DAY_MS).toISOString(),
      endsAt: new Date(Date.now() - DAY_MS).toISOString(),
    });
    expect(await failure(register(m, over.codes[0] ?? ''))).toEqual([410, 'EXPIRED_COUPON']);
    expect((await data(api('GET', '/coin', m))).total).toBe(0);
  });

  it('a single-use code once (ALREADY_USED_COUPON after), one code of a batch per member', async () => {
    const [a, b] = [await newMember(), await newMember()];
    const batch = await createCoupon(coinGrant, { mode: 'BATCH', count: 3 });
    const [first, second] = batch.codes;
    if (!first || !second) throw new Error('batch too small');
    await data(register(a, first));
    expect(await failure(register(b, first))).toEqual([409, 'ALREADY_USED_COUPON']);
    expect(await failure(register(a, second))).toEqual([409, 'ALREADY_RECEIVED_COUPON']);
    await data(register(b, second));
    expect((await data(api('GET', '/coin', b))).bonus).toBe(10);
  });

  it('a shared code with a limit serves that many members, then SOLD_OUT_COUPON', async () => {
    const coupon = await createCoupon(coinGrant, { mode: 'SHARED', maxUses: 2 });
    const code = coupon.codes[0] ?? '';
    for (const m of [await newMember(), await newMember()]) await data(register(m, code));
    const late = await newMember();
    expect(await failure(register(late, code))).toEqual([409, 'SOLD_OUT_COUPON']);
    // The refused registration left nothing behind: no coupon row, no coins.
    expect((await couponsOf(late, 'used')).counts).toEqual({ usable: 0, used: 0 });
    expect((await data(api('GET', '/coin', late))).total).toBe(0);
    const listed = await data(api('GET', '/admin/coupons', admin));
    expect(listed.items.find((c: { id: number }) => c.id === coupon.id)).toMatchObject({
      codeCount: 1,
      registrations: 2,
      usesLeft: 0,
    });
  });

  it('a rental ticket rents the episode for 72 hours; a possession ticket owns it', async () => {
    const m = await newMember();
    const [, second, third] = story.episodes;
    if (!second || !third) throw new Error('no paid episodes');
    const rent = await createCoupon({ kind: 'EPISODE_RENT', episodeId: second.id });
    const own = await createCoupon({ kind: 'EPISODE_POSSESSION', episodeId: third.id });
    const rented = await data(register(m, rent.codes[0] ?? ''));
    expect(rented.coupon).toMatchObject({
      kind: 'EPISODE_RENT',
      status: 'USED',
      episode: { id: second.id, number: 2, seriesId: story.id, seriesTitle: 'Coupon Story' },
    });
    expect(Math.abs(new Date(rented.coupon.grantExpiresAt).getTime() - (Date.now() + RENTAL_MS))).toBeLessThan(60_000);
    await data(register(m, own.codes[0] ?? ''));

    const detail = await data(api('GET', `/contents/${story.id}`, m));
    const access = (id: number) => detail.episodes.find((e: { id: number }) => e.id === id)?.access.state;
    expect([access(second.id), access(third.id)]).toEqual(['RENTED', 'OWNED']);
    const rows = await t.database.db.select().from(ownerships).where(eq(ownerships.userId, m.id));
    expect(rows.map((r) => [r.episodeId, r.kind, r.source]).sort()).toEqual(
      [
        [second.id, 'RENT', 'COUPON'],
        [third.id, 'POSSESSION', 'COUPON'],
      ].sort(),
    );
    expect((await data(api('GET', `/episodes/${third.id}/viewer`, m))).episode.id).toBe(third.id);
  });

  it('keeps no code in clear: only a hash of it, looked up by its unique index', async () => {
    const coupon = await createCoupon(coinGrant, { mode: 'SHARED', code: 'PLAIN-TEXT-NEVER' });
    const rows = await t.database.db.select().from(couponCodes).where(eq(couponCodes.couponId, coupon.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain('PLAIN');
    const audit = await t.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'COUPON_CREATE'));
    expect(JSON.stringify(audit)).not.toContain('PLAIN-TEXT-NEVER');
  });
});

describe('discount coupons in the shop', () => {
  async function discountOf(m: Member, grant: Grant = discountGrant) {
    const coupon = await createCoupon(grant);
    return (await data(register(m, coupon.codes[0] ?? ''))).coupon as MemberCoupon;
  }

  it('waits unused with its expiry, takes its discount off a charge, and is used once the charge is paid', async () => {
    const m = await newMember();
    const mine = await discountOf(m);
    expect(mine).toMatchObject({ status: 'UNUSED', discountPercent: 20, minimumAmount: 499, currency: 'EUR' });
    expect(Math.abs(new Date(mine.expiresAt ?? 0).getTime() - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);
    expect((await couponsOf(m)).items.map((c) => c.id)).toEqual([mine.id]);

    const product30 = product[30] ?? 0;
    const placed = await data(order(m, product30, mine.id));
    expect(placed).toMatchObject({ status: 'UNPAID', amount: 400, discount: 99, couponId: mine.id });
    expect((await couponsOf(m)).items).toMatchObject([{ id: mine.id, status: 'PENDING', orderId: placed.id }]);

    expect(await data(settle(m, placed.id, 'SUCCESS'))).toMatchObject({ status: 'PAID', amount: 400 });
    expect((await data(api('GET', '/coin', m))).coin).toBe(30);
    const used = await couponsOf(m, 'used');
    expect(used.items).toMatchObject([{ id: mine.id, status: 'USED', orderId: placed.id }]);
    expect(used.items[0]?.usedAt).not.toBeNull();
    expect(await failure(order(m, product30, mine.id))).toEqual([409, 'ALREADY_USED_COUPON']);
  });

  it('refuses a charge below the minimum (INVALID_MINIMUM_AMOUNT_COUPON) and makes no order', async () => {
    const m = await newMember();
    const mine = await discountOf(m);
    expect(await failure(order(m, product[5] ?? 0, mine.id))).toEqual([422, 'INVALID_MINIMUM_AMOUNT_COUPON']);
    expect((await couponsOf(m)).items).toMatchObject([{ id: mine.id, status: 'UNUSED' }]);
  });

  it('answers NOT_FOUND_COUPON_USER for another member’s coupon or one that is not a discount', async () => {
    const [a, b] = [await newMember(), await newMember()];
    const theirs = await discountOf(a);
    expect(await failure(order(b, product[30] ?? 0, theirs.id))).toEqual([404, 'NOT_FOUND_COUPON_USER']);
    const coins = await discountOf(b, coinGrant);
    expect(await failure(order(b, product[30] ?? 0, coins.id))).toEqual([404, 'NOT_FOUND_COUPON_USER']);
    expect(await failure(order(b, product[30] ?? 0, 2_000_000_000))).toEqual([404, 'NOT_FOUND_COUPON_USER']);
  });

  it('answers EXPIRED_COUPON once its time has passed, and lists it as expired', async () => {
    const m = await newMember();
    const mine = await discountOf(m);
    await t.database.db
      .update(couponUsers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(couponUsers.id, mine.id));
    expect(await failure(order(m, product[30] ?? 0, mine.id))).toEqual([410, 'EXPIRED_COUPON']);
    expect((await couponsOf(m, 'used')).items).toMatchObject([{ id: mine.id, status: 'EXPIRED' }]);
  });

  it('comes back when its charge is cancelled or refunded; moves from an abandoned sandbox checkout', async () => {
    const m = await newMember();
    const mine = await discountOf(m);
    const first = await data(order(m, product[30] ?? 0, mine.id));
    expect(await data(settle(m, first.id, 'CANCEL'))).toMatchObject({ status: 'CANCELLED' });
    expect((await couponsOf(m)).items).toMatchObject([{ id: mine.id, status: 'UNUSED' }]);

    // A checkout left without an answer: the next charge takes the coupon and that one is cancelled.
    const left = await data(order(m, product[30] ?? 0, mine.id));
    const next = await data(order(m, product[65] ?? 0, mine.id));
    expect(next).toMatchObject({ amount: 999 - 199, discount: 199, couponId: mine.id });
    expect(await data(api('GET', `/shop/orders/${left.id}`, m))).toMatchObject({ status: 'CANCELLED' });
    expect(await failure(settle(m, left.id, 'SUCCESS'))).toEqual([400, 'INVALID_PARAMETER']);

    await data(settle(m, next.id, 'SUCCESS'));
    expect((await couponsOf(m, 'used')).items).toMatchObject([{ id: mine.id, status: 'USED' }]);
    expect(await data(api('POST', `/shop/orders/${next.id}/refund`, m, {}))).toMatchObject({ status: 'REFUNDED' });
    expect((await couponsOf(m)).items).toMatchObject([{ id: mine.id, status: 'UNUSED' }]);
  });

  it('a retry of the same order key answers the same order and keeps it', async () => {
    const m = await newMember();
    const mine = await discountOf(m);
    const key = randomUUID();
    const first = await data(order(m, product[30] ?? 0, mine.id, key));
    const again = await data(order(m, product[30] ?? 0, mine.id, key));
    expect(again).toMatchObject({ id: first.id, status: 'UNPAID', amount: 400 });
  });
});

describe('limits against guessing', () => {
  it('stops a member after RATE_LIMIT_ACCOUNT registrations in 10 minutes, and an address after RATE_LIMIT_SENSITIVE', async () => {
    const limited = await createTestApp({ accountRateLimit: 3, sensitiveRateLimit: 5 });
    try {
      const send = (who: Member, code: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/coupons',
          headers: { ...brandHeaders(), ...who.headers },
          payload: { code },
        });
      const guesser = await createMember(limited.database.db, limited.config.auth);
      const codes = ['GUESS-0001', 'GUESS-0002', 'GUESS-0003', 'GUESS-0004'];
      const answers = [];
      for (const code of codes) answers.push(await send(guesser, code));
      expect(answers.map((a) => a.json().code)).toEqual([
        'NOT_FOUND_COUPON',
        'NOT_FOUND_COUPON',
        'NOT_FOUND_COUPON',
        'TOO_MANY_REQUESTS',
      ]);
      expect(answers[3]?.statusCode).toBe(429);
      // Other members from the same address: two more requests reach the address's limit of 5 a minute.
      const other = await createMember(limited.database.db, limited.config.auth);
      const more = [await send(other, 'GUESS-0005'), await send(other, 'GUESS-0006')];
      expect(more.map((a) => a.json().code)).toEqual(['NOT_FOUND_COUPON', 'TOO_MANY_REQUESTS']);
    } finally {
      await limited.close();
    }
  });
});

describe('admin coupons', () => {
  it('are for FINANCE admins only (readers: NOT_LOGIN_USER, other roles: FORBIDDEN), and every creation is audited', async () => {
    const m = await newMember();
    const support = await createAdmin(t.database.db, t.app.services.totp, { roles: ['SUPPORT'] });
    const body = { name: 'x', grant: coinGrant, codes: { mode: 'SHARED' } };
    expect(await failure(api('POST', '/admin/coupons', m, body))).toEqual([401, 'NOT_LOGIN_USER']);
    expect(await failure(api('POST', '/admin/coupons', undefined, body))).toEqual([401, 'NOT_LOGIN_USER']);
    expect(await failure(api('POST', '/admin/coupons', support, body))).toEqual([403, 'FORBIDDEN']);
    expect(await failure(api('GET', '/admin/coupons', support))).toEqual([403, 'FORBIDDEN']);
    const created = await createCoupon(coinGrant, { mode: 'BATCH', count: 2 });
    const more = await data(api('POST', `/admin/coupons/${created.id}/codes`, admin, { count: 3 }));
    expect(more.codes).toHaveLength(3);
    expect(more.coupon).toMatchObject({ id: created.id, codeCount: 5, registrations: 0, usesLeft: null });
    const audit = await t.database.db.select().from(adminAudit).where(eq(adminAudit.adminId, admin.id));
    const mine = audit.filter((a) => a.targetType === 'coupon' && a.targetId === String(created.id));
    expect(mine.map((a) => [a.action, (a.details as { count?: number }).count ?? null])).toEqual([
      ['COUPON_CREATE', null],
      ['COUPON_CODES', 3],
    ]);
    const other = await newAdmin(OTHER_BRAND);
    expect(await failure(api('POST', `/admin/coupons/${created.id}/codes`, other, { count: 1 }, OTHER_BRAND))).toEqual([
      404,
      'NOT_FOUND_COUPON',
    ]);
  });

  it('makes codes hard to guess: 16 symbols of 32 in groups of four, all different', async () => {
    const { codes } = await createCoupon(coinGrant, { mode: 'BATCH', count: 200 });
    expect(codes).toHaveLength(200);
    expect(new Set(codes).size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
  });

  it('refuses what cannot be given: a taken code, an episode of another brand, expiring paid coins, a fixed discount above its minimum', async () => {
    await createCoupon(coinGrant, { mode: 'SHARED', code: 'ONLY-ONCE' });
    const post = (body: object) => failure(api('POST', '/admin/coupons', admin, { name: 'x', ...body }));
    expect(await post({ grant: coinGrant, codes: { mode: 'SHARED', code: 'only-once' } })).toEqual([
      400,
      'INVALID_PARAMETER',
    ]);
    const foreign = await createSeries(t.database.db, { brands: [OTHER_BRAND] });
    const foreignEpisode = foreign.episodes[1]?.id ?? 0;
    expect(
      await post({ grant: { kind: 'EPISODE_RENT', episodeId: foreignEpisode }, codes: { mode: 'SHARED' } }),
    ).toEqual([400, 'INVALID_PARAMETER']);
    expect(
      await post({ grant: { kind: 'COIN', coinType: 'COIN', coins: 5, validDays: 3 }, codes: { mode: 'SHARED' } }),
    ).toEqual([400, 'INVALID_PARAMETER']);
    expect(
      await post({
        grant: { kind: 'DISCOUNT', discountAmount: 500, minimumAmount: 499 },
        codes: { mode: 'SHARED' },
      }),
    ).toEqual([400, 'INVALID_PARAMETER']);
    expect(await post({ grant: { kind: 'DISCOUNT', minimumAmount: 0 }, codes: { mode: 'SHARED' } })).toEqual([
      400,
      'INVALID_PARAMETER',
    ]);
  });

  it('exports a new batch as CSV', async () => {
    const created = await createCoupon(discountGrant, { mode: 'BATCH', count: 1 });
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/coupons/${created.id}/codes.csv`,
      headers: { ...brandHeaders(), ...admin.headers },
      payload: { count: 4 },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toContain(`coupon-${created.id}-codes.csv`);
    const lines = answer.body.trim().split('\r\n');
    expect(lines[0]).toBe('coupon_id,coupon_name,code');
    expect(lines).toHaveLength(5);
    const code = lines[1]?.split(',')[2] ?? '';
    const m = await newMember();
    expect((await data(register(m, code))).coupon).toMatchObject({ kind: 'DISCOUNT', status: 'UNUSED' });
    const member = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/coupons/${created.id}/codes.csv`,
      headers: { ...brandHeaders(), ...m.headers },
      payload: { count: 4 },
    });
    expect([member.statusCode, member.json().code]).toEqual([401, 'NOT_LOGIN_USER']);
  });
});

describe('the CLI (npm run admin:coupons)', () => {
  async function cli(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const exit = await run(argv, {
      database: t.database,
      config: t.config,
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    return { exit, out, err: err.join('\n') };
  }

  it('creates a coupon as an admin through the same service, and prints its code once', async () => {
    const made = await cli(
      'create',
      '--name',
      'From the shell',
      '--kind',
      'COIN',
      '--coin-type',
      'FREE_COIN',
      '--coins',
      '7',
      '--max-uses',
      '10',
      '--admin',
      admin.email,
      '--brand',
      BRAND,
    );
    expect(made.exit, made.err).toBe(0);
    const code = made.out.at(-1) ?? '';
    const m = await newMember();
    expect((await data(register(m, code))).balance).toMatchObject({ freeCoin: 7 });
  });

  it('writes a batch to a CSV file, adds codes, lists, and refuses a member or a bad option (exit 1)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'coupons-cli-'));
    try {
      const file = join(dir, 'codes.csv');
      const made = await cli(
        'create',
        '--name',
        'Batch',
        '--kind',
        'DISCOUNT',
        '--amount',
        '100',
        '--minimum',
        '499',
        '--count',
        '3',
        '--csv',
        file,
        '--admin',
        admin.email,
        '--brand',
        BRAND,
      );
      expect(made.exit, made.err).toBe(0);
      expect((await readFile(file, 'utf8')).trim().split('\r\n')).toHaveLength(4);
      const couponId = JSON.parse(made.out[0] ?? '{}').id as number;
      const more = await cli(
        'codes',
        '--coupon',
        String(couponId),
        '--count',
        '2',
        '--admin',
        admin.email,
        '--brand',
        BRAND,
      );
      expect(more.exit, more.err).toBe(0);
      expect(more.out.slice(2)).toHaveLength(2);
      const listed = await cli('list', '--admin', admin.email, '--brand', BRAND);
      expect(listed.exit).toBe(0);
      expect(JSON.parse(listed.out[0] ?? '{}').items.find((c: { id: number }) => c.id === couponId)).toMatchObject({
        codeCount: 5,
      });

      const support = await createAdmin(t.database.db, t.app.services.totp, { roles: ['SUPPORT'] });
      const refused = await cli('list', '--admin', support.email, '--brand', BRAND);
      expect(refused).toMatchObject({ exit: 1, err: expect.stringContaining('FORBIDDEN') });
      expect(await cli('create', '--name', 'x', '--kind', 'COIN', '--admin', admin.email)).toMatchObject({
        exit: 1,
        err: expect.stringContaining('grant'),
      });
      expect((await cli('explode', '--admin', admin.email)).exit).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the demo seed', () => {
  it('gives each brand a coins, a discount and a rental code, once, whatever the number of runs', async () => {
    await seedDemoCoupons(t.database.db);
    await seedDemoCoupons(t.database.db);
    const codes = demoCouponCodes(BRAND);
    const m = await newMember();
    expect((await data(register(m, codes.coins))).balance).toMatchObject({ bonus: 10 });
    expect((await data(register(m, codes.discount))).coupon).toMatchObject({ kind: 'DISCOUNT', minimumAmount: 499 });
    expect((await data(register(m, codes.rental))).coupon).toMatchObject({ kind: 'EPISODE_RENT', status: 'USED' });
    expect(await failure(register(m, demoCouponCodes(OTHER_BRAND).coins))).toEqual([404, 'NOT_FOUND_COUPON']);
    const other = await newMember(OTHER_BRAND);
    expect((await data(register(other, demoCouponCodes(OTHER_BRAND).coins, OTHER_BRAND))).balance).toMatchObject({
      bonus: 10,
    });
  });
});
