import { randomUUID } from 'node:crypto';
import { DAY_MS, type HistoryEntry } from '@balcony/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../src/cli/adjust-coins.js';
import { adminAudit } from '../src/db/schema.js';
import * as wallet from '../src/modules/wallet/service.js';
import { createAdmin, createMember } from './factories.js';
import { createTestApp, type TestApp } from './helper.js';
import { type Caller, callsOf } from './support/calls.js';

// Admin coin adjustments (issue 11 item 6): the admin route and its audit log through the API,
// and the CLI through its `run`. Every test ends with the ledger check.

const BRAND = 'delitoonb-fr';
const OTHER_BRAND = 'bom-tw';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await newAdmin();
});
afterAll(() => t.close());
afterEach(async () => {
  const problems = await wallet.checkLedger(t.database.db);
  expect(problems).toEqual({ unbalanced: [], accounts: [], lots: [], members: [] });
});

type Member = Awaited<ReturnType<typeof createMember>>;
const newMember = (brandId = BRAND) => createMember(t.database.db, t.config.auth, { brandId });
const newAdmin = (brandId = BRAND) =>
  createAdmin(t.database.db, t.app.services.totp, { roles: ['FINANCE'], brandIds: [brandId] });

const { api, data, code } = callsOf(() => t, { brand: BRAND });

const adjust = (
  who: Caller | undefined,
  body: { userId: number; coinType: string; amount: number; validDays?: number; idempotencyKey?: string },
  brand = BRAND,
) =>
  api(
    'POST',
    '/admin/coins/adjust',
    who,
    { reason: 'Sorry for the outage', idempotencyKey: randomUUID(), ...body },
    brand,
  );
const balance = (who: Member, brand = BRAND) => data(api('GET', '/coin', who, undefined, brand));
const history = async (who: Member, kind: 'charge' | 'use' | 'mileage'): Promise<HistoryEntry[]> =>
  (await data(api('GET', `/coin/history/${kind}`, who))).items;
const auditOf = (userId: number) => t.database.db.select().from(adminAudit).where(eq(adminAudit.targetUserId, userId));

describe('who may adjust', () => {
  it('refuses visitors and readers (no admin session: NOT_LOGIN_USER) and admins of other roles (FORBIDDEN)', async () => {
    const m = await newMember();
    const body = { userId: m.id, coinType: 'COIN', amount: 10 };
    const visitor = await adjust(undefined, body);
    expect([visitor.statusCode, visitor.json().code]).toEqual([401, 'NOT_LOGIN_USER']);
    const member = await adjust(m, body);
    expect([member.statusCode, member.json().code]).toEqual([401, 'NOT_LOGIN_USER']);
    const support = await adjust(await createAdmin(t.database.db, t.app.services.totp, { roles: ['SUPPORT'] }), body);
    expect([support.statusCode, support.json().code]).toEqual([403, 'FORBIDDEN']);
    expect(await code(api('GET', `/admin/audit?userId=${m.id}`, m))).toBe('NOT_LOGIN_USER');
    expect(await code(api('GET', `/admin/audit?userId=${m.id}`, admin))).toBe('FORBIDDEN');
    expect(await code(api('GET', '/admin/audit'))).toBe('NOT_LOGIN_USER');
    expect((await balance(m)).total).toBe(0);
    expect(await auditOf(m.id)).toEqual([]);
  });

  it('keeps an admin to the members of their own brand', async () => {
    const elsewhere = await newMember(OTHER_BRAND);
    const res = await adjust(admin, { userId: elsewhere.id, coinType: 'BONUS', amount: 10 });
    expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND_USER']);
    expect(await code(adjust(admin, { userId: 2_000_000_000, coinType: 'BONUS', amount: 10 }))).toBe('NOT_FOUND_USER');
    // An admin kept to one brand may not act in another by sending its header.
    const crossBrand = await adjust(admin, { userId: elsewhere.id, coinType: 'BONUS', amount: 10 }, OTHER_BRAND);
    expect([crossBrand.statusCode, crossBrand.json().code]).toEqual([403, 'FORBIDDEN']);
    expect((await balance(elsewhere, OTHER_BRAND)).total).toBe(0);
    expect(await auditOf(elsewhere.id)).toEqual([]);
  });
});

describe('charging and deducting', () => {
  it('charges bonus coins that expire after validDays, shown to the member with the reason', async () => {
    const m = await newMember();
    const before = Date.now();
    const answer = await data(adjust(admin, { userId: m.id, coinType: 'BONUS', amount: 50, validDays: 30 }));
    expect(answer).toMatchObject({ userId: m.id, applied: true, balance: { bonus: 50, total: 50 } });
    const mine = await balance(m);
    expect(mine).toMatchObject({ coin: 0, bonus: 50, total: 50 });
    const expiresAt = Date.parse(mine.expiring[0].expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);

    const [entry] = await history(m, 'charge');
    expect(entry).toMatchObject({
      type: 'CHARGE',
      title: 'ADMIN_CHARGE',
      coinType: 'BONUS',
      source: 'ADMIN',
      amount: 50,
      expiresAt: mine.expiring[0].expiresAt,
      reference: { kind: 'NOTE', note: 'Sorry for the outage' },
    });
  });

  it('charges paid coins that never expire, and refuses validDays for them', async () => {
    const m = await newMember();
    expect(await code(adjust(admin, { userId: m.id, coinType: 'COIN', amount: 5, validDays: 3 }))).toBe(
      'INVALID_PARAMETER',
    );
    expect((await data(adjust(admin, { userId: m.id, coinType: 'COIN', amount: 5 }))).balance).toMatchObject({
      coin: 5,
      expiring: [],
    });
    expect((await history(m, 'charge'))[0]).toMatchObject({ title: 'ADMIN_CHARGE', coinType: 'COIN', expiresAt: null });
  });

  it('deducts up to the balance of the type; past it COIN_INSUFFICIENT and nothing changes', async () => {
    const m = await newMember();
    await data(adjust(admin, { userId: m.id, coinType: 'FREE_COIN', amount: 8 }));
    await data(adjust(admin, { userId: m.id, coinType: 'COIN', amount: 20 }));
    const auditBefore = (await auditOf(m.id)).length;

    const refused = await adjust(admin, { userId: m.id, coinType: 'FREE_COIN', amount: -9 });
    expect([refused.statusCode, refused.json().code]).toEqual([402, 'COIN_INSUFFICIENT']);
    expect(await balance(m)).toMatchObject({ freeCoin: 8, coin: 20, total: 28 });
    expect(await auditOf(m.id)).toHaveLength(auditBefore);
    expect(await code(adjust(admin, { userId: m.id, coinType: 'FREE_COIN', amount: -3, validDays: 5 }))).toBe(
      'INVALID_PARAMETER',
    );

    const taken = await data(adjust(admin, { userId: m.id, coinType: 'FREE_COIN', amount: -8 }));
    expect(taken).toMatchObject({ applied: true, balance: { freeCoin: 0, coin: 20, total: 20 } });
    expect((await history(m, 'use'))[0]).toMatchObject({
      type: 'USE',
      title: 'ADMIN_DEDUCT',
      coinType: 'FREE_COIN',
      amount: -8,
      reference: { kind: 'NOTE', note: 'Sorry for the outage' },
    });
  });

  it('adjusts points in the mileage history', async () => {
    const m = await newMember();
    await data(adjust(admin, { userId: m.id, coinType: 'MILEAGE', amount: 3000 }));
    await data(adjust(admin, { userId: m.id, coinType: 'MILEAGE', amount: -1000 }));
    expect((await balance(m)).mileage).toBe(2000);
    expect((await history(m, 'mileage')).map((e) => [e.title, e.amount])).toEqual([
      ['ADMIN_DEDUCT', -1000],
      ['ADMIN_CHARGE', 3000],
    ]);
  });

  it('applies a key once, however often it is sent, and refuses it for another adjustment', async () => {
    const m = await newMember();
    const body = { userId: m.id, coinType: 'BONUS', amount: 40, idempotencyKey: `retry-${randomUUID()}` };
    const [first, second] = await Promise.all([data(adjust(admin, body)), data(adjust(admin, body))]);
    expect([first.applied, second.applied].sort()).toEqual([false, true]);
    const third = await data(adjust(admin, body));
    expect(third).toMatchObject({ applied: false, balance: { bonus: 40 } });
    expect((await balance(m)).bonus).toBe(40);
    expect(await history(m, 'charge')).toHaveLength(1);
    expect(await code(adjust(admin, { ...body, amount: 41 }))).toBe('INVALID_PARAMETER');

    // Another admin's same key is their own adjustment.
    const other = await newAdmin();
    expect((await data(adjust(other, body))).applied).toBe(true);
    expect((await balance(m)).bonus).toBe(80);
  });
});

describe('the audit log', () => {
  it('records every adjustment, applied or not, and lists the brand’s newest first', async () => {
    const m = await newMember();
    const key = `audit-${randomUUID()}`;
    await data(adjust(admin, { userId: m.id, coinType: 'BONUS', amount: 7, validDays: 10, idempotencyKey: key }));
    await data(adjust(admin, { userId: m.id, coinType: 'BONUS', amount: 7, validDays: 10, idempotencyKey: key }));
    await data(adjust(admin, { userId: m.id, coinType: 'BONUS', amount: -2 }));

    const owner = await createAdmin(t.database.db, t.app.services.totp, { roles: ['OWNER'] });
    const page = await data(api('GET', `/admin/audit?userId=${m.id}`, owner));
    expect(page).toMatchObject({ page: 1, total: 3 });
    expect(page.items.map((i: { details: { amount: number; applied: boolean } }) => i.details)).toMatchObject([
      { amount: -2, applied: true, coinType: 'BONUS', reason: 'Sorry for the outage' },
      { amount: 7, applied: false, idempotencyKey: key },
      { amount: 7, applied: true, idempotencyKey: key, expiresAt: expect.any(String) },
    ]);
    expect(page.items[0]).toMatchObject({
      adminId: admin.id,
      adminEmail: admin.email,
      action: 'COIN_ADJUST',
      brandId: BRAND,
      targetType: 'member',
      targetId: String(m.id),
      targetUserId: m.id,
      after: { balance: { bonus: 5 } },
    });
    expect((await data(api('GET', '/admin/audit?size=2&page=2', owner))).items).toHaveLength(2);
    const searched = await data(api('GET', `/admin/audit?action=COIN_ADJUST&q=${key}`, owner));
    expect(searched.total).toBe(2);

    // The log of another brand holds none of it.
    const theirs = await data(api('GET', `/admin/audit?userId=${m.id}`, owner, undefined, OTHER_BRAND));
    expect(theirs).toMatchObject({ items: [], total: 0 });
  });
});

describe('the CLI', () => {
  async function cli(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const exit = await run(argv, {
      database: t.database,
      config: t.config,
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    return { exit, out: out.join('\n'), err: err.join('\n') };
  }

  it('adjusts as the console admin its e-mail names, who must hold FINANCE (or OWNER)', async () => {
    const operator = await newAdmin();
    const support = await createAdmin(t.database.db, t.app.services.totp, { roles: ['SUPPORT'] });
    const m = await newMember();
    for (const who of [support.email, 'nobody@example.com']) {
      const refused = await cli(
        '--user',
        String(m.id),
        '--type',
        'BONUS',
        '--amount',
        '5',
        '--reason',
        'x',
        '--admin',
        who,
      );
      expect(refused).toMatchObject({ exit: 1, err: expect.stringContaining('FORBIDDEN') });
    }

    const key = `cli-${randomUUID()}`;
    const args = [
      '--user',
      String(m.id),
      '--type',
      'BONUS',
      '--amount',
      '50',
      '--reason',
      'Contest prize',
      '--valid-days',
      '30',
      '--key',
      key,
      '--admin',
      operator.email,
    ];
    const charged = await cli(...args);
    expect(charged).toMatchObject({ exit: 0, out: expect.stringContaining('charged 50 BONUS') });
    expect(await cli(...args)).toMatchObject({ exit: 0, out: expect.stringContaining('already applied') });
    expect((await history(m, 'charge'))[0]).toMatchObject({
      title: 'ADMIN_CHARGE',
      amount: 50,
      reference: { kind: 'NOTE', note: 'Contest prize' },
    });

    const deducted = await cli(
      '--user',
      String(m.id),
      '--type',
      'BONUS',
      '--amount',
      '-20',
      '--reason',
      'Prize reduced',
      '--admin',
      operator.email,
    );
    expect(deducted).toMatchObject({ exit: 0, out: expect.stringContaining('deducted 20 BONUS') });
    expect(deducted.out).toMatch(/key: [\w-]+/);
    expect((await balance(m)).bonus).toBe(30);

    const tooMuch = await cli(
      '--user',
      String(m.id),
      '--type',
      'BONUS',
      '--amount',
      '-31',
      '--reason',
      'y',
      '--admin',
      operator.email,
    );
    expect(tooMuch).toMatchObject({ exit: 1, err: expect.stringContaining('COIN_INSUFFICIENT') });
    expect((await balance(m)).bonus).toBe(30);
  });

  it('exits 1 with a clear message on wrong input', async () => {
    const m = await newMember();
    expect(await cli('--user', String(m.id), '--type', 'BONUS', '--amount', '5', '--reason', 'x')).toMatchObject({
      exit: 1,
      err: expect.stringContaining('--admin'),
    });
    const badType = await cli(
      '--user',
      String(m.id),
      '--type',
      'GOLD',
      '--amount',
      '5',
      '--reason',
      'x',
      '--admin',
      String(admin.id),
    );
    expect(badType).toMatchObject({ exit: 1, err: expect.stringContaining('--type') });
    expect(await cli('--user', 'abc')).toMatchObject({ exit: 1, err: expect.stringContaining('--user') });
    expect(await cli('--nope')).toMatchObject({ exit: 1, err: expect.stringContaining('usage') });
    const missing = await cli(
      '--user',
      '2000000000',
      '--type',
      'BONUS',
      '--amount',
      '5',
      '--reason',
      'x',
      '--admin',
      String(admin.id),
    );
    expect(missing).toMatchObject({ exit: 1, err: expect.stringContaining('NOT_FOUND_USER') });
    expect(await cli('--help')).toMatchObject({ exit: 0, out: expect.stringContaining('usage') });
  });
});
