import { randomUUID } from 'node:crypto';
import { DAY_MS, type Gift, type HistoryEntry } from '@balcony/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, episodes, gifts, ledgerTransfers, users } from '../src/db/schema.js';
import { expireDue } from '../src/modules/gifts/service.js';
import * as wallet from '../src/modules/wallet/service.js';
import { createAdmin, createMember, createSeries } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';
import { callsOf } from './support/calls.js';
import { memberHelpers, newEmail } from './support/members.js';

// The gift box (issue 12 item 4): admins send gifts of coins or episodes to members and to
// addresses; members see them in /gift, receive them one by one or all at once, and unreceived
// gifts expire. Every code of spec §8's gift group, and the ledger check after every test.

const BRAND = 'delitoonb-fr';
const OTHER_BRAND = 'bom-tw';

let t: TestApp;
let admin: Member;
let story: Awaited<ReturnType<typeof createSeries>>;
const helpers = memberHelpers(() => t);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.database.db, t.app.services.totp, { roles: ['FINANCE'], brandIds: [BRAND] });
  // Episodes 1 free, 2–5 paid; renting costs 2 and buying 4 coins.
  story = await createSeries(t.database.db, { title: 'Gifted Harbour', episodes: { count: 5, free: 1 } });
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await wallet.checkLedger(t.database.db)).toEqual({ unbalanced: [], accounts: [], lots: [], members: [] });
});

type Member = Awaited<ReturnType<typeof createMember>>;
function newMember(brandId = BRAND) {
  return createMember(t.database.db, t.config.auth, { brandId });
}

const { api, data, failure } = callsOf(() => t);

type Content =
  | { kind: 'COIN'; coinType: string; amount: number; validDays?: number }
  | { kind: 'POSSESSION_GIFT' | 'RENT_GIFT'; seriesId: number; episodeIds: number[] };
type Target =
  | { type: 'USER'; userId: number }
  | { type: 'MAIL'; email: string }
  | { type: 'SEGMENT'; segment: 'FAVORITE_OF_SERIES'; seriesId: number };

function sendRequest(targets: Target[], content: Content, extra: Record<string, unknown> = {}) {
  return api('POST', '/admin/gifts', admin, {
    targets,
    content,
    title: 'Thank you for reading',
    idempotencyKey: randomUUID(),
    ...extra,
  });
}
async function send(targets: Target[], content: Content, extra: Record<string, unknown> = {}) {
  return (await data(sendRequest(targets, content, extra))) as {
    gifts: { id: number; targetType: string; userId: number | null; email: string | null }[];
    expiresAt: string;
    applied: boolean;
  };
}
const coins = (amount: number, coinType = 'BONUS'): Content => ({ kind: 'COIN', coinType, amount });
const giftTo = async (m: Member, content: Content = coins(50)) =>
  (await send([{ type: 'USER', userId: m.id }], content)).gifts[0]?.id ?? 0;

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const box = (m: Pick<Member, 'headers'>) => data(api('GET', '/gift', m));
const count = async (m: Pick<Member, 'headers'>) => (await data(api('GET', '/gift/count', m))).count as number;
const receive = (m: Pick<Member, 'headers'>, giftId: number) => api('POST', `/gift/${giftId}/receive`, m);
const balance = (m: Member) => data(api('GET', '/coin', m));
const paid = (n: number) => {
  const e = story.episodes[n - 1];
  if (!e) throw new Error(`no episode ${n}`);
  return e;
};
async function accessOf(m: Member, n: number) {
  const detail = await data(api('GET', `/contents/${story.id}`, m));
  return detail.episodes.find((e: { id: number }) => e.id === paid(n).id).access;
}

describe('sending gifts (admins only)', () => {
  it('sends one gift to each member of the brand who favourites a series (a segment), and to nobody else', async () => {
    const series = await createSeries(t.database.db, { title: 'Segment Falls', episodes: { count: 2, free: 1 } });
    const [fan, secondFan, bystander] = await Promise.all([newMember(), newMember(), newMember()]);
    const elsewhere = await newMember(OTHER_BRAND);
    for (const m of [fan, secondFan]) await data(api('PUT', `/favorites/${series.id}`, m));
    // A fan on another brand is not of this brand's segment.
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/favorites/${series.id}`,
      headers: { ...brandHeaders(OTHER_BRAND), ...elsewhere.headers },
    });
    const segment: Target = { type: 'SEGMENT', segment: 'FAVORITE_OF_SERIES', seriesId: series.id };
    // The segment and one of its members named again get one gift each.
    const sent = await send([segment, { type: 'USER', userId: fan.id }], coins(3));
    expect(sent.gifts.map((g) => g.userId).sort()).toEqual([fan.id, secondFan.id].sort());
    expect([await count(fan), await count(secondFan), await count(bystander)]).toEqual([1, 1, 0]);
    const empty = await createSeries(t.database.db, { title: 'Nobody Reads This' });
    const none = await sendRequest([{ type: 'SEGMENT', segment: 'FAVORITE_OF_SERIES', seriesId: empty.id }], coins(3));
    expect([none.statusCode, none.json().code]).toEqual([400, 'INVALID_PARAMETER']);
  });

  it('refuses visitors and readers (no admin session) and admins without FINANCE', async () => {
    const m = await newMember();
    const body = {
      targets: [{ type: 'USER', userId: m.id }],
      content: coins(5),
      title: 'x',
      idempotencyKey: randomUUID(),
    };
    expect(await failure(api('POST', '/admin/gifts', undefined, body))).toEqual([401, 'NOT_LOGIN_USER']);
    expect(await failure(api('POST', '/admin/gifts', m, body))).toEqual([401, 'NOT_LOGIN_USER']);
    const support = await createAdmin(t.database.db, t.app.services.totp, { roles: ['SUPPORT'] });
    expect(await failure(api('POST', '/admin/gifts', support, body))).toEqual([403, 'FORBIDDEN']);
    expect(await count(m)).toBe(0);
  });

  it('refuses a member of another brand, an unknown member, a malformed address, episodes outside the series and a validity for paid coins', async () => {
    const elsewhere = await newMember(OTHER_BRAND);
    const m = await newMember();
    expect(await failure(sendRequest([{ type: 'USER', userId: elsewhere.id }], coins(5)))).toEqual([
      404,
      'NOT_FOUND_USER',
    ]);
    expect(await failure(sendRequest([{ type: 'USER', userId: 2_000_000_000 }], coins(5)))).toEqual([
      404,
      'NOT_FOUND_USER',
    ]);
    expect(await failure(sendRequest([{ type: 'MAIL', email: 'not-an-address' }], coins(5)))).toEqual([
      400,
      'INVALID_MAIL_FORM',
    ]);
    const other = await createSeries(t.database.db, { title: 'Not This One' });
    const wrongEpisode = {
      kind: 'POSSESSION_GIFT' as const,
      seriesId: story.id,
      episodeIds: [other.episodes[1]?.id ?? 0],
    };
    expect(await failure(sendRequest([{ type: 'USER', userId: m.id }], wrongEpisode))).toEqual([
      404,
      'NOT_FOUND_EPISODE',
    ]);
    const paidWithValidity = { kind: 'COIN' as const, coinType: 'COIN', amount: 5, validDays: 3 };
    expect(await failure(sendRequest([{ type: 'USER', userId: m.id }], paidWithValidity))).toEqual([
      400,
      'INVALID_PARAMETER',
    ]);
    // Nothing was sent by any of them.
    expect(await count(m)).toBe(0);
    expect(await t.database.db.select().from(gifts).where(eq(gifts.userId, elsewhere.id))).toEqual([]);
  });

  it('sends once per key: a retry answers the first sending, and every gift is in the audit log', async () => {
    const m = await newMember();
    const idempotencyKey = randomUUID();
    const first = await send([{ type: 'USER', userId: m.id }], coins(20), { idempotencyKey });
    const again = await send([{ type: 'USER', userId: m.id }], coins(20), { idempotencyKey });
    expect(first.applied).toBe(true);
    expect(again).toEqual({ ...first, applied: false });
    expect(await count(m)).toBe(1);
    const audit = await t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'GIFT_SEND'), eq(adminAudit.targetUserId, m.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      adminId: admin.id,
      targetType: 'gift',
      targetId: String(first.gifts[0]?.id),
      details: { applied: true, kind: 'COIN', idempotencyKey },
    });
  });
});

describe('the box and receiving one gift', () => {
  it('shows a waiting gift to its member only, and counts it in the header', async () => {
    const m = await newMember();
    const other = await newMember();
    const id = await giftTo(m, { kind: 'COIN', coinType: 'BONUS', amount: 50, validDays: 10 });
    const mine = await box(m);
    expect(mine.waitingCount).toBe(1);
    expect(mine.waiting).toEqual([
      expect.objectContaining({
        id,
        targetType: 'USER',
        kind: 'COIN',
        title: 'Thank you for reading',
        coins: { type: 'BONUS', amount: 50, validDays: 10 },
        episodes: null,
        status: 'WAITING',
        receivedAt: null,
      }),
    ]);
    expect(await count(m)).toBe(1);
    expect(await box(other)).toEqual({ waiting: [], past: [], waitingCount: 0 });
    expect(await failure(api('GET', '/gift'))).toEqual([401, 'NOT_LOGIN_USER']);
  });

  it('credits the coins once through the ledger, as a RECEIVE_GIFT entry of the charge history', async () => {
    const m = await newMember();
    const id = await giftTo(m, { kind: 'COIN', coinType: 'BONUS', amount: 50, validDays: 10 });
    const before = Date.now();
    const answer = await data(receive(m, id));
    expect(answer).toMatchObject({
      received: [{ id, status: 'RECEIVED' }],
      failed: [],
      balance: { bonus: 50, total: 50 },
      waitingCount: 0,
    });
    expect(await count(m)).toBe(0);
    expect(await failure(receive(m, id))).toEqual([409, 'ALREADY_GIVEN_GIFT']);
    expect((await balance(m)).bonus).toBe(50);

    const history: HistoryEntry[] = (await data(api('GET', '/coin/history/charge', m))).items;
    expect(history).toEqual([
      expect.objectContaining({
        type: 'CHARGE',
        title: 'RECEIVE_GIFT',
        coinType: 'BONUS',
        source: 'REWARD',
        amount: 50,
        reference: { kind: 'NOTE', note: 'Thank you for reading' },
      }),
    ]);
    const expiresAt = Date.parse(history[0]?.expiresAt ?? '');
    expect(expiresAt).toBeGreaterThanOrEqual(before + 10 * DAY_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 10 * DAY_MS);
    const transfers = await t.database.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.key, `gift:${id}`));
    expect(transfers).toHaveLength(1);

    const after = await box(m);
    expect(after.waiting).toEqual([]);
    expect(after.past).toEqual([expect.objectContaining({ id, status: 'RECEIVED', receivedAt: expect.any(String) })]);
  });

  it('answers NOT_FOUND_GIFT for a gift that does not exist or belongs to another brand', async () => {
    const m = await newMember();
    expect(await failure(receive(m, 2_000_000_000))).toEqual([404, 'NOT_FOUND_GIFT']);
    const elsewhereAdmin = await createAdmin(t.database.db, t.app.services.totp, {
      roles: ['FINANCE'],
      brandIds: [OTHER_BRAND],
    });
    const elsewhere = await newMember(OTHER_BRAND);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/gifts',
      headers: { ...brandHeaders(OTHER_BRAND), ...elsewhereAdmin.headers },
      payload: {
        targets: [{ type: 'USER', userId: elsewhere.id }],
        content: coins(5),
        title: 'Ailleurs',
        idempotencyKey: randomUUID(),
      },
    });
    const foreignId = sent.json().data.gifts[0].id as number;
    expect(await failure(receive(m, foreignId))).toEqual([404, 'NOT_FOUND_GIFT']);
  });

  it('answers UN_MATCHED_GIFT_TARGET_TYPE to a member receiving someone else’s gift, and gives them nothing', async () => {
    const owner = await newMember();
    const other = await newMember();
    const id = await giftTo(owner);
    expect(await failure(receive(other, id))).toEqual([403, 'UN_MATCHED_GIFT_TARGET_TYPE']);
    const mailed = (await send([{ type: 'MAIL', email: newEmail() }], coins(5))).gifts[0]?.id ?? 0;
    expect(await failure(receive(other, mailed))).toEqual([403, 'UN_MATCHED_GIFT_TARGET_TYPE']);
    expect((await balance(other)).total).toBe(0);
    expect(await count(owner)).toBe(1);
  });

  it('gives a POSSESSION_GIFT to keep and a RENT_GIFT for 72 hours, written as ownerships', async () => {
    const m = await newMember();
    const kept = await giftTo(m, { kind: 'POSSESSION_GIFT', seriesId: story.id, episodeIds: [paid(2).id, paid(3).id] });
    const rented = await giftTo(m, { kind: 'RENT_GIFT', seriesId: story.id, episodeIds: [paid(4).id] });
    const shown = (await box(m)).waiting.find((g: Gift) => g.id === kept);
    expect(shown.episodes).toEqual({
      seriesId: story.id,
      seriesTitle: 'Gifted Harbour',
      episodeIds: [paid(2).id, paid(3).id],
      episodeNumbers: [2, 3],
    });
    expect((await accessOf(m, 2)).state).toBe('PAID');

    await data(receive(m, kept));
    const before = Date.now();
    await data(receive(m, rented));
    expect((await accessOf(m, 2)).state).toBe('OWNED');
    expect((await accessOf(m, 3)).state).toBe('OWNED');
    const rental = await accessOf(m, 4);
    expect(rental.state).toBe('RENTED');
    expect(Date.parse(rental.expiresAt)).toBeGreaterThanOrEqual(before + 72 * 3600_000);
    expect((await accessOf(m, 5)).state).toBe('PAID');
    // The episodes were given, not sold: no coin moved.
    expect((await balance(m)).total).toBe(0);
  });

  it('answers NOT_FOUND_GIFT_INFO when the gift’s episodes are no longer published, and keeps it waiting', async () => {
    const m = await newMember();
    const series = await createSeries(t.database.db, { title: 'Withdrawn Lantern', episodes: { count: 3, free: 1 } });
    const episode = series.episodes[2];
    if (!episode) throw new Error('no episode');
    const id = await giftTo(m, { kind: 'POSSESSION_GIFT', seriesId: series.id, episodeIds: [episode.id] });
    await t.database.db
      .update(episodes)
      .set({ publishedAt: new Date(Date.now() + 10 * DAY_MS) })
      .where(eq(episodes.id, episode.id));
    expect(await failure(receive(m, id))).toEqual([404, 'NOT_FOUND_GIFT_INFO']);
    expect(await count(m)).toBe(1);
  });
});

describe('receiving every gift at once', () => {
  it('receives every waiting gift in one go, leaves one whose episodes are gone, then has nothing left', async () => {
    const m = await newMember();
    const series = await createSeries(t.database.db, { title: 'Fading Lantern', episodes: { count: 3, free: 1 } });
    const gone = series.episodes[2];
    if (!gone) throw new Error('no episode');
    const a = await giftTo(m, coins(30, 'FREE_COIN'));
    const b = await giftTo(m, coins(5, 'COIN'));
    const c = await giftTo(m, { kind: 'RENT_GIFT', seriesId: story.id, episodeIds: [paid(5).id] });
    const d = await giftTo(m, { kind: 'POSSESSION_GIFT', seriesId: series.id, episodeIds: [gone.id] });
    await t.database.db
      .update(episodes)
      .set({ publishedAt: new Date(Date.now() + DAY_MS) })
      .where(eq(episodes.id, gone.id));
    expect(await count(m)).toBe(4);

    const answer = await data(api('POST', '/gift/receive-all', m));
    expect(answer.received.map((g: Gift) => g.id).sort()).toEqual([a, b, c].sort());
    expect(answer.failed).toEqual([{ id: d, code: 'NOT_FOUND_GIFT_INFO' }]);
    expect(answer.balance).toMatchObject({ freeCoin: 30, coin: 5, total: 35 });
    expect(answer.waitingCount).toBe(1);
    expect((await accessOf(m, 5)).state).toBe('RENTED');

    // The broken gift is all that waits; once it is gone too, there is nothing to receive.
    await t.database.db.update(gifts).set({ status: 'EXPIRED', expiredAt: new Date() }).where(eq(gifts.id, d));
    expect(await failure(api('POST', '/gift/receive-all', m))).toEqual([404, 'NOT_FOUND_GIFT']);
  });
});

describe('gifts to an e-mail address', () => {
  it('waits for the account that confirms the address later, then is theirs to receive', async () => {
    const email = newEmail();
    const sent = await send([{ type: 'MAIL', email: email.toUpperCase() }], coins(40));
    expect(sent.gifts).toEqual([{ id: expect.any(Number), targetType: 'MAIL', userId: null, email }]);

    // Someone else confirming another address does not get it.
    const bystander = await helpers.member();
    expect(await count(bearer(bystander.token))).toBe(0);

    const signUp = await helpers.call('POST', '/auth/local/signup', {
      email,
      password: 'Webtoon123',
      passwordConfirm: 'Webtoon123',
      agreeTerms: true,
    });
    const { userId } = signUp.json().data;
    // Pending: the address is not confirmed yet, the gift still waits for it.
    const [waiting] = await t.database.db
      .select()
      .from(gifts)
      .where(eq(gifts.id, sent.gifts[0]?.id ?? 0));
    expect(waiting?.userId).toBeNull();
    const code = await helpers.codeFor(email);
    const verified = await helpers.call('POST', '/auth/local/signup/verify', {
      userId,
      signUpId: signUp.json().data.signUpId,
      code,
    });
    const newcomer = bearer(verified.json().data.accessToken.token);
    const mine = await box(newcomer);
    expect(mine.waiting).toEqual([expect.objectContaining({ id: sent.gifts[0]?.id, targetType: 'MAIL' })]);
    const got = await data(receive(newcomer, sent.gifts[0]?.id ?? 0));
    // 40 bonus coins, beside the 10 free coins of the sign-up mail reward.
    expect(got.balance).toMatchObject({ bonus: 40, freeCoin: 10 });
  });

  it('goes at once to an active account that holds the address', async () => {
    const m = await newMember();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, m.id));
    const sent = await send([{ type: 'MAIL', email: ` ${row?.email?.toUpperCase()} ` }], coins(3));
    expect(sent.gifts[0]).toMatchObject({ targetType: 'MAIL', userId: m.id });
    expect(await count(m)).toBe(1);
    await data(receive(m, sent.gifts[0]?.id ?? 0));
  });
});

describe('expiry', () => {
  it('expires an unreceived gift with an EXPIRE entry in the box and nothing in the ledger; the job is idempotent', async () => {
    const m = await newMember();
    const id = await giftTo(m, coins(25));
    const due = new Date(Date.now() - 1000);
    await t.database.db.update(gifts).set({ expiresAt: due }).where(eq(gifts.id, id));
    // Before the job runs, the gift is already out of reach.
    expect(await count(m)).toBe(0);
    expect(await failure(receive(m, id))).toEqual([404, 'NOT_FOUND_GIFT']);

    expect(await expireDue(t.database.db, new Date())).toBeGreaterThanOrEqual(1);
    expect(await expireDue(t.database.db, new Date())).toBe(0);
    const [row] = await t.database.db.select().from(gifts).where(eq(gifts.id, id));
    expect(row).toMatchObject({ status: 'EXPIRED', expiredAt: due, receivedAt: null });
    const mine = await box(m);
    expect(mine.past).toEqual([
      expect.objectContaining({ id, status: 'EXPIRED', expiredAt: due.toISOString(), receivedAt: null }),
    ]);
    expect(await failure(receive(m, id))).toEqual([404, 'NOT_FOUND_GIFT']);
    expect(
      await t.database.db
        .select()
        .from(ledgerTransfers)
        .where(like(ledgerTransfers.key, `gift:${id}%`)),
    ).toEqual([]);
    expect((await balance(m)).total).toBe(0);
  });
});
