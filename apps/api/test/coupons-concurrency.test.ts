import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { couponCodes, couponUsers, ledgerTransfers } from '../src/db/schema.js';
import * as wallet from '../src/modules/wallet/service.js';
import { createAdmin, createMember } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';
import { bookBalance, LEDGER_CLEAN } from './support/purchase-book.js';

// Issue 12 "On PostgreSQL": registrations racing on real row locks (PGlite runs one statement at
// a time, so these only mean something on PostgreSQL; they run in `npm run test:db`). The api's
// pool has 10 connections: the requests fired at once queue for them and race at the database.

let t: TestApp;
let admin: Member;
type Member = Awaited<ReturnType<typeof createMember>>;

describe.skipIf(!process.env.TEST_DATABASE_URL)('coupons under concurrency on PostgreSQL', () => {
  beforeAll(async () => {
    t = await createTestApp();
    expect(t.database.kind).toBe('postgres');
    admin = await createAdmin(t.database.db, t.app.services.totp, { roles: ['FINANCE'] });
  });
  afterAll(() => t?.close());
  afterEach(async () => {
    expect(await wallet.checkLedger(t.database.db)).toEqual(LEDGER_CLEAN);
  });

  const register = (who: Member, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/coupons',
      headers: { ...brandHeaders(), ...who.headers },
      payload: { code },
    });
  async function coinCoupon(codes: object): Promise<{ id: number; code: string }> {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/coupons',
      headers: { ...brandHeaders(), ...admin.headers },
      payload: { name: 'Race', grant: { kind: 'COIN', coinType: 'COIN', coins: 10 }, codes },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return { id: answer.json().data.coupon.id, code: answer.json().data.codes[0] };
  }
  const couponCredits = (userId: number) =>
    t.database.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.userId, userId), like(ledgerTransfers.key, 'coupon:%')));

  it('the same coupon registered 20 times at once by one member: one grant, 19 ALREADY_RECEIVED_COUPON', async () => {
    const m = await createMember(t.database.db, t.config.auth);
    const { code } = await coinCoupon({ mode: 'SHARED' });

    const answers = await Promise.all(Array.from({ length: 20 }, () => register(m, code)));

    const codes = answers.map((a) => (a.statusCode === 200 ? 'OK' : `${a.statusCode} ${a.json().code}`));
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(codes.filter((c) => c !== 'OK')).toEqual(Array(19).fill('409 ALREADY_RECEIVED_COUPON'));
    expect(await couponCredits(m.id)).toHaveLength(1);
    expect(await bookBalance(t.database.db, m.id)).toBe(10);
    expect(await t.database.db.select().from(couponUsers).where(eq(couponUsers.userId, m.id))).toHaveLength(1);
  });

  it('50 members racing for the last 10 uses of a limited coupon: exactly 10 get it, 40 SOLD_OUT_COUPON', async () => {
    const { id, code } = await coinCoupon({ mode: 'SHARED', maxUses: 12 });
    // Two uses are gone before the race.
    for (let i = 0; i < 2; i++) {
      const early = await register(await createMember(t.database.db, t.config.auth), code);
      expect(early.statusCode, early.body).toBe(200);
    }
    const members: Member[] = [];
    for (let i = 0; i < 50; i++) members.push(await createMember(t.database.db, t.config.auth));

    const answers = await Promise.all(members.map((m) => register(m, code)));

    const won = members.filter((_, i) => answers[i]?.statusCode === 200);
    expect(won).toHaveLength(10);
    const lost = answers.filter((a) => a.statusCode !== 200).map((a) => `${a.statusCode} ${a.json().code}`);
    expect(lost).toEqual(Array(40).fill('409 SOLD_OUT_COUPON'));
    const [row] = await t.database.db.select().from(couponCodes).where(eq(couponCodes.couponId, id));
    expect(row).toMatchObject({ useCount: 12, maxUses: 12 });
    expect(await t.database.db.select().from(couponUsers).where(eq(couponUsers.couponId, id))).toHaveLength(12);
    for (const m of won) expect(await bookBalance(t.database.db, m.id)).toBe(10);
    for (const m of members.filter((x) => !won.includes(x))) {
      expect(await couponCredits(m.id)).toEqual([]);
      expect(await bookBalance(t.database.db, m.id)).toBe(0);
    }
  });
});
