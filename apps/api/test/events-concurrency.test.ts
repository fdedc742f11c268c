import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { attendanceStamps, ledgerTransfers, rouletteSpins, rouletteTickets } from '../src/db/schema.js';
import * as wallet from '../src/modules/wallet/service.js';
import { createAdmin, createMember } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';
import { DAY } from './support/clock.js';
import { LEDGER_CLEAN } from './support/purchase-book.js';

// Issue 16 "On PostgreSQL": one member stamping attendance from 10 requests at once gets one
// stamp and one reward; 50 spins at once over 10 tickets give exactly 10 prizes, one per ticket.
// The ledger check runs after each.

let t: TestApp;
let content: { headers: Record<string, string> };
let finance: { headers: Record<string, string> };

type Member = Awaited<ReturnType<typeof createMember>>;

describe.skipIf(!process.env.TEST_DATABASE_URL)('events under concurrency on PostgreSQL', () => {
  beforeAll(async () => {
    t = await createTestApp();
    expect(t.database.kind).toBe('postgres');
    content = await createAdmin(t.database.db, t.app.services.totp, { roles: ['CONTENT'] });
    finance = await createAdmin(t.database.db, t.app.services.totp, { roles: ['FINANCE'] });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    expect(await wallet.checkLedger(t.database.db)).toEqual(LEDGER_CLEAN);
  });

  const api = (method: 'GET' | 'POST', url: string, who: { headers: Record<string, string> }, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...brandHeaders(), ...who.headers },
      ...(payload ? { payload } : {}),
    });
  const created = async (payload: object) => {
    const res = await api('POST', '/admin/events', content, {
      startsAt: new Date(Date.now() - DAY).toISOString(),
      endsAt: new Date(Date.now() + DAY).toISOString(),
      ...payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number };
  };
  const outcome = (res: Awaited<ReturnType<typeof api>>) => (res.statusCode === 200 ? 'SUCCESS' : res.json().code);

  it('10 stamps at once from one member: one stamp, one reward', async () => {
    const event = await created({
      kind: 'ATTENDANCE',
      title: 'Check-in',
      rewards: [
        { kind: 'freeEarn', type: 'FREE_COIN', amount: 3 },
        { kind: 'freeEarn', type: 'ROULETTE_TICKET', amount: 1 },
      ],
    });
    const m: Member = await createMember(t.database.db, t.config.auth);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api('POST', `/events/${event.id}/attendance`, m)),
    );
    expect(answers.map(outcome)).toEqual(Array(10).fill('SUCCESS'));
    expect(answers.filter((a) => a.json().data.stamped)).toHaveLength(1);
    const stamps = await t.database.db.select().from(attendanceStamps).where(eq(attendanceStamps.userId, m.id));
    expect(stamps).toHaveLength(1);
    const credits = await t.database.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.userId, m.id), like(ledgerTransfers.key, 'attendance:%')));
    expect(credits).toHaveLength(1);
    expect((await api('GET', '/coin', m)).json().data).toMatchObject({ freeCoin: 3, total: 3 });
    expect((await api('GET', '/roulette/tickets', m)).json().data).toEqual({ ticketsLeft: 1 });
  });

  it('50 spins at once over 10 tickets: exactly 10 prizes, one per ticket, 40 NOT_EVENT_REMAIN_TICKET', async () => {
    const event = await created({
      kind: 'ROULETTE',
      title: 'Wheel',
      prizes: [
        { type: 'FREE_COIN', amount: 1, weight: 5 },
        { type: 'BONUS', amount: 3, weight: 3 },
        { type: 'COIN', amount: 10, weight: 1 },
      ],
    });
    const m: Member = await createMember(t.database.db, t.config.auth);
    const grant = await api('POST', '/admin/roulette-tickets', finance, {
      userId: m.id,
      count: 10,
      idempotencyKey: randomUUID(),
    });
    expect(grant.json().data).toEqual({ granted: 10, ticketsLeft: 10 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => api('POST', `/events/${event.id}/roulette/spin`, m, { key: randomUUID() })),
    );
    const outcomes = answers.map(outcome);
    expect(outcomes.filter((o) => o === 'SUCCESS')).toHaveLength(10);
    expect(outcomes.filter((o) => o === 'NOT_EVENT_REMAIN_TICKET')).toHaveLength(40);
    const spins = await t.database.db.select().from(rouletteSpins).where(eq(rouletteSpins.userId, m.id));
    expect(new Set(spins.map((s) => s.ticketId)).size).toBe(10);
    const used = await t.database.db
      .select()
      .from(rouletteTickets)
      .where(and(eq(rouletteTickets.userId, m.id), isNotNull(rouletteTickets.usedAt)));
    expect(used).toHaveLength(10);
    const prizes = await t.database.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.userId, m.id), like(ledgerTransfers.key, 'roulette:%')));
    expect(prizes).toHaveLength(10);
    const won = spins.reduce((s, x) => s + x.prizeAmount, 0);
    expect((await api('GET', '/coin', m)).json().data.total).toBe(won);
  });

  it('the same spin key from 10 tabs at once: one ticket spent, the same prize everywhere', async () => {
    const event = await created({
      kind: 'ROULETTE',
      title: 'Wheel',
      prizes: [
        { type: 'FREE_COIN', amount: 1, weight: 1 },
        { type: 'BONUS', amount: 2, weight: 1 },
      ],
    });
    const m: Member = await createMember(t.database.db, t.config.auth);
    await api('POST', '/admin/roulette-tickets', finance, { userId: m.id, count: 3, idempotencyKey: randomUUID() });
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api('POST', `/events/${event.id}/roulette/spin`, m, { key })),
    );
    expect(answers.map(outcome)).toEqual(Array(10).fill('SUCCESS'));
    expect(new Set(answers.map((a) => a.json().data.spin.id)).size).toBe(1);
    expect((await api('GET', '/roulette/tickets', m)).json().data).toEqual({ ticketsLeft: 2 });
  });
});
