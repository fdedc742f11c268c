import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { SeriesDetail } from '@balcony/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodes } from '../src/db/schema.js';
import { acceptsGzip } from '../src/http/route.js';
import { createMember, createSeries, grant } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';
import { serviceContext } from './support/context.js';
import { giveCoins } from './support/purchase-book.js';

// The shared catalog cache as readers meet it (DESIGN §10), turned on as in production: visitors
// share one serialised answer with an ETag, members of a visibility class share the catalog but
// never one another's favourite, reading or ownership, and a catalog change shows at once.

let t: TestApp;
let plain: Awaited<ReturnType<typeof createSeries>>;
let adultOnly: Awaited<ReturnType<typeof createSeries>>;

beforeAll(async () => {
  t = await createTestApp({ catalogCache: { ttlSeconds: 60, maxBytes: 8 * 1024 * 1024 } });
  plain = await createSeries(t.database.db, { title: 'Cache Lantern', episodes: { count: 4, free: 1 } });
  adultOnly = await createSeries(t.database.db, {
    title: 'Cache Velvet',
    isAdult: true,
    episodes: { count: 2, free: 1 },
  });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...brandHeaders(), ...headers } });
type Member = Awaited<ReturnType<typeof createMember>>;
const ids = (body: string) => (JSON.parse(body) as { data: { items: { id: number }[] } }).data.items.map((i) => i.id);

describe('visitors', () => {
  it('get the same bytes with an ETag and CDN cache headers, and 304 when they have them', async () => {
    const first = await get('/contents/home/RANKING');
    const second = await get('/contents/home/RANKING');
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(first.headers.etag).toBeDefined();
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers['cache-control']).toContain('public');
    expect(first.headers['cache-control']).toContain('s-maxage=');
    expect(String(first.headers.vary)).toContain('x-balcony-id');

    const again = await get('/contents/home/RANKING', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('get CORS headers from the web origin, and a cache keeps answers apart by origin', async () => {
    const web = await get('/contents/home/RANKING', { origin: 'http://localhost:3000' });
    expect(web.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const server = await get('/contents/home/RANKING');
    expect(server.headers['access-control-allow-origin']).toBeUndefined();
    for (const res of [web, server]) expect(String(res.headers.vary).split(', ')).toContain('origin');
  });

  it('get the same answer gzipped when they accept it, with its own ETag', async () => {
    const plainAnswer = await get(`/contents/${plain.id}`);
    expect(plainAnswer.rawPayload.length).toBeGreaterThan(1024);
    const zipped = await get(`/contents/${plain.id}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plainAnswer.body);
    expect(zipped.rawPayload.length).toBeLessThan(plainAnswer.rawPayload.length / 2);
    expect(String(zipped.headers.vary)).toContain('accept-encoding');
    expect(zipped.headers.etag).not.toBe(plainAnswer.headers.etag);
    const again = await get(`/contents/${plain.id}`, {
      'accept-encoding': 'gzip',
      'if-none-match': String(zipped.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    // A client that refuses gzip gets the answer as it is.
    const refused = await get(`/contents/${plain.id}`, { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plainAnswer.body);
  });

  it('of another brand get that brand’s answer, not a shared one', async () => {
    const here = await get('/contents/home/RANKING');
    const there = await get('/contents/home/RANKING', brandHeaders('bom-tw'));
    expect(ids(here.body)).toContain(plain.id);
    expect(ids(there.body)).not.toContain(plain.id);
  });

  it('see a catalog change as soon as it is announced', async () => {
    const before = await get('/contents/home/NEWEST');
    const added = await createSeries(t.database.db, { title: 'Cache Newcomer' });
    expect(ids((await get('/contents/home/NEWEST')).body)).not.toContain(added.id);
    t.app.catalogCache.invalidate();
    const after = await get('/contents/home/NEWEST');
    expect(ids(after.body)).toContain(added.id);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

describe('members', () => {
  it('of one class share the catalog but never another member’s favourite, reading or episodes', async () => {
    const a = await createMember(t.database.db, t.config.auth);
    const b = await createMember(t.database.db, t.config.auth);
    const owned = plain.episodes[2];
    if (!owned) throw new Error('the series has no third episode');
    await grant(t.database.db, { userId: a.id, episodeId: owned.id, seriesId: plain.id, kind: 'POSSESSION' });
    const fav = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/favorites/${plain.id}`,
      headers: { ...brandHeaders(), ...a.headers },
    });
    expect(fav.statusCode).toBe(200);

    // A visitor first, so the shared part is cached before either member asks.
    const visitor = JSON.parse((await get(`/contents/${plain.id}`)).body).data;
    const ofA = await get(`/contents/${plain.id}`, a.headers);
    const ofB = await get(`/contents/${plain.id}`, b.headers);
    const dataA = JSON.parse(ofA.body).data;
    const dataB = JSON.parse(ofB.body).data;
    const stateOf = (d: { episodes: { id: number; access: { state: string } }[] }) =>
      d.episodes.find((e) => e.id === owned.id)?.access.state;

    expect(dataA.isFavorite).toBe(true);
    expect(stateOf(dataA)).toBe('OWNED');
    expect(dataB.isFavorite).toBe(false);
    expect(stateOf(dataB)).toBe('PAID');
    expect(visitor.isFavorite).toBe(false);
    expect(stateOf(visitor)).toBe('PAID');
    expect(ofA.headers['cache-control']).toBe('private, no-store');
    expect(ofA.headers.etag).toBeUndefined();
    expect(dataB.title).toBe(dataA.title);
  });

  it('asking at the same moment, each get their own state though their pages are read in one batch', async () => {
    const second = plain.episodes[1];
    if (!second) throw new Error('the series has no second episode');
    const members = await Promise.all([1, 2, 3, 4].map(() => createMember(t.database.db, t.config.auth)));
    const [owner, renter, fan, nobody] = members as [Member, Member, Member, Member];
    await grant(t.database.db, { userId: owner.id, episodeId: second.id, seriesId: plain.id, kind: 'POSSESSION' });
    const rentedUntil = new Date(Date.now() + 3600_000);
    await grant(t.database.db, {
      userId: renter.id,
      episodeId: second.id,
      seriesId: plain.id,
      kind: 'RENT',
      expiresAt: rentedUntil,
    });
    const asFan = { ...brandHeaders(), ...fan.headers };
    await t.app.inject({ method: 'PUT', url: `/api/v1/favorites/${plain.id}`, headers: asFan });

    // Several rounds in a different order each, so a batch answered in the wrong order shows.
    for (const order of [members, [...members].reverse(), [renter, nobody, owner, fan]]) {
      const pages = await Promise.all(order.map((m) => get(`/contents/${plain.id}`, m.headers)));
      const byMember = new Map(order.map((m, i) => [m.id, JSON.parse(pages[i]?.body ?? '{}').data as SeriesDetail]));
      const stateOf = (m: Member) => byMember.get(m.id)?.episodes.find((e) => e.id === second.id)?.access;
      expect(stateOf(owner)?.state).toBe('OWNED');
      expect(stateOf(renter)?.state).toBe('RENTED');
      expect(stateOf(renter)?.expiresAt).toBe(rentedUntil.toISOString());
      expect(stateOf(fan)?.state).toBe('PAID');
      expect(stateOf(nobody)?.state).toBe('PAID');
      expect([owner, renter, fan, nobody].map((m) => byMember.get(m.id)?.isFavorite)).toEqual([
        false,
        false,
        true,
        false,
      ]);
    }
  });

  it('who may see adult series get a ranking of their own class, and visitors never see theirs', async () => {
    const adult = await createMember(t.database.db, t.config.auth, { birthedAt: '1990-01-01' });
    const minor = await createMember(t.database.db, t.config.auth);
    t.app.catalogCache.invalidate();
    expect(ids((await get('/contents/home/RANKING', adult.headers)).body)).toContain(adultOnly.id);
    expect(ids((await get('/contents/home/RANKING')).body)).not.toContain(adultOnly.id);
    expect(ids((await get('/contents/home/RANKING', minor.headers)).body)).not.toContain(adultOnly.id);
    expect(ids((await get('/contents/home/RANKING', adult.headers)).body)).toContain(adultOnly.id);
  });
});

describe('the viewer', () => {
  it('shares an episode’s pages but never a member’s entitlement or place in it', async () => {
    const a = await createMember(t.database.db, t.config.auth);
    const b = await createMember(t.database.db, t.config.auth);
    const [free, , paid] = plain.episodes;
    if (!free || !paid) throw new Error('the series has too few episodes');
    await grant(t.database.db, { userId: a.id, episodeId: paid.id, seriesId: plain.id, kind: 'POSSESSION' });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/episodes/${free.id}/progress`,
      headers: { ...brandHeaders(), ...a.headers },
      payload: { page: 1, offset: 0.5 },
    });
    expect(put.statusCode).toBe(200);

    const viewer = (id: number, headers?: Record<string, string>) => get(`/episodes/${id}/viewer`, headers);
    const ofA = JSON.parse((await viewer(free.id, a.headers)).body).data;
    const ofB = JSON.parse((await viewer(free.id, b.headers)).body).data;
    expect(ofA.resume).toEqual({ page: 1, offset: 0.5 });
    expect(ofB.resume).toBeNull();
    expect(ofB.pages).toEqual(ofA.pages);

    // A's answer for the paid episode is cached first; B and a visitor are still refused.
    expect((await viewer(paid.id, a.headers)).statusCode).toBe(200);
    expect(JSON.parse((await viewer(paid.id, b.headers)).body).code).toBe('UNAUTHORIZED_CONTENTS');
    expect(JSON.parse((await viewer(paid.id)).body).code).toBe('UNAUTHORIZED_CONTENTS');
  });

  it('opened by several members at once, gives each their own entitlement and place', async () => {
    const [free, , , paid] = plain.episodes;
    if (!free || !paid) throw new Error('the series has too few episodes');
    const members = await Promise.all([1, 2, 3].map(() => createMember(t.database.db, t.config.auth)));
    const [owner, reader, nobody] = members as [Member, Member, Member];
    await grant(t.database.db, { userId: owner.id, episodeId: paid.id, seriesId: plain.id, kind: 'POSSESSION' });
    for (const [m, page, offset] of [
      [owner, 1, 0.75],
      [reader, 0, 0.25],
    ] as const) {
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/episodes/${free.id}/progress`,
        headers: { ...brandHeaders(), ...m.headers },
        payload: { page, offset },
      });
      expect(put.statusCode).toBe(200);
    }

    // The holdings and places of one turn are read in one statement each: an answer given to the
    // wrong key shows in one of these orders.
    for (const order of [members, [...members].reverse(), [reader, owner, nobody]]) {
      const frees = await Promise.all(order.map((m) => get(`/episodes/${free.id}/viewer`, m.headers)));
      const paids = await Promise.all(order.map((m) => get(`/episodes/${paid.id}/viewer`, m.headers)));
      const resumeOf = new Map(order.map((m, i) => [m.id, JSON.parse(frees[i]?.body ?? '{}').data.resume]));
      const codeOf = new Map(order.map((m, i) => [m.id, JSON.parse(paids[i]?.body ?? '{}').code]));
      expect(resumeOf.get(owner.id)).toEqual({ page: 1, offset: 0.75 });
      expect(resumeOf.get(reader.id)).toEqual({ page: 0, offset: 0.25 });
      expect(resumeOf.get(nobody.id)).toBeNull();
      expect(codeOf.get(owner.id)).toBeUndefined();
      expect(codeOf.get(reader.id)).toBe('UNAUTHORIZED_CONTENTS');
      expect(codeOf.get(nobody.id)).toBe('UNAUTHORIZED_CONTENTS');
    }
  });
});

describe('purchases', () => {
  const purchase = (who: Member, episodeId: number, kind: 'RENT' | 'POSSESSION') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/episodes/${episodeId}/purchase`,
      headers: { ...brandHeaders(), ...who.headers },
      payload: { kind, idempotencyKey: randomUUID() },
    });

  it('charge the price in force when the episode changed after the catalog shared it, and refuse by its sale type', async () => {
    const priced = await createSeries(t.database.db, { episodes: { count: 3, free: 0 } });
    const [e1, e2] = priced.episodes;
    if (!e1 || !e2) throw new Error('no episodes');
    const m = await createMember(t.database.db, t.config.auth);
    await giveCoins(serviceContext(t), m.id, 30);
    // The viewer shares the episodes with every reader of the audience until the catalog changes.
    for (const e of [e1, e2]) expect((await get(`/episodes/${e.id}/viewer`, m.headers)).statusCode).toBe(403);
    // Changed in the database alone, as another replica would before its invalidation arrives.
    await t.database.db.update(episodes).set({ buyPrice: 7 }).where(eq(episodes.id, e1.id));
    await t.database.db.update(episodes).set({ saleType: 'RENT_ONLY' }).where(eq(episodes.id, e2.id));

    const bought = await purchase(m, e1.id, 'POSSESSION');
    expect(bought.json().data).toMatchObject({ price: 7, balance: { total: 23 } });
    const refused = await purchase(m, e2.id, 'POSSESSION');
    expect(refused.json().code).toBe('UN_MATCHED_POSSESSION_SALE_TYPE');
    expect((await get('/coin', m.headers)).json().data.total).toBe(23);
  });
});

describe('acceptsGzip', () => {
  it('reads the codings and their weights', () => {
    for (const yes of ['gzip', 'gzip, deflate, br', 'br;q=1, gzip;q=0.5', '*', 'GZIP'])
      expect(acceptsGzip(yes)).toBe(true);
    for (const no of [undefined, '', 'identity', 'br', 'gzip;q=0', 'gzip; q=0.0', 'x-gzip-ish']) {
      expect(acceptsGzip(no)).toBe(false);
    }
  });
});
