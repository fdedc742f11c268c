import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gifts, ledgerTransfers, ownerships } from '../src/db/schema.js';
import { expireDue } from '../src/modules/gifts/service.js';
import * as wallet from '../src/modules/wallet/service.js';
import { createAdmin, createMember, createSeries } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';
import { LEDGER_CLEAN } from './support/purchase-book.js';

// Issue 12 "On PostgreSQL": the same gift received from several tabs at once is granted once,
// receive-all racing single receives gives every gift once, and the expiry job racing a receive
// either expires or gives a gift, never both. The ledger check runs after every test.

let t: TestApp;
let admin: Member;
let story: Awaited<ReturnType<typeof createSeries>>;

type Member = Awaited<ReturnType<typeof createMember>>;
const newMember = () => createMember(t.database.db, t.config.auth);

describe.skipIf(!process.env.TEST_DATABASE_URL)('gifts under concurrency on PostgreSQL', () => {
  beforeAll(async () => {
    t = await createTestApp();
    expect(t.database.kind).toBe('postgres');
    admin = await createAdmin(t.database.db, t.app.services.totp, { roles: ['FINANCE'] });
    story = await createSeries(t.database.db, { title: 'Racing Gifts', episodes: { count: 4, free: 1 } });
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
  async function giftTo(m: Member, content: object): Promise<number> {
    const res = await api('POST', '/admin/gifts', admin, {
      targets: [{ type: 'USER', userId: m.id }],
      content,
      title: 'Race',
      idempotencyKey: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.gifts[0].id as number;
  }
  const outcome = (res: Awaited<ReturnType<typeof api>>) => (res.statusCode === 200 ? 'SUCCESS' : res.json().code);
  const giftTransfers = (giftId: number) =>
    t.database.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.key, `gift:${giftId}`));

  it('the same coin gift received from 10 tabs at once: one grant, the others ALREADY_GIVEN_GIFT', async () => {
    const m = await newMember();
    const id = await giftTo(m, { kind: 'COIN', coinType: 'BONUS', amount: 70 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => api('POST', `/gift/${id}/receive`, m)));
    const outcomes = answers.map(outcome);
    expect(outcomes.filter((o) => o === 'SUCCESS')).toHaveLength(1);
    expect(new Set(outcomes.filter((o) => o !== 'SUCCESS'))).toEqual(new Set(['ALREADY_GIVEN_GIFT']));
    expect(await giftTransfers(id)).toHaveLength(1);
    const coin = (await api('GET', '/coin', m)).json().data;
    expect(coin).toMatchObject({ bonus: 70, total: 70 });
  });

  it('the same episode gift received from 5 tabs at once writes its ownerships once', async () => {
    const m = await newMember();
    const episodeIds = story.episodes.filter((e) => !e.isFree).map((e) => e.id);
    const id = await giftTo(m, { kind: 'POSSESSION_GIFT', seriesId: story.id, episodeIds });
    const answers = await Promise.all(Array.from({ length: 5 }, () => api('POST', `/gift/${id}/receive`, m)));
    expect(answers.map(outcome).filter((o) => o === 'SUCCESS')).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(ownerships)
      .where(like(ownerships.orderRef, `gift:${id}`));
    expect(rows.map((r) => r.episodeId).sort()).toEqual([...episodeIds].sort());
  });

  it('receive-all from two tabs while single receives race them: every gift is given exactly once', async () => {
    const m = await newMember();
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await giftTo(m, { kind: 'COIN', coinType: 'FREE_COIN', amount: 10 + i }));
    const answers = await Promise.all([
      api('POST', '/gift/receive-all', m),
      api('POST', '/gift/receive-all', m),
      ...ids.map((id) => api('POST', `/gift/${id}/receive`, m)),
    ]);
    for (const a of answers) expect(['SUCCESS', 'ALREADY_GIVEN_GIFT', 'NOT_FOUND_GIFT']).toContain(outcome(a));
    for (const id of ids) expect(await giftTransfers(id)).toHaveLength(1);
    const coin = (await api('GET', '/coin', m)).json().data;
    expect(coin.freeCoin).toBe(10 + 11 + 12 + 13 + 14 + 15);
    expect((await api('GET', '/gift/count', m)).json().data.count).toBe(0);
  });

  it('the expiry job racing a receive: a gift is either received or expired, never both', async () => {
    const m = await newMember();
    const ids = [];
    for (let i = 0; i < 8; i++) ids.push(await giftTo(m, { kind: 'COIN', coinType: 'BONUS', amount: 5 }));
    // Due a moment from now, so some receives come before it and the job runs just after.
    const due = new Date(Date.now() + 150);
    for (const id of ids) await t.database.db.update(gifts).set({ expiresAt: due }).where(eq(gifts.id, id));
    const waitThenExpire = async () => {
      await new Promise((resolve) => setTimeout(resolve, 160));
      return expireDue(t.database.db, new Date());
    };
    await Promise.all([...ids.map((id) => api('POST', `/gift/${id}/receive`, m)), waitThenExpire(), waitThenExpire()]);
    const rows = await t.database.db.select().from(gifts).where(eq(gifts.userId, m.id));
    let received = 0;
    for (const row of rows) {
      const transfers = await giftTransfers(row.id);
      if (row.status === 'RECEIVED') {
        received++;
        expect(transfers).toHaveLength(1);
        expect(row.expiredAt).toBeNull();
      } else {
        expect(row.status).toBe('EXPIRED');
        expect(transfers).toEqual([]);
        expect(row.receivedAt).toBeNull();
      }
    }
    expect((await api('GET', '/coin', m)).json().data.bonus).toBe(5 * received);
  });
});
