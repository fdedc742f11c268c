import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freetimeUses, ownerships, seriesBrands } from '../src/db/schema.js';
import { createMember, createSeries, grant } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';

// The wait-until-free ticket (issue 12): using it writes a FREETIME ownership that opens the
// episode for 72 hours; it is back after the series' interval; which episodes it opens is a rule
// of the series (not the newest N); every refusal has its code; a retry or a second tab spends it
// once. The locked viewer's offer (GET /episodes/{id}/offer) and the tickets of the library too.

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
type Series = Awaited<ReturnType<typeof createSeries>>;
let series: Series;
let noTicket: Series;
let adultSeries: Series;

const HOUR = 3600_000;
const INTERVAL_HOURS = 24;
const BRAND = 'delitoonb-fr';
const yearsAgo = (years: number) => `${new Date().getUTCFullYear() - years}-01-15`;

async function call(method: 'GET' | 'POST', url: string, member?: Member, body?: object) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...brandHeaders(), ...member?.headers },
    ...(body && { payload: body }),
  });
  const json = res.json();
  return { status: res.statusCode, code: json.code as string | undefined, data: json.data };
}

const useTicket = (member: Member | undefined, episodeId: number, idempotencyKey = randomUUID()) =>
  call('POST', `/episodes/${episodeId}/freetime`, member, { idempotencyKey });

const states = async (member: Member, s: Series = series) =>
  (await call('GET', `/contents/${s.id}`, member)).data.episodes.map(
    (e: { access: { state: string } }) => e.access.state,
  );

const ep = (n: number, s: Series = series) => {
  const e = s.episodes[n - 1];
  if (!e) throw new Error(`no episode ${n}`);
  return e;
};

const ownershipsOf = (userId: number) => t.database.db.select().from(ownerships).where(eq(ownerships.userId, userId));
const usesOf = (userId: number) => t.database.db.select().from(freetimeUses).where(eq(freetimeUses.userId, userId));

/** Moves a member's ticket use (and its ownership) `hours` into the past, as if time had passed. */
async function age(userId: number, hours: number) {
  const db = t.database.db;
  for (const use of await usesOf(userId)) {
    const usedAt = new Date(use.usedAt.getTime() - hours * HOUR);
    const expiresAt = new Date(use.expiresAt.getTime() - hours * HOUR);
    await db.update(freetimeUses).set({ usedAt, expiresAt }).where(eq(freetimeUses.id, use.id));
    await db
      .update(ownerships)
      .set({ createdAt: usedAt, expiresAt })
      .where(eq(ownerships.orderRef, `freetime:${use.id}`));
  }
}

async function setExcludesLatest(s: Series, count: number) {
  await t.database.db
    .update(seriesBrands)
    .set({ freetimeExcludesLatest: count })
    .where(and(eq(seriesBrands.seriesId, s.id), eq(seriesBrands.brandId, BRAND)));
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  // Episodes 1–2 free, 3–8 take part in wait-until-free; by default the newest 3 (6–8) are not opened by a ticket.
  series = await createSeries(db, {
    title: 'Tide Tickets',
    freetimeIntervalHours: INTERVAL_HOURS,
    episodes: { count: 8, free: 2, freetime: true, pages: 2 },
  });
  noTicket = await createSeries(db, { title: 'No Ticket Bay', episodes: { count: 4, free: 1, freetime: true } });
  adultSeries = await createSeries(db, {
    title: 'Night Tickets',
    isAdult: true,
    freetimeIntervalHours: INTERVAL_HOURS,
    episodes: { count: 6, free: 1, freetime: true },
  });
});
afterAll(() => t.close());

describe('using a wait-until-free ticket', () => {
  it('opens the episode for 72 hours, records one FREETIME ownership and starts the wait for the next ticket', async () => {
    const m = await createMember(t.database.db, t.config.auth);
    expect(await states(m)).toEqual(['FREE', 'FREE', ...Array(3).fill('FREETIME_READY'), 'PAID', 'PAID', 'PAID']);
    expect((await call('GET', `/episodes/${ep(3).id}/viewer`, m)).code).toBe('UNAUTHORIZED_CONTENTS');

    const before = Date.now();
    const used = await useTicket(m, ep(3).id);
    expect(used.status).toBe(200);
    expect(used.data).toMatchObject({ seriesId: series.id, episodeId: ep(3).id });
    expect(Date.parse(used.data.expiresAt) - before).toBeGreaterThanOrEqual(72 * HOUR - 1000);
    expect(Date.parse(used.data.expiresAt) - before).toBeLessThan(72 * HOUR + 60_000);
    expect(Date.parse(used.data.ticketAt) - Date.parse(used.data.expiresAt)).toBe((INTERVAL_HOURS - 72) * HOUR);

    const viewer = await call('GET', `/episodes/${ep(3).id}/viewer`, m);
    expect(viewer.status).toBe(200);
    expect(viewer.data.pages).toHaveLength(2);

    const detail = (await call('GET', `/contents/${series.id}`, m)).data;
    expect(detail.episodes[2].access).toEqual({
      state: 'FREETIME_UNLOCKED',
      expiresAt: used.data.expiresAt,
      ticketAt: null,
    });
    // The other ticket episodes now wait for the ticket, and say when it is back.
    expect(detail.episodes[3].access).toEqual({
      state: 'FREETIME_WAIT',
      expiresAt: null,
      ticketAt: used.data.ticketAt,
    });

    const rows = await ownershipsOf(m.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ episodeId: ep(3).id, kind: 'FREETIME', source: 'FREETIME' });
    expect(rows[0]?.expiresAt?.toISOString()).toBe(used.data.expiresAt);
  });

  it('answers a retry with the same key with the first use and spends nothing more', async () => {
    const m = await createMember(t.database.db, t.config.auth);
    const key = randomUUID();
    const first = await useTicket(m, ep(4).id, key);
    const again = await useTicket(m, ep(4).id, key);
    expect(again).toEqual(first);
    expect(await ownershipsOf(m.id)).toHaveLength(1);
    expect(await usesOf(m.id)).toHaveLength(1);
    // A key names one attempt at one episode.
    expect((await useTicket(m, ep(5).id, key)).code).toBe('INVALID_PARAMETER');
  });

  it('refuses another episode until the ticket is back (NOT_REMAIN_FREETIME_TICKET); the same episode from a second tab opens', async () => {
    const m = await createMember(t.database.db, t.config.auth);
    const first = await useTicket(m, ep(3).id);
    const otherEpisode = await useTicket(m, ep(4).id);
    expect([otherEpisode.status, otherEpisode.code]).toEqual([409, 'NOT_REMAIN_FREETIME_TICKET']);
    // A tab that still offered the ticket on the same episode: it opens, the ticket is not spent again.
    const secondTab = await useTicket(m, ep(3).id);
    expect(secondTab.status).toBe(200);
    expect(secondTab.data).toEqual(first.data);
    expect(await ownershipsOf(m.id)).toHaveLength(1);
  });

  it('is back after the series interval, while the first unlock keeps running; the unlock ends after 72 hours', async () => {
    const m = await createMember(t.database.db, t.config.auth);
    await useTicket(m, ep(3).id);
    await age(m.id, INTERVAL_HOURS - 1);
    expect((await useTicket(m, ep(4).id)).code).toBe('NOT_REMAIN_FREETIME_TICKET');
    await age(m.id, 1);
    expect((await states(m)).slice(2, 5)).toEqual(['FREETIME_UNLOCKED', 'FREETIME_READY', 'FREETIME_READY']);
    const second = await useTicket(m, ep(4).id);
    expect(second.status).toBe(200);
    expect((await usesOf(m.id)).map((u) => u.seq).sort()).toEqual([1, 2]);

    await age(m.id, 72);
    // Both unlocks have ended; the ticket has been back for a while.
    expect((await states(m)).slice(2, 5)).toEqual(['FREETIME_READY', 'FREETIME_READY', 'FREETIME_READY']);
    expect((await call('GET', `/episodes/${ep(3).id}/viewer`, m)).code).toBe('UNAUTHORIZED_CONTENTS');
  });

  it('is not spent on an episode the member can read already (EXIST_LIBRARY)', async () => {
    const m = await createMember(t.database.db, t.config.auth);
    const base = { userId: m.id, seriesId: series.id };
    await grant(t.database.db, { ...base, episodeId: ep(3).id, kind: 'POSSESSION' });
    await grant(t.database.db, { ...base, episodeId: ep(4).id, kind: 'RENT', expiresAt: new Date(Date.now() + HOUR) });
    for (const n of [1, 3, 4]) {
      const refused = await useTicket(m, ep(n).id);
      expect([n, refused.status, refused.code]).toEqual([n, 409, 'EXIST_LIBRARY']);
    }
    expect(await usesOf(m.id)).toHaveLength(0);
    expect((await states(m))[4]).toBe('FREETIME_READY');
  });

  it('opens only the episodes the series rule allows: not the newest N (UN_MATCHED_FREETIME_EPISODE)', async () => {
    const m = await createMember(t.database.db, t.config.auth);
    for (const n of [6, 7, 8]) expect((await useTicket(m, ep(n).id)).code).toBe('UN_MATCHED_FREETIME_EPISODE');
    // The rule is per series: excluding only the newest episode opens 6 and 7 to the ticket.
    const ruled = await createSeries(t.database.db, {
      title: 'Ruled Tides',
      freetimeIntervalHours: INTERVAL_HOURS,
      episodes: { count: 8, free: 2, freetime: true },
    });
    await setExcludesLatest(ruled, 1);
    expect(await states(m, ruled)).toEqual(['FREE', 'FREE', ...Array(5).fill('FREETIME_READY'), 'PAID']);
    expect((await useTicket(m, ep(8, ruled).id)).code).toBe('UN_MATCHED_FREETIME_EPISODE');
    expect((await useTicket(m, ep(7, ruled).id)).status).toBe(200);
    // A visitor sees the same rule on the series page.
    const visitorStates = (await call('GET', `/contents/${ruled.id}`)).data.episodes.map(
      (e: { access: { state: string } }) => e.access.state,
    );
    expect(visitorStates).toEqual(['FREE', 'FREE', ...Array(5).fill('FREETIME_READY'), 'PAID']);
  });

  it('refuses a series without a ticket here and an episode outside wait-until-free (UN_MATCHED_FREETIME_EPISODE)', async () => {
    const m = await createMember(t.database.db, t.config.auth);
    expect((await useTicket(m, ep(2, noTicket).id)).code).toBe('UN_MATCHED_FREETIME_EPISODE');
    const plain = await createSeries(t.database.db, {
      title: 'Plain Tides',
      freetimeIntervalHours: INTERVAL_HOURS,
      episodes: { count: 8, free: 1, freetime: false },
    });
    expect((await useTicket(m, ep(2, plain).id)).code).toBe('UN_MATCHED_FREETIME_EPISODE');
    expect(await usesOf(m.id)).toHaveLength(0);
  });

  it('asks a visitor to log in, and follows the viewer for unknown episodes, bad keys and adult series', async () => {
    const minor = await createMember(t.database.db, t.config.auth);
    const adult = await createMember(t.database.db, t.config.auth, { birthedAt: yearsAgo(30) });
    expect((await useTicket(undefined, ep(3).id)).code).toBe('NOT_LOGIN_USER');
    expect((await useTicket(minor, 99_999_999)).code).toBe('NOT_FOUND_EPISODE');
    expect((await call('POST', `/episodes/${ep(3).id}/freetime`, minor, { idempotencyKey: 'short' })).code).toBe(
      'INVALID_PARAMETER',
    );
    expect((await useTicket(minor, ep(2, adultSeries).id)).code).toBe('ADULT_ONLY_CONTENTS');
    expect((await useTicket(adult, ep(2, adultSeries).id)).status).toBe(200);
  });
});

describe('the tickets of the library (GET /freetime/tickets)', () => {
  it('says when each series ticket is back: null when ready, absent for a series without one', async () => {
    const m = await createMember(t.database.db, t.config.auth);
    const ids = `${series.id},${noTicket.id}`;
    expect((await call('GET', `/freetime/tickets?seriesIds=${ids}`, m)).data).toEqual([
      { seriesId: series.id, intervalHours: INTERVAL_HOURS, ticketAt: null },
    ]);
    const used = await useTicket(m, ep(5).id);
    expect((await call('GET', `/freetime/tickets?seriesIds=${ids}`, m)).data).toEqual([
      { seriesId: series.id, intervalHours: INTERVAL_HOURS, ticketAt: used.data.ticketAt },
    ]);
    // Another member's ticket is their own.
    const other = await createMember(t.database.db, t.config.auth);
    expect((await call('GET', `/freetime/tickets?seriesIds=${series.id}`, other)).data[0].ticketAt).toBeNull();
  });

  it('is for members, and takes 1 to 50 series ids', async () => {
    const m = await createMember(t.database.db, t.config.auth);
    expect((await call('GET', `/freetime/tickets?seriesIds=${series.id}`)).code).toBe('NOT_LOGIN_USER');
    expect((await call('GET', '/freetime/tickets', m)).code).toBe('INVALID_PARAMETER');
    expect((await call('GET', '/freetime/tickets?seriesIds=x', m)).code).toBe('INVALID_PARAMETER');
    const tooMany = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    expect((await call('GET', `/freetime/tickets?seriesIds=${tooMany}`, m)).code).toBe('INVALID_PARAMETER');
  });
});

describe("the locked viewer's offer (GET /episodes/{id}/offer)", () => {
  it('gives the prices, sale type and the caller’s access, never pages', async () => {
    const visitorOffer = await call('GET', `/episodes/${ep(7).id}/offer`);
    expect(visitorOffer.data).toEqual({
      series: { id: series.id, title: 'Tide Tickets', freetimeIntervalHours: INTERVAL_HOURS },
      episode: {
        id: ep(7).id,
        number: 7,
        title: 'Episode 7',
        rentPrice: 2,
        buyPrice: 4,
        saleType: 'BOTH',
        access: { state: 'PAID', expiresAt: null, ticketAt: null },
      },
    });
    const m = await createMember(t.database.db, t.config.auth);
    expect((await call('GET', `/episodes/${ep(3).id}/offer`, m)).data.episode.access.state).toBe('FREETIME_READY');
    const used = await useTicket(m, ep(3).id);
    expect((await call('GET', `/episodes/${ep(4).id}/offer`, m)).data.episode.access).toEqual({
      state: 'FREETIME_WAIT',
      expiresAt: null,
      ticketAt: used.data.ticketAt,
    });
  });

  it('follows the viewer’s visibility codes', async () => {
    const minor = await createMember(t.database.db, t.config.auth);
    expect((await call('GET', `/episodes/${ep(2, adultSeries).id}/offer`, minor)).code).toBe('ADULT_ONLY_CONTENTS');
    expect((await call('GET', '/episodes/99999999/offer')).code).toBe('NOT_FOUND_EPISODE');
  });
});

// Two tabs using the same ticket at the same moment: only real row-level concurrency means
// anything here (PGlite runs one statement at a time), so this runs in `npm run test:db`.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two tabs at once on PostgreSQL', () => {
  it('spends the ticket once when two tabs open the same episode at once: both open it, one ownership', async () => {
    expect(t.database.kind).toBe('postgres');
    for (let round = 0; round < 8; round++) {
      const m = await createMember(t.database.db, t.config.auth);
      const answers = await Promise.all([useTicket(m, ep(3).id), useTicket(m, ep(3).id)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers[0]?.data).toEqual(answers[1]?.data);
      expect(await ownershipsOf(m.id)).toHaveLength(1);
      expect(await usesOf(m.id)).toHaveLength(1);
    }
  });

  it('spends the ticket once when two tabs open different episodes at once: one opens, the other waits', async () => {
    for (let round = 0; round < 8; round++) {
      const m = await createMember(t.database.db, t.config.auth);
      const answers = await Promise.all([useTicket(m, ep(3).id), useTicket(m, ep(4).id), useTicket(m, ep(5).id)]);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.code === 'NOT_REMAIN_FREETIME_TICKET')).toHaveLength(2);
      const rows = await ownershipsOf(m.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.episodeId).toBe(answers.find((a) => a.status === 200)?.data.episodeId);
    }
  });
});
