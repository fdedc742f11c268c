import { randomUUID } from 'node:crypto';
import type { AdminEvent, EventDetail, HistoryEntry } from '@balcony/contracts';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, attendanceStamps, ledgerTransfers, rouletteTickets } from '../src/db/schema.js';
import { seedCoinProducts } from '../src/db/seed/coin-products.js';
import { dayIn, drawIndex, previousDay, seedHash, spinSeed } from '../src/modules/events/rules.js';
import * as wallet from '../src/modules/wallet/service.js';
import { createAdmin, createMember, createSeries } from './factories.js';
import { createTestApp, type TestApp } from './helper.js';
import { callsOf } from './support/calls.js';
import { DAY, yearsAgo } from './support/clock.js';
import { LEDGER_CLEAN } from './support/purchase-book.js';

// Events (issue 16 item 1): attendance stamps with daily and streak rewards, roulette spins drawn
// on the server from an auditable seed, emoticon reactions, addEarn on charges and discounts on
// episodes; every §8 event and theme code; console creation, scheduling, audit and roles. The
// ledger check runs after every test. Concurrency on PostgreSQL: events-concurrency.test.ts.

const BRAND = 'delitoonb-fr';
const OTHER_BRAND = 'bom-tw';
/** The brand of the addEarn and discount events, so that they touch no other test's prices. */
const SALE_BRAND = 'delitoon-fr';

let t: TestApp;
type Who = { headers: Record<string, string> };
let content: Who & { id: number };
let finance: Who & { id: number };

beforeAll(async () => {
  // The shared cache on, as in production: purchases read the brand's discount events from it.
  t = await createTestApp({ catalogCache: { ttlSeconds: 60, maxBytes: 8 * 1024 * 1024 } });
  await seedCoinProducts(t.database.db);
  content = await createAdmin(t.database.db, t.app.services.totp, { roles: ['CONTENT'] });
  finance = await createAdmin(t.database.db, t.app.services.totp, { roles: ['FINANCE'] });
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await wallet.checkLedger(t.database.db)).toEqual(LEDGER_CLEAN);
});

type Member = Awaited<ReturnType<typeof createMember>>;
const newMember = (spec: Parameters<typeof createMember>[2] = {}) => createMember(t.database.db, t.config.auth, spec);

const { api, data, failure, charge: chargeOn } = callsOf(() => t, { brand: BRAND });

const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
type EventSpec = Record<string, unknown>;
function eventBody(spec: EventSpec = {}) {
  return {
    kind: 'ATTENDANCE',
    title: 'Daily check-in',
    description: 'Come every day',
    startsAt: iso(-DAY),
    endsAt: iso(10 * DAY),
    rewards: [{ kind: 'freeEarn', type: 'FREE_COIN', amount: 2 }],
    ...spec,
  };
}
async function createEvent(spec: EventSpec = {}, brand = BRAND): Promise<AdminEvent> {
  return data(api('POST', '/admin/events', content, eventBody(spec), brand));
}
const roulette = (spec: EventSpec = {}, brand = BRAND) =>
  createEvent(
    {
      kind: 'ROULETTE',
      title: 'Lucky wheel',
      rewards: [],
      prizes: [
        { type: 'FREE_COIN', amount: 1, weight: 6 },
        { type: 'BONUS', amount: 5, weight: 3 },
        { type: 'COIN', amount: 50, weight: 1 },
      ],
      ...spec,
    },
    brand,
  );
async function giveTickets(m: Member, count: number, brand = BRAND) {
  return data(
    api('POST', '/admin/roulette-tickets', finance, { userId: m.id, count, idempotencyKey: randomUUID() }, brand),
  );
}
const stamp = (m: Who | undefined, eventId: number, brand = BRAND) =>
  api('POST', `/events/${eventId}/attendance`, m, undefined, brand);
const spin = (m: Who | undefined, eventId: number, key: string = randomUUID(), brand = BRAND) =>
  api('POST', `/events/${eventId}/roulette/spin`, m, { key }, brand);
const react = (m: Who | undefined, eventId: number, emoticon = 'LOVE') =>
  api('POST', `/events/${eventId}/emoticon`, m, { emoticon });
const balance = (m: Member, brand = BRAND) => data(api('GET', '/coin', m, undefined, brand));
const history = async (m: Member, brand = BRAND): Promise<HistoryEntry[]> =>
  (await data(api('GET', '/coin/history/charge', m, undefined, brand))).items;

describe('events as visitors and members see them', () => {
  it('lists the running events of the brand only, with what each gives; scheduled ones stay hidden', async () => {
    const now = await createEvent({ title: 'Now running' });
    const later = await createEvent({ title: 'Next month', startsAt: iso(20 * DAY), endsAt: iso(30 * DAY) });
    const ended = await createEvent({ title: 'Last month', startsAt: iso(-30 * DAY), endsAt: iso(-20 * DAY) });
    const elsewhere = await createEvent({ title: 'Another brand' }, OTHER_BRAND);
    expect([later.status, ended.status, now.status]).toEqual(['SCHEDULED', 'ENDED', 'RUNNING']);
    const listed: { id: number; rewards: unknown[] }[] = (await data(api('GET', '/events'))).events;
    const ids = listed.map((e) => e.id);
    expect(ids).toContain(now.id);
    expect(ids).not.toContain(later.id);
    expect(ids).not.toContain(ended.id);
    expect(ids).not.toContain(elsewhere.id);
    expect(listed.find((e) => e.id === now.id)?.rewards).toEqual([
      { kind: 'freeEarn', type: 'FREE_COIN', amount: 2, percent: null, streakDays: null, validDays: null },
    ]);
  });

  it('NOT_FOUND_EVENT for an unknown event or another brand’s; NOT_EVENT_PERIOD before and after its period', async () => {
    const m = await newMember();
    const elsewhere = await createEvent({}, OTHER_BRAND);
    const later = await createEvent({ startsAt: iso(20 * DAY), endsAt: iso(30 * DAY) });
    const ended = await createEvent({ startsAt: iso(-30 * DAY), endsAt: iso(-20 * DAY) });
    expect(await failure(api('GET', '/events/2147483000'))).toEqual([404, 'NOT_FOUND_EVENT']);
    expect(await failure(api('GET', `/events/${elsewhere.id}`))).toEqual([404, 'NOT_FOUND_EVENT']);
    expect(await failure(stamp(m, elsewhere.id))).toEqual([404, 'NOT_FOUND_EVENT']);
    expect(await failure(api('GET', `/events/${later.id}`))).toEqual([403, 'NOT_EVENT_PERIOD']);
    expect(await failure(stamp(m, later.id))).toEqual([403, 'NOT_EVENT_PERIOD']);
    expect(await failure(stamp(m, ended.id))).toEqual([403, 'NOT_EVENT_PERIOD']);
    // An event of another kind is not found as this one.
    const wheel = await roulette();
    expect(await failure(stamp(m, wheel.id))).toEqual([404, 'NOT_FOUND_EVENT']);
    expect(await balance(m)).toMatchObject({ total: 0 });
  });

  it('visitors see an event, and must log in to act', async () => {
    const event = await createEvent();
    const seen: EventDetail = await data(api('GET', `/events/${event.id}`));
    expect(seen.member).toBeNull();
    expect(await failure(stamp(undefined, event.id))).toEqual([401, 'NOT_LOGIN_USER']);
  });

  it('themes: an event wears its brand’s theme; NOT_FOUND_THEME for an unknown one, or another brand’s', async () => {
    const mine = await data(
      api('POST', '/admin/event-themes', content, { name: 'Spring', primaryColor: '#114477', accentColor: '#ffcc00' }),
    );
    const theirs = await data(
      api(
        'POST',
        '/admin/event-themes',
        content,
        { name: 'Other', primaryColor: '#000000', accentColor: '#ffffff' },
        OTHER_BRAND,
      ),
    );
    const event = await createEvent({ themeId: mine.id });
    expect((await data(api('GET', `/events/${event.id}`))).event.theme).toMatchObject({
      name: 'Spring',
      primaryColor: '#114477',
    });
    expect(await data(api('GET', `/events/themes/${mine.id}`))).toMatchObject({ accentColor: '#ffcc00' });
    expect(await failure(api('GET', `/events/themes/${theirs.id}`))).toEqual([404, 'NOT_FOUND_THEME']);
    expect(await failure(api('GET', '/events/themes/999999'))).toEqual([404, 'NOT_FOUND_THEME']);
    expect(await failure(api('POST', '/admin/events', content, eventBody({ themeId: theirs.id })))).toEqual([
      404,
      'NOT_FOUND_THEME',
    ]);
  });
});

describe('attendance', () => {
  it('one stamp a day: the reward once, a second stamp changes nothing, and the coins show in the history', async () => {
    const event = await createEvent();
    const m = await newMember();
    const first = await data(stamp(m, event.id));
    const today = dayIn('Europe/Paris', new Date());
    expect(first).toMatchObject({
      stamped: true,
      gains: [{ type: 'FREE_COIN', amount: 2 }],
      attendance: { days: [today], today, stampedToday: true, streak: 1 },
      balance: { freeCoin: 2, total: 2 },
    });
    const again = await data(stamp(m, event.id));
    expect(again).toMatchObject({ stamped: false, gains: [], balance: { freeCoin: 2 } });
    const [entry] = await history(m);
    expect(entry).toMatchObject({ title: 'EVENT_ATTENDANCE', source: 'EVENT', coinType: 'FREE_COIN', amount: 2 });
    const keys = await t.database.db
      .select({ key: ledgerTransfers.key })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.userId, m.id), like(ledgerTransfers.key, 'attendance:%')));
    expect(keys.map((k) => k.key)).toEqual([expect.stringMatching(`^attendance:${event.id}:${m.id}:${today}:\\d+$`)]);
    const detail: EventDetail = await data(api('GET', `/events/${event.id}`, m));
    expect(detail.member?.attendance).toMatchObject({ stampedToday: true, streak: 1 });
  });

  it('the 7th day in a row earns the streak reward and its roulette tickets on top of the daily one', async () => {
    const event = await createEvent({
      startsAt: iso(-10 * DAY),
      rewards: [
        { kind: 'freeEarn', type: 'FREE_COIN', amount: 1 },
        { kind: 'freeEarn', type: 'BONUS', amount: 10, streakDays: 7 },
        { kind: 'freeEarn', type: 'ROULETTE_TICKET', amount: 2, streakDays: 7 },
      ],
    });
    const m = await newMember();
    const other = await newMember();
    // Six days stamped in a row before today (as six earlier stamps would have left them).
    let day = dayIn('Europe/Paris', new Date());
    const earlier = [];
    for (let streak = 6; streak >= 1; streak -= 1) {
      day = previousDay(day);
      earlier.push({ eventId: event.id, userId: m.id, day, streak });
    }
    await t.database.db.insert(attendanceStamps).values(earlier);
    // A member with a gap (stamped two days ago only) starts again at 1.
    await t.database.db.insert(attendanceStamps).values({
      eventId: event.id,
      userId: other.id,
      day: previousDay(previousDay(dayIn('Europe/Paris', new Date()))),
      streak: 5,
    });
    const seventh = await data(stamp(m, event.id));
    expect(seventh.attendance.streak).toBe(7);
    expect(seventh.gains).toEqual([
      { type: 'FREE_COIN', amount: 1 },
      { type: 'BONUS', amount: 10 },
      { type: 'ROULETTE_TICKET', amount: 2 },
    ]);
    expect(seventh.balance).toMatchObject({ freeCoin: 1, bonus: 10 });
    expect(seventh.ticketsLeft).toBe(2);
    const restarted = await data(stamp(other, event.id));
    expect(restarted.attendance.streak).toBe(1);
    expect(restarted.gains).toEqual([{ type: 'FREE_COIN', amount: 1 }]);
    expect(restarted.ticketsLeft).toBe(0);
  });

  it('adult-only and minor-only events: UNAUTHORIZED_ADULT and UNAUTHORIZED_NON_ADULT; new-member events: UNAUTHORIZED_USER', async () => {
    const adultOnly = await createEvent({ audience: 'ADULT' });
    const minorOnly = await createEvent({ audience: 'MINOR' });
    const newcomers = await createEvent({ audience: 'NEW_MEMBER', startsAt: iso(-DAY) });
    const adult = await newMember({ birthedAt: yearsAgo(30) });
    const unverified = await newMember();
    expect(await failure(stamp(unverified, adultOnly.id))).toEqual([403, 'UNAUTHORIZED_ADULT']);
    expect((await data(stamp(adult, adultOnly.id))).stamped).toBe(true);
    expect(await failure(stamp(adult, minorOnly.id))).toEqual([403, 'UNAUTHORIZED_NON_ADULT']);
    expect((await data(stamp(unverified, minorOnly.id))).stamped).toBe(true);
    // Members are made now, after the event began: they may; one whose account is older may not.
    expect((await data(stamp(unverified, newcomers.id))).stamped).toBe(true);
    const veteran = await newMember();
    // An account made last year, before the event began.
    await t.database.db.execute(
      sql`update users set created_at = now() - interval '365 days' where id = ${veteran.id}`,
    );
    t.app.services.accounts.forget(veteran.id);
    expect(await failure(stamp(veteran, newcomers.id))).toEqual([403, 'UNAUTHORIZED_USER']);
  });
});

describe('roulette', () => {
  it('a spin uses one ticket, draws the prize from the ticket’s seed, credits it; NOT_EVENT_REMAIN_TICKET after the last', async () => {
    const wheel = await roulette();
    const m = await newMember();
    expect(await failure(spin(m, wheel.id))).toEqual([409, 'NOT_EVENT_REMAIN_TICKET']);
    await giveTickets(m, 2);
    expect(await data(api('GET', '/roulette/tickets', m))).toEqual({ ticketsLeft: 2 });
    const key = randomUUID();
    const first = await data(spin(m, wheel.id, key));
    expect(first.ticketsLeft).toBe(1);
    // The same key (a double click's retry) answers the same spin and spends nothing more.
    const repeated = await data(spin(m, wheel.id, key));
    expect(repeated.spin).toEqual(first.spin);
    expect(repeated.ticketsLeft).toBe(1);
    const second = await data(spin(m, wheel.id));
    expect(second.ticketsLeft).toBe(0);
    expect(await failure(spin(m, wheel.id))).toEqual([409, 'NOT_EVENT_REMAIN_TICKET']);
    // The prizes are in the wallet, one transfer per ticket.
    const won = [first.spin.prize, second.spin.prize];
    const total = won.reduce((s: number, p: { amount: number }) => s + p.amount, 0);
    expect((await balance(m)).total).toBe(total);
    const prizeKeys = await t.database.db
      .select({ key: ledgerTransfers.key })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.userId, m.id), like(ledgerTransfers.key, 'roulette:%')));
    expect(prizeKeys.map((k) => k.key).sort()).toEqual(
      [`roulette:${first.spin.ticketId}`, `roulette:${second.spin.ticketId}`].sort(),
    );
    // An auditor recomputes every draw from the event's seed, which matches the hash shown to members.
    const detail: EventDetail = await data(api('GET', `/events/${wheel.id}`, m));
    const audit = await data(api('GET', `/admin/events/${wheel.id}/audit`, finance));
    expect(seedHash(audit.drawSeed)).toBe(detail.drawSeedHash);
    for (const s of audit.spins) {
      expect(spinSeed(audit.drawSeed, s.ticketId)).toBe(s.seed);
      expect(drawIndex(s.seed, s.weights)).toBe(s.prizeIndex);
      expect(detail.event.prizes[s.prizeIndex]).toMatchObject(s.prize);
    }
    expect(detail.member?.spins.map((s) => s.id).sort()).toEqual([first.spin.id, second.spin.id].sort());
  });

  it('another member sees none of my spins and cannot spend my tickets; another brand’s tickets do not play here', async () => {
    const wheel = await roulette();
    const mine = await newMember();
    const theirs = await newMember();
    await giveTickets(mine, 1);
    await data(spin(mine, wheel.id));
    expect(await failure(spin(theirs, wheel.id))).toEqual([409, 'NOT_EVENT_REMAIN_TICKET']);
    expect((await data(api('GET', `/events/${wheel.id}`, theirs))).member).toMatchObject({ spins: [], ticketsLeft: 0 });
    const abroad = await newMember({ brandId: OTHER_BRAND });
    await giveTickets(abroad, 1, OTHER_BRAND);
    expect(await failure(spin(abroad, wheel.id, randomUUID(), OTHER_BRAND))).toEqual([404, 'NOT_FOUND_EVENT']);
  });

  it('an adult-only roulette refuses unverified members before spending their ticket', async () => {
    const wheel = await roulette({ audience: 'ADULT' });
    const m = await newMember();
    await giveTickets(m, 1);
    expect(await failure(spin(m, wheel.id))).toEqual([403, 'UNAUTHORIZED_ADULT']);
    expect(await data(api('GET', '/roulette/tickets', m))).toEqual({ ticketsLeft: 1 });
  });

  it('tickets granted by an admin are granted once per key', async () => {
    const m = await newMember();
    const body = { userId: m.id, count: 3, idempotencyKey: randomUUID() };
    expect(await data(api('POST', '/admin/roulette-tickets', finance, body))).toEqual({ granted: 3, ticketsLeft: 3 });
    expect(await data(api('POST', '/admin/roulette-tickets', finance, body))).toEqual({ granted: 0, ticketsLeft: 3 });
    const stranger = await newMember({ brandId: OTHER_BRAND });
    expect(await failure(api('POST', '/admin/roulette-tickets', finance, { ...body, userId: stranger.id }))).toEqual([
      404,
      'NOT_FOUND_USER',
    ]);
    const rows = await t.database.db.select().from(rouletteTickets).where(eq(rouletteTickets.userId, m.id));
    expect(rows).toHaveLength(3);
  });
});

describe('emoticon event', () => {
  it('one reaction per member, rewarded once, counted for everyone', async () => {
    const event = await createEvent({
      kind: 'EMOTICON',
      title: 'How did the finale make you feel?',
      rewards: [
        { kind: 'freeEarn', type: 'ROULETTE_TICKET', amount: 1 },
        { kind: 'freeEarn', type: 'MILEAGE', amount: 30 },
      ],
    });
    const a = await newMember();
    const b = await newMember();
    const first = await data(react(a, event.id, 'LAUGH'));
    expect(first).toMatchObject({
      reacted: true,
      emoticon: 'LAUGH',
      gains: [
        { type: 'ROULETTE_TICKET', amount: 1 },
        { type: 'MILEAGE', amount: 30 },
      ],
      ticketsLeft: 1,
      balance: { mileage: 30 },
    });
    const changed = await data(react(a, event.id, 'CRY'));
    expect(changed).toMatchObject({ reacted: false, emoticon: 'LAUGH', gains: [], ticketsLeft: 1 });
    await data(react(b, event.id, 'LAUGH'));
    const seen: EventDetail = await data(api('GET', `/events/${event.id}`));
    expect(seen.emoticons.find((e) => e.emoticon === 'LAUGH')?.count).toBe(2);
    expect(seen.emoticons.find((e) => e.emoticon === 'CRY')?.count).toBe(0);
    expect(await failure(react(a, event.id, 'NOT_AN_EMOTICON'))).toEqual([400, 'INVALID_PARAMETER']);
  });
});

describe('addEarn and discount', () => {
  const charge = (m: Member, coins: number) => chargeOn(m, coins, SALE_BRAND);

  it('addEarn adds a share of each charge while the event runs, and a refund takes it back', async () => {
    const m = await newMember({ brandId: SALE_BRAND });
    const before = await balance(m, SALE_BRAND);
    expect(before.total).toBe(0);
    await charge(m, 140);
    const plain = await balance(m, SALE_BRAND);
    const event = await createEvent(
      { title: 'Charge week', rewards: [{ kind: 'addEarn', type: 'BONUS', percent: 10 }] },
      SALE_BRAND,
    );
    const paid = await charge(m, 140);
    const after = await balance(m, SALE_BRAND);
    expect(after.bonus - plain.bonus).toBe(plain.bonus + 14);
    const entry = (await history(m, SALE_BRAND)).find((h) => h.title === 'EVENT_ADD_EARN');
    expect(entry).toMatchObject({ coinType: 'BONUS', amount: 14, source: 'EVENT' });
    // A refund of the untouched charge takes back its coins and the event's bonus together.
    const refunded = await data(api('POST', `/shop/orders/${paid.id}/refund`, m, undefined, SALE_BRAND));
    expect(refunded.status).toBe('REFUNDED');
    expect(await balance(m, SALE_BRAND)).toMatchObject({ total: plain.total });
    // Once the event is over, charges get nothing extra.
    await data(
      api(
        'PUT',
        `/admin/events/${event.id}`,
        content,
        eventBody({
          title: 'Charge week',
          startsAt: iso(-2 * DAY),
          endsAt: iso(-DAY),
          rewards: [{ kind: 'addEarn', type: 'BONUS', percent: 10 }],
        }),
        SALE_BRAND,
      ),
    );
    await charge(m, 140);
    expect((await balance(m, SALE_BRAND)).bonus).toBe(plain.bonus * 2);
  });

  it('discount takes a percent off episodes while the event runs (the larger of series and event discounts)', async () => {
    const story = await createSeries(t.database.db, {
      brands: [SALE_BRAND],
      episodes: { count: 4, free: 1 },
      discountPercent: 10,
    });
    const m = await newMember({ brandId: SALE_BRAND });
    await charge(m, 140);
    const [, second, third] = story.episodes;
    if (!second || !third) throw new Error('the series has its episodes');
    const buy = (episodeId: number) =>
      data(
        api(
          'POST',
          `/episodes/${episodeId}/purchase`,
          m,
          { kind: 'POSSESSION', idempotencyKey: randomUUID() },
          SALE_BRAND,
        ),
      );
    const full = await buy(second.id);
    const event = await createEvent({ title: 'Half price', rewards: [{ kind: 'discount', percent: 50 }] }, SALE_BRAND);
    const halved = await buy(third.id);
    expect(halved.price).toBe(Math.ceil(third.buyPrice / 2));
    expect(full.price).toBe(Math.ceil((second.buyPrice * 90) / 100));
    const quote = await data(
      api('GET', `/contents/${story.id}/purchase-all?kind=POSSESSION`, m, undefined, SALE_BRAND),
    );
    expect(quote.discountPercent).toBe(50);
    await data(
      api(
        'PUT',
        `/admin/events/${event.id}`,
        content,
        eventBody({
          title: 'Half price',
          startsAt: iso(-2 * DAY),
          endsAt: iso(-DAY),
          rewards: [{ kind: 'discount', percent: 50 }],
        }),
        SALE_BRAND,
      ),
    );
    const after = await data(
      api('GET', `/contents/${story.id}/purchase-all?kind=POSSESSION`, m, undefined, SALE_BRAND),
    );
    expect(after.discountPercent).toBe(10);
  });
});

describe('the console', () => {
  it('creates and reschedules events with audit rows; a SUPPORT admin is refused; another brand’s event is not found', async () => {
    const support = await createAdmin(t.database.db, t.app.services.totp, { roles: ['SUPPORT'] });
    expect(await failure(api('POST', '/admin/events', support, eventBody()))).toEqual([403, 'FORBIDDEN']);
    expect(await failure(api('GET', '/admin/events', support))).toEqual([403, 'FORBIDDEN']);
    const event = await createEvent({ title: 'To move', startsAt: iso(5 * DAY), endsAt: iso(9 * DAY) });
    expect(event.status).toBe('SCHEDULED');
    const moved: AdminEvent = await data(
      api(
        'PUT',
        `/admin/events/${event.id}`,
        content,
        eventBody({ title: 'Moved', startsAt: iso(-DAY), endsAt: iso(DAY) }),
      ),
    );
    expect(moved).toMatchObject({ title: 'Moved', status: 'RUNNING' });
    const listed: AdminEvent[] = (await data(api('GET', '/admin/events', content))).events;
    expect(listed.find((e) => e.id === event.id)).toMatchObject({ title: 'Moved', status: 'RUNNING', participants: 0 });
    const rows = await t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetType, 'event'), eq(adminAudit.targetId, String(event.id))));
    expect(rows.map((r) => r.action).sort()).toEqual(['EVENT_CREATE', 'EVENT_UPDATE']);
    const update = rows.find((r) => r.action === 'EVENT_UPDATE');
    expect(update?.before).toMatchObject({ title: 'To move' });
    expect(update?.after).toMatchObject({ title: 'Moved' });
    // The admin of one brand cannot reach an event of another through it.
    const abroad = await createEvent({}, OTHER_BRAND);
    expect(await failure(api('PUT', `/admin/events/${abroad.id}`, content, eventBody()))).toEqual([
      404,
      'NOT_FOUND_EVENT',
    ]);
    expect(await failure(api('PUT', `/admin/events/${event.id}`, content, eventBody({ kind: 'EMOTICON' })))).toEqual([
      400,
      'INVALID_PARAMETER',
    ]);
  });

  it('refuses malformed events as INVALID_PARAMETER', async () => {
    const bad = [
      eventBody({ endsAt: iso(-2 * DAY) }),
      eventBody({ title: 'a\u0000b' }),
      eventBody({ title: 'x'.repeat(500) }),
      eventBody({ themeId: 2 ** 31 }),
      eventBody({ rewards: [{ kind: 'discount', type: 'COIN', percent: 10 }] }),
      eventBody({ rewards: [{ kind: 'freeEarn', type: 'COIN', amount: 1, validDays: 3 }] }),
      eventBody({ kind: 'ROULETTE', prizes: [{ type: 'COIN', amount: 1, weight: 1 }] }),
      eventBody({ kind: 'EMOTICON', rewards: [{ kind: 'freeEarn', type: 'COIN', amount: 1, streakDays: 7 }] }),
    ];
    for (const body of bad) {
      expect(await failure(api('POST', '/admin/events', content, body))).toEqual([400, 'INVALID_PARAMETER']);
    }
    expect(await failure(api('GET', `/events/${2 ** 31}`))).toEqual([400, 'INVALID_PARAMETER']);
  });
});
