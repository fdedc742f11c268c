import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appPushTokens,
  attendanceStamps,
  emoticonEntries,
  eventPrizes,
  eventRewards,
  events,
  eventThemes,
  notifications,
  ownerships,
  pushSubscriptions,
  refreshTokens,
  rouletteTickets,
  users,
} from '../src/db/schema.js';
import { seedCoinProducts } from '../src/db/seed/coin-products.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { sha256 } from '../src/modules/auth/tokens.js';
import * as gifts from '../src/modules/gifts/service.js';
import { createAdmin, createMember, createSeries, grant } from './factories.js';
import { brandHeaders, createTestApp, mailBody, type TestApp } from './helper.js';
import { appOperations, documentedOperations, type Operation, OUTSIDE_V1, ROUTE_TABLE } from './routes-table.js';
import { serviceContext } from './support/context.js';
import { giveCoins } from './support/purchase-book.js';

// Issue "Security": every member-owned resource, read and written as another member, gives 0
// leaks. Member A owns things (a favourite, a reading position, an owned and a rented episode,
// sessions, a phone); B (same brand), C (another brand), C's bearer sent to A's brand, and a
// visitor then call every operation of the route table with A's ids and tokens. Their answers
// must hold nothing of A's, and A's state, read back as A, must not change. The table lives in
// test/routes-table.ts and must list every /api/v1 operation, each with a probe here.

const BRAND = 'delitoonb-fr';
const OTHER_BRAND = 'bom-tw';

/** A owns; B is another member of A's brand; C a member of another brand; Cx is C's bearer sent to A's brand; V a visitor. */
type Actor = 'A' | 'B' | 'C' | 'Cx' | 'V';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Member {
  id: number;
  email: string;
  nickname: string;
  password: string;
  brand: string;
  access: string;
  refresh: string;
}

interface Answer {
  status: number;
  code: string | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: parsed JSON, as in the other API tests
  data: any;
  body: string;
}

/** `platform` is the app a probe calls from (a native app's route); the web otherwise. */
type Send = (actor: Actor, method: Method, url: string, body?: object, platform?: string) => Promise<Answer>;
type Probe = (send: Send) => Promise<void>;

interface Leak {
  operation: string;
  /** Who got A's data, or `anyone` when A's state changed. */
  actor: Actor | 'anyone';
  request: string;
  what: string;
}

let t: TestApp;
let A: Member;
let B: Member;
let C: Member;
/** A series of both brands in which A owns, rents, reads and favours; B and C hold nothing in it. */
let S: Awaited<ReturnType<typeof createSeries>>;
/** A series of both brands where B and C keep their own favourite and reading. */
let T: Awaited<ReturnType<typeof createSeries>>;
/** Someone who started an e-mail sign-up and has not verified it. */
let P: { userId: number; signUpId: number; email: string };
const aPhone = `+3370${String(process.pid % 1e6).padStart(6, '0')}1`;
const A_OFFSET = 0.375;
let aRentalEnds: string;
/** A's coin orders: one paid through the sandbox, one left unpaid. */
let aOrders: { paid: number; pending: number };
const A_ORDER_BODY = {
  productId: 0,
  paymentMethod: 'SANDBOX',
  agreements: ['TERMS', 'NO_WITHDRAWAL_RIGHT'],
  idempotencyKey: 'a-paid-order-key',
};
const A_PURCHASE_KEY = 'a-purchase-key';
/** The key of A's points exchange: another member's call with it exchanges their own points or none. */
const A_EXCHANGE_KEY = 'a-exchange-key';
/** A coin product of each member's brand. */
const products: Partial<Record<Actor, number>> = {};
const productOf = (actor: Actor) => {
  const id = products[actor];
  if (!id) throw new Error(`no product for ${actor}`);
  return id;
};

/** Every token A was ever given: none may reach anyone else. */
const aTokens = new Set<string>();
const leaks: Leak[] = [];
const notes: string[] = [];
let requests = 0;
let probesRun = 0;

const ep = (n: number) => {
  const e = S.episodes[n - 1];
  if (!e) throw new Error(`no episode ${n}`);
  return e;
};
const yearsAgo = (years: number) => `${new Date().getUTCFullYear() - years}-03-15`;
const addressOfA = {
  name: 'Alice Martin',
  address1: '12 rue de Rivoli',
  city: 'Paris',
  zipCode: '75001',
  country: 'FR',
  phone: { callingCode: '33', number: '612345678' },
};

function headersOf(actor: Actor): Record<string, string> {
  const bearer = (m: Member) => ({ authorization: `Bearer ${m.access}` });
  switch (actor) {
    case 'A':
      return { ...brandHeaders(BRAND), ...bearer(A) };
    case 'B':
      return { ...brandHeaders(BRAND), ...bearer(B) };
    case 'C':
      return { ...brandHeaders(OTHER_BRAND), ...bearer(C) };
    case 'Cx':
      return { ...brandHeaders(BRAND), ...bearer(C) };
    case 'V':
      return brandHeaders(BRAND);
  }
}

/** What of A's must never be in anyone else's answer: text, or a pattern for numbers. */
function secretsOfA(): { what: string; value: string | RegExp }[] {
  return [
    { what: "A's e-mail", value: A.email },
    { what: "A's nickname", value: A.nickname },
    { what: "A's phone", value: aPhone },
    { what: "A's user id as userId", value: new RegExp(`"userId":${A.id}(?!\\d)`) },
    { what: "A's reading position", value: new RegExp(`"offset":${String(A_OFFSET).replace('.', '\\.')}(?!\\d)`) },
    { what: "pages of A's owned episode", value: `/${S.slug}/3/` },
    { what: "pages of A's rented episode", value: `/${S.slug}/4/` },
    { what: "A's rental end", value: aRentalEnds },
    ...[...aTokens].map((value) => ({ what: "one of A's tokens", value })),
  ];
}

const holds = (text: string, value: string | RegExp) =>
  typeof value === 'string' ? value !== '' && text.includes(value) : value.test(text);

/** A request under /api/v1, as an actor; answers to anyone but A are searched for A's secrets. */
async function call(
  actor: Actor,
  method: Method,
  url: string,
  body?: object,
  brand?: string,
  platform?: string,
): Promise<Answer> {
  const headers = {
    ...headersOf(actor),
    ...(brand && { 'x-balcony-id': brand }),
    ...(platform && { 'x-platform': platform }),
  };
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    ...(body !== undefined && { payload: body }),
  });
  // A file to download (a CSV) is searched as it is; every other answer is the JSON envelope.
  const json = /^text\/csv/.test(String(res.headers['content-type'])) ? { data: res.body } : res.json();
  const answer = { status: res.statusCode, code: json.code as string | undefined, data: json.data, body: res.body };
  if (actor !== 'A') {
    const sent = `${url} ${JSON.stringify(body ?? {})}`;
    for (const { what, value } of secretsOfA()) {
      // The caller's own input coming back (an e-mail it typed) tells it nothing new.
      if (holds(res.body, value) && !holds(sent, value)) {
        leaks.push({ operation: current?.operation ?? '(setup)', actor, request: `${method} ${url}`, what });
      }
    }
  }
  return answer;
}

let current: { operation: Operation; actors: Set<Actor> } | undefined;
let lastState: Awaited<ReturnType<typeof stateOfA>> | undefined;

function routePattern(operation: Operation): RegExp {
  const [method, path = ''] = operation.split(' ');
  const pattern = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/?]+');
  return new RegExp(`^${method} ${pattern}(\\?.*)?$`);
}

/** A probe's request: it must be its own operation; bearer routes must refuse visitors and foreign bearers. */
const send: Send = async (actor, method, url, body, platform) => {
  if (!current) throw new Error('send outside a probe');
  const { operation } = current;
  expect(`${method} /api/v1${url}`, 'a probe calls only its own operation').toMatch(routePattern(operation));
  current.actors.add(actor);
  requests++;
  const answer = await call(actor, method, url, body, undefined, platform);
  if (ROUTE_TABLE[operation].guard === 'bearer') {
    if (actor === 'V') expect(answer.code, `${operation} as a visitor`).toBe('NOT_LOGIN_USER');
    // A reader's bearer of another brand is forged for a reader route, and no session at all for an admin route.
    const foreign = ROUTE_TABLE[operation].class === 'ADMIN' ? 'NOT_LOGIN_USER' : 'MALFORMED_JWT';
    if (actor === 'Cx') expect(answer.code, `${operation} with another brand's bearer`).toBe(foreign);
  }
  return answer;
};

const ok = (answer: Answer) => {
  expect(answer.code, answer.body).toBeUndefined();
  expect(answer.status, answer.body).toBe(200);
  return answer.data;
};
const failsWith = (answer: Answer, code: string) => expect(answer.code, answer.body).toBe(code);

async function login(m: Pick<Member, 'email' | 'password' | 'brand'>): Promise<{ access: string; refresh: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/local/login',
    headers: brandHeaders(m.brand),
    payload: { email: m.email, password: m.password },
  });
  const data = res.json().data;
  if (!data) throw new Error(`login failed: ${res.body}`);
  return { access: data.accessToken.token, refresh: data.refreshToken.token };
}

async function loginA(): Promise<{ access: string; refresh: string }> {
  const pair = await login(A);
  aTokens.add(pair.access);
  aTokens.add(pair.refresh);
  return pair;
}

/** A member of `brand` with a password (and a phone), signed in over HTTP. */
async function member(brand: string, password: string, phone: string | null = null): Promise<Member> {
  const db = t.database.db;
  const { id } = await createMember(db, t.config.auth, { brandId: brand });
  const [row] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), phone })
    .where(eq(users.id, id))
    .returning();
  if (!row?.email || !row.nickname) throw new Error('member without e-mail');
  const m = { id, email: row.email, nickname: row.nickname, password, brand, access: '', refresh: '' };
  return { ...m, ...(await login(m)) };
}

async function sessionLive(refreshToken: string): Promise<boolean> {
  const [row] = await t.database.db
    .select({ revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
  return row !== undefined && row.revokedAt === null;
}

/** A's state as A reads it back (and the account row and session it cannot see). */
async function stateOfA() {
  const asA = async (method: Method, url: string) => await call('A', method, url, method === 'GET' ? undefined : {});
  const [me, favourites, owned, recent, detail, resume, ownedEpisode, rentedEpisode, coins, paidOrder, pendingOrder] =
    await Promise.all([
      asA('POST', '/user'),
      asA('GET', '/library/favorite'),
      asA('GET', '/library/my'),
      asA('GET', '/library/recent'),
      asA('GET', `/contents/${S.id}`),
      asA('GET', `/episodes/${ep(1).id}/viewer`),
      asA('GET', `/episodes/${ep(3).id}/viewer`),
      asA('GET', `/episodes/${ep(4).id}/viewer`),
      asA('GET', '/coin'),
      asA('GET', `/shop/orders/${aOrders.paid}`),
      asA('GET', `/shop/orders/${aOrders.pending}`),
    ]);
  const db = t.database.db;
  const [row] = await db.select().from(users).where(eq(users.id, A.id));
  // A failed login by anyone counts toward A's lock (the login probe); `updatedAt` follows it.
  const { failedLoginCount: _failures, updatedAt: _updated, ...account } = row ?? {};
  const held = await db.select().from(ownerships).where(eq(ownerships.userId, A.id));
  type Item = { series: { id: number } } & Record<string, unknown>;
  return {
    me: me.data,
    account,
    favourites: favourites.data.items.map((i: Item) => ({ id: i.series.id, at: i.favoritedAt })),
    owned: owned.data.items.map((i: Item) => ({ id: i.series.id, count: i.ownedCount, rentals: i.rentals })),
    recent: recent.data.items.map((i: Item) => ({ id: i.series.id, at: i.readAt, position: i.position })),
    detail: {
      isFavorite: detail.data.isFavorite,
      lastRead: detail.data.lastRead,
      episodes: detail.data.episodes.map((e: { access: { state: string }; read: boolean }) => [e.access.state, e.read]),
    },
    resume: resume.data.resume,
    ownedPages: ownedEpisode.data?.pages.length,
    rentedPages: rentedEpisode.data?.pages.length,
    ownerships: held.length,
    coins: coins.data,
    orders: [paidOrder.data?.status, pendingOrder.data?.status],
    mainSessionLive: await sessionLive(A.refresh),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  S = await createSeries(db, {
    title: 'Cross Member Harbour',
    brands: [BRAND, OTHER_BRAND],
    episodes: { count: 4, free: 2, pages: 3 },
  });
  T = await createSeries(db, { title: 'Cross Member Lantern', brands: [BRAND, OTHER_BRAND] });
  [A, B, C] = await Promise.all([
    member(BRAND, 'AlphaRead123', aPhone),
    member(BRAND, 'BravoRead123'),
    member(OTHER_BRAND, 'CharlieRead123'),
  ]);
  aTokens.add(A.access);
  aTokens.add(A.refresh);

  // A's things.
  ok(await call('A', 'PUT', `/favorites/${S.id}`));
  await grant(db, { userId: A.id, seriesId: S.id, episodeId: ep(3).id, kind: 'POSSESSION' });
  const rentalEnd = new Date(Date.now() + 48 * 3600_000 + 321);
  aRentalEnds = rentalEnd.toISOString();
  await grant(db, { userId: A.id, seriesId: S.id, episodeId: ep(4).id, kind: 'RENT', expiresAt: rentalEnd });
  ok(await call('A', 'PUT', `/episodes/${ep(1).id}/progress`, { page: 1, offset: A_OFFSET }));
  await seedCoinProducts(db);
  for (const [actor, brand] of [
    ['A', BRAND],
    ['B', BRAND],
    ['C', OTHER_BRAND],
  ] as const) {
    const list = ok(await call(actor, 'GET', '/shop/products', undefined, brand));
    products[actor] = list.products.find((p: { firstPurchaseOnly: boolean }) => !p.firstPurchaseOnly).id;
  }
  const paidOrder = ok(await call('A', 'POST', '/shop/orders', { ...A_ORDER_BODY, productId: productOf('A') }));
  ok(await call('A', 'POST', `/shop/orders/${paidOrder.id}/sandbox`, { outcome: 'SUCCESS' }));
  const pendingBody = { ...A_ORDER_BODY, productId: productOf('A'), idempotencyKey: 'a-pending-order-key' };
  aOrders = { paid: paidOrder.id, pending: ok(await call('A', 'POST', '/shop/orders', pendingBody)).id };
  await giveCoins(serviceContext(t), A.id, 3000, { ledger: 'MILEAGE' });
  ok(await call('A', 'POST', '/coin/mileage/exchange', { points: 3000, key: A_EXCHANGE_KEY }));

  // B's and C's own things elsewhere, so that their lists are not empty by chance.
  for (const m of ['B', 'C'] as const) {
    ok(await call(m, 'PUT', `/favorites/${T.id}`));
    ok(await call(m, 'PUT', `/episodes/${T.episodes[0]?.id}/progress`, { page: 0, offset: 0.125 }));
  }

  const email = `pending-${process.pid}-${Date.now()}@example.com`;
  const started = await call('V', 'POST', '/auth/local/signup', {
    email,
    password: 'PendingRead123',
    passwordConfirm: 'PendingRead123',
    agreeTerms: true,
  });
  P = { ...ok(started), email };
});

afterAll(async () => {
  const table = Object.values(ROUTE_TABLE);
  const count = (c: string) => table.filter((e) => e.class === c).length;
  console.log(
    [
      ...notes.map((n) => `  note: ${n}`),
      `cross-member: ${table.length} operations classified (${count('PUBLIC')} PUBLIC, ${count('MEMBER_SELF')} MEMBER_SELF, ` +
        `${count('MEMBER_RESOURCE')} MEMBER_RESOURCE, ${count('ADMIN')} ADMIN), ${probesRun} probes run (${requests} requests), leaks found = ${leaks.length}`,
    ].join('\n'),
  );
  await t?.close();
});

// ——— probes: one per operation ———

const publicGet =
  (url: string): Probe =>
  async (s) => {
    for (const actor of ['B', 'C', 'V'] as const) expect((await s(actor, 'GET', url)).status).toBeLessThan(500);
  };

const REDIRECT = 'http://localhost:3000/api/auth/callback/google';

const PROBES: Record<Operation, Probe> = {
  // ——— PUBLIC ———
  'GET /api/v1/contents/home/:tab': publicGet('/contents/home/SCHEDULE_ALL'),
  'GET /api/v1/contents/:id': async (s) => {
    for (const actor of ['B', 'C', 'V'] as const) {
      const d = ok(await s(actor, 'GET', `/contents/${S.id}`));
      expect(d.isFavorite, `${actor} sees A's favourite`).toBe(false);
      expect(d.lastRead, `${actor} sees A's last read`).toBeNull();
      const [first, , third, fourth] = d.episodes;
      expect(first.read, `${actor} sees A's reading`).toBe(false);
      expect(third.access.state, `${actor} sees A's ownership`).not.toBe('OWNED');
      expect(fourth.access.state, `${actor} sees A's rental`).not.toBe('RENTED');
    }
    failsWith(await s('Cx', 'GET', `/contents/${S.id}`), 'MALFORMED_JWT');
  },
  'GET /api/v1/contents/picks': publicGet('/contents/picks'),
  'POST /api/v1/logger': async (s) => {
    const body = {
      logType: 'event',
      platform: 'WEB',
      date: '2026-11-28T09:00:00Z',
      url: 'https://delitoon.example/home',
      action: 'page_view',
    };
    for (const actor of ['B', 'C', 'V'] as const)
      expect(ok(await s(actor, 'POST', '/logger', body))).toEqual({ logged: true });
  },
  'GET /api/v1/contents/picks/:id': publicGet('/contents/picks/1'),
  'GET /api/v1/contents/sitemap': publicGet('/contents/sitemap'),
  'GET /api/v1/search': publicGet(`/search?q=${encodeURIComponent('Cross Member')}`),
  'GET /api/v1/banners': publicGet('/banners'),
  'GET /api/v1/contents/home-tabs': publicGet('/contents/home-tabs'),
  'GET /api/v1/auth/ip-kr': publicGet('/auth/ip-kr'),
  'GET /api/v1/auth/social/providers': publicGet('/auth/social/providers'),
  'POST /api/v1/auth/social/:provider/start': async (s) => {
    for (const actor of ['B', 'C', 'V'] as const) {
      failsWith(await s(actor, 'POST', '/auth/social/google/start', { redirectUri: REDIRECT }), 'NOT_EXIST');
    }
  },
  'POST /api/v1/auth/social/:provider/callback': async (s) => {
    const body = { code: 'c', state: 's', expectedState: 's', codeVerifier: 'v'.repeat(43), redirectUri: REDIRECT };
    for (const actor of ['B', 'C', 'V'] as const) {
      failsWith(await s(actor, 'POST', '/auth/social/google/callback', body), 'NOT_EXIST');
    }
  },
  'POST /api/v1/auth/sign-in/jp/apple/guest': async (s) => {
    // No guest key is A's; A's brand has no iOS guests at all.
    for (const actor of ['B', 'C', 'V'] as const)
      failsWith(await s(actor, 'POST', '/auth/sign-in/jp/apple/guest', { appKey: 'k'.repeat(43) }), 'NOT_FOUND_ROUTE');
  },
  'POST /api/v1/auth/sign-in/jp/apple/migrate': async (s) => {
    // A's credentials with a guest key: never into A's account on a brand without guests.
    const body = { appKeyRequest: { appKey: 'k'.repeat(43) }, webKeyRequest: { email: A.email, password: A.password } };
    for (const actor of ['B', 'C', 'V'] as const)
      failsWith(await s(actor, 'POST', '/auth/sign-in/jp/apple/migrate', body), 'NOT_FOUND_ROUTE');
  },
  'POST /api/v1/auth/social/signup': async (s) => {
    const body = { signupTicket: 'forged', agreeTerms: true, nickname: 'Stranger' };
    for (const actor of ['B', 'C', 'V'] as const) {
      expect((await s(actor, 'POST', '/auth/social/signup', body)).code).toEqual(expect.any(String));
    }
  },

  // ——— viewer and reading positions ———
  'GET /api/v1/episodes/:id/viewer': async (s) => {
    for (const actor of ['B', 'C', 'V'] as const) {
      failsWith(await s(actor, 'GET', `/episodes/${ep(3).id}/viewer`), 'UNAUTHORIZED_CONTENTS');
      failsWith(await s(actor, 'GET', `/episodes/${ep(4).id}/viewer`), 'UNAUTHORIZED_CONTENTS');
      const free = ok(await s(actor, 'GET', `/episodes/${ep(1).id}/viewer`));
      expect(free.resume, `${actor} gets A's resume position`).toBeNull();
    }
    failsWith(await s('Cx', 'GET', `/episodes/${ep(3).id}/viewer`), 'NOT_FOUND_ACCESS_TOKEN');

    // A's signed page URL is a capability of its own, not bound to A (see the note).
    const page = ok(await call('A', 'GET', `/episodes/${ep(3).id}/viewer`)).pages[0].url as string;
    const asB = await t.app.inject({ method: 'GET', url: page, headers: { authorization: `Bearer ${B.access}` } });
    const unsigned = await t.app.inject({ method: 'GET', url: page.split('?')[0] ?? '' });
    expect(unsigned.json().code).toBe('UNAUTHORIZED_CONTENTS');
    notes.push(
      `GET /media/{page of A's owned episode}?exp&sig (URL from A's viewer) requested by B: ${asB.statusCode} ` +
        `${asB.statusCode === 200 ? 'image' : asB.json().code} (unsigned: UNAUTHORIZED_CONTENTS); signed page URLs are bearer capabilities until they expire`,
    );
  },
  'PUT /api/v1/episodes/:id/progress': async (s) => {
    for (const actor of ['B', 'C'] as const) {
      const owned = await s(actor, 'PUT', `/episodes/${ep(3).id}/progress`, { page: 0, offset: 0.25 });
      failsWith(owned, 'UNAUTHORIZED_CONTENTS');
      const own = ok(await s(actor, 'PUT', `/episodes/${ep(1).id}/progress`, { page: 0, offset: 0.25 }));
      expect(own).toEqual({ page: 0, offset: 0.25 });
      // The stranger's position is its own, not A's; then it forgets it again.
      expect(ok(await call(actor, 'GET', `/episodes/${ep(1).id}/viewer`)).resume).toEqual({ page: 0, offset: 0.25 });
      ok(await call(actor, 'DELETE', `/library/recent/${S.id}`));
    }
    failsWith(
      await s('Cx', 'PUT', `/episodes/${ep(1).id}/progress`, { page: 0, offset: 0.25 }),
      'NOT_FOUND_ACCESS_TOKEN',
    );
    failsWith(await s('V', 'PUT', `/episodes/${ep(1).id}/progress`, { page: 0, offset: 0.25 }), 'NOT_LOGIN_USER');
  },

  // ——— favourites and the library ———
  'PUT /api/v1/favorites/:seriesId': async (s) => {
    for (const actor of ['B', 'C'] as const) {
      expect(ok(await s(actor, 'PUT', `/favorites/${S.id}`))).toEqual({ seriesId: S.id, isFavorite: true });
      ok(await call(actor, 'DELETE', `/favorites/${S.id}`));
    }
    await s('Cx', 'PUT', `/favorites/${S.id}`);
    await s('V', 'PUT', `/favorites/${S.id}`);
  },
  'DELETE /api/v1/favorites/:seriesId': async (s) => {
    for (const actor of ['B', 'C'] as const) {
      expect(ok(await s(actor, 'DELETE', `/favorites/${S.id}`))).toEqual({ seriesId: S.id, isFavorite: false });
    }
    await s('Cx', 'DELETE', `/favorites/${S.id}`);
    await s('V', 'DELETE', `/favorites/${S.id}`);
  },
  'GET /api/v1/library/my': async (s) => {
    for (const actor of ['B', 'C'] as const)
      expect(ok(await s(actor, 'GET', '/library/my'))).toMatchObject({ total: 0, items: [] });
    await s('Cx', 'GET', '/library/my');
    await s('V', 'GET', '/library/my');
  },
  'GET /api/v1/library/favorite': async (s) => {
    for (const actor of ['B', 'C'] as const) {
      const d = ok(await s(actor, 'GET', '/library/favorite'));
      expect(d.items.map((i: { series: { id: number } }) => i.series.id)).toEqual([T.id]);
    }
    await s('Cx', 'GET', '/library/favorite');
    await s('V', 'GET', '/library/favorite');
  },
  'GET /api/v1/library/recent': async (s) => {
    for (const actor of ['B', 'C'] as const) {
      const d = ok(await s(actor, 'GET', '/library/recent'));
      expect(d.items.map((i: { series: { id: number } }) => i.series.id)).toEqual([T.id]);
    }
    await s('Cx', 'GET', '/library/recent');
    await s('V', 'GET', '/library/recent');
  },
  'DELETE /api/v1/library/my/:seriesId': async (s) => {
    for (const actor of ['B', 'C'] as const)
      expect(ok(await s(actor, 'DELETE', `/library/my/${S.id}`))).toEqual({ removed: true });
    await s('Cx', 'DELETE', `/library/my/${S.id}`);
    await s('V', 'DELETE', `/library/my/${S.id}`);
  },
  'DELETE /api/v1/library/recent/:seriesId': async (s) => {
    for (const actor of ['B', 'C'] as const) {
      expect(ok(await s(actor, 'DELETE', `/library/recent/${S.id}`))).toEqual({ removed: true });
    }
    await s('Cx', 'DELETE', `/library/recent/${S.id}`);
    await s('V', 'DELETE', `/library/recent/${S.id}`);
  },

  // ——— e-mail accounts and sessions ———
  'POST /api/v1/auth/local/signup': async (s) => {
    const withEmail = (email: string) => ({
      email,
      password: 'BravoRead123',
      passwordConfirm: 'BravoRead123',
      agreeTerms: true,
    });
    failsWith(await s('B', 'POST', '/auth/local/signup', withEmail(A.email)), 'ALREADY_USED_EMAIL');
    failsWith(await s('V', 'POST', '/auth/local/signup', withEmail(A.email)), 'ALREADY_USED_EMAIL');
    failsWith(await s('Cx', 'POST', '/auth/local/signup', withEmail(A.email)), 'ALREADY_USED_EMAIL');
    // Accounts are per brand: in C's brand the address is free, and the code goes to the address.
    const other = ok(await s('C', 'POST', '/auth/local/signup', withEmail(A.email)));
    expect(other.userId).not.toBe(A.id);
    // A stranger restarting a pending sign-up: a new attempt with its own password; the code goes to P.
    const pending = ok(await s('B', 'POST', '/auth/local/signup', withEmail(P.email)));
    notes.push(
      `POST /auth/local/signup by B with the e-mail of a pending sign-up P: SUCCESS, answers P's userId ` +
        `(${pending.userId === P.userId ? 'the same id' : 'another id'}) and a new signUpId; the code is mailed to P`,
    );
  },
  'POST /api/v1/auth/local/signup/verify': async (s) => {
    const forA = { userId: A.id, signUpId: P.signUpId, code: '000000' };
    for (const actor of ['B', 'V', 'Cx'] as const) {
      failsWith(await s(actor, 'POST', '/auth/local/signup/verify', forA), 'ALREADY_AUTH_MAIL');
    }
    failsWith(await s('C', 'POST', '/auth/local/signup/verify', forA), 'NOT_FOUND_USER');
    const wrong = { userId: P.userId, signUpId: P.signUpId, code: '000000' };
    const guess = await s('B', 'POST', '/auth/local/signup/verify', wrong);
    expect(guess.code === 'INVALID_PARAMETER' || guess.code === 'ALREADY_AUTH_MAIL').toBe(true);
    failsWith(await s('C', 'POST', '/auth/local/signup/verify', wrong), 'NOT_FOUND_USER');
    notes.push(
      'POST /auth/local/signup/verify and /user/mail/auth answer NOT_FOUND_USER (no such id in the brand), ' +
        'ALREADY_AUTH_MAIL (an active account) or a code check (pending): anyone can tell which user ids exist and ' +
        "their state; B's wrong codes count toward P's 5 attempts",
    );
  },
  'POST /api/v1/user/mail/auth': async (s) => {
    for (const actor of ['B', 'V', 'Cx'] as const) {
      failsWith(await s(actor, 'POST', '/user/mail/auth', { userId: A.id }), 'ALREADY_AUTH_MAIL');
    }
    failsWith(await s('C', 'POST', '/user/mail/auth', { userId: A.id }), 'NOT_FOUND_USER');
    const resend = await s('B', 'POST', '/user/mail/auth', { userId: P.userId });
    expect(resend.data ?? null).toBeNull();
    notes.push(`POST /user/mail/auth by B with a pending P's userId: ${resend.code ?? 'SUCCESS (a code mailed to P)'}`);
  },
  'POST /api/v1/auth/local/login': async (s) => {
    const wrong = { email: A.email, password: 'WrongRead123' };
    for (const actor of ['B', 'V', 'Cx'] as const)
      failsWith(await s(actor, 'POST', '/auth/local/login', wrong), 'INCORRECT_PASSWORD');
    // A's right password from another brand opens nothing: accounts are per brand.
    const right = { email: A.email, password: A.password };
    failsWith(await s('C', 'POST', '/auth/local/login', right), 'NOT_REGISTERED_USER');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, A.id));
    notes.push(
      `POST /auth/local/login: strangers' wrong passwords for A's e-mail count toward A's lock ` +
        `(failedLoginCount now ${row?.failedLoginCount}; 5 lock A out for an hour)`,
    );
  },
  'POST /api/v1/auth/refresh': async (s) => {
    failsWith(
      await s('B', 'POST', '/auth/refresh', { accessToken: B.access, refreshToken: A.refresh }),
      'NOT_FOUND_REFRESH_TOKEN',
    );
    failsWith(
      await s('C', 'POST', '/auth/refresh', { accessToken: C.access, refreshToken: A.refresh }),
      'NOT_FOUND_REFRESH_TOKEN',
    );
    failsWith(
      await s('Cx', 'POST', '/auth/refresh', { accessToken: C.access, refreshToken: A.refresh }),
      'MALFORMED_JWT',
    );
    failsWith(
      await s('V', 'POST', '/auth/refresh', { accessToken: 'not-a-jwt', refreshToken: A.refresh }),
      'MALFORMED_JWT',
    );

    // A token A rotated out, replayed by B: refused without ending A's session (no family revocation).
    const first = await loginA();
    const rotated = ok(
      await call('A', 'POST', '/auth/refresh', { accessToken: first.access, refreshToken: first.refresh }),
    );
    aTokens.add(rotated.accessToken.token);
    aTokens.add(rotated.refreshToken.token);
    const replay = await s('B', 'POST', '/auth/refresh', { accessToken: B.access, refreshToken: first.refresh });
    failsWith(replay, 'NOT_FOUND_REFRESH_TOKEN');
    expect(await sessionLive(rotated.refreshToken.token)).toBe(true);

    // A's own pair, sent with another brand's header.
    const crossBrand = await call(
      'A',
      'POST',
      '/auth/refresh',
      { accessToken: rotated.accessToken.token, refreshToken: rotated.refreshToken.token },
      OTHER_BRAND,
    );
    // Refused like every authenticated call: a session belongs to its brand.
    failsWith(crossBrand, 'MALFORMED_JWT');
  },
  'PUT /api/v1/auth/logout': async (s) => {
    // The refresh token is the capability: whoever holds it ends that session, bearer or not.
    const second = await loginA();
    const byB = await s('B', 'PUT', '/auth/logout', { refreshToken: second.refresh });
    const secondLive = await sessionLive(second.refresh);
    const third = await loginA();
    const next = ok(
      await call('A', 'POST', '/auth/refresh', { accessToken: third.access, refreshToken: third.refresh }),
    );
    aTokens.add(next.accessToken.token);
    aTokens.add(next.refreshToken.token);
    const byVisitor = await s('V', 'PUT', '/auth/logout', { refreshToken: third.refresh });
    const thirdLive = await sessionLive(next.refreshToken.token);
    const byC = await s('C', 'PUT', '/auth/logout', { refreshToken: second.refresh });
    const byCx = await s('Cx', 'PUT', '/auth/logout', { refreshToken: 'not-a-token' });
    failsWith(byCx, 'NOT_FOUND_REFRESH_TOKEN');
    notes.push(
      `PUT /auth/logout by B (own bearer) with A's live refresh token: ${byB.code ?? 'SUCCESS'}, A's session ` +
        `${secondLive ? 'kept' : 'ended'}; by a visitor with a refresh token A had already rotated out: ` +
        `${byVisitor.code ?? 'SUCCESS'}, A's current token of that session ${thirdLive ? 'kept' : 'ended'}; ` +
        `by C (other brand) with A's ended token: ${byC.code ?? 'SUCCESS'}`,
    );
    expect(byB.data ?? null).toBeNull();
  },
  'POST /api/v1/auth/local/change/password': async (s) => {
    const body = { oldPassword: A.password, newPassword: 'Hijacked1234' };
    for (const actor of ['B', 'C'] as const)
      failsWith(await s(actor, 'POST', '/auth/local/change/password', body), 'INCORRECT_PASSWORD');
    await s('Cx', 'POST', '/auth/local/change/password', body);
    await s('V', 'POST', '/auth/local/change/password', body);
  },
  'POST /api/v1/auth/local/reset/mail': async (s) => {
    expect(ok(await s('B', 'POST', '/auth/local/reset/mail', { email: A.email }))).toBeNull();
    for (const actor of ['V', 'Cx'] as const) {
      failsWith(await s(actor, 'POST', '/auth/local/reset/mail', { email: A.email }), 'FREQUENT_REQUEST');
    }
    failsWith(await s('C', 'POST', '/auth/local/reset/mail', { email: A.email }), 'NOT_FOUND_USER');
    const link = mailBody((await t.mailTo(A.email)).at(-1) ?? '');
    expect(link).toContain(`userId=${A.id}`);
    // The link's secret is A's: it must reach nobody else either.
    const uuid = link.match(/uuid=([\w-]+)/)?.[1];
    expect(uuid).toEqual(expect.any(String));
    if (uuid) aTokens.add(uuid);
    notes.push(
      'POST /auth/local/reset/mail: anyone may have the link mailed to A (to A only); it answers NOT_FOUND_USER ' +
        'for unknown addresses, and for 5 minutes FREQUENT_REQUEST to everyone, A included',
    );
  },
  'POST /api/v1/auth/local/reset/password': async (s) => {
    const body = { userId: A.id, uuid: 'forged-reset-uuid', newPassword: 'Hijacked1234' };
    for (const actor of ['B', 'V', 'Cx'] as const)
      failsWith(await s(actor, 'POST', '/auth/local/reset/password', body), 'UNKNOWN');
    failsWith(await s('C', 'POST', '/auth/local/reset/password', body), 'NOT_FOUND_USER');
  },
  'POST /api/v1/auth/local/reset/sms': async (s) => {
    const sent = ok(await s('B', 'POST', '/auth/local/reset/sms', { phone: aPhone }));
    expect(Object.keys(sent)).toEqual(['expiredAt']);
    for (const actor of ['V', 'Cx'] as const)
      failsWith(await s(actor, 'POST', '/auth/local/reset/sms', { phone: aPhone }), 'ALREADY_SEND_SMS');
    failsWith(await s('C', 'POST', '/auth/local/reset/sms', { phone: aPhone }), 'NOT_FOUND_SMS_USER');
    expect(await t.smsTo(aPhone)).toHaveLength(1);
  },
  'POST /api/v1/auth/local/reset/sms/verify': async (s) => {
    const texted = (await t.smsTo(aPhone)).at(-1)?.match(/\d{6}/)?.[0] ?? '000000';
    const wrong = { phone: aPhone, code: texted === '000000' ? '111111' : '000000' };
    for (const actor of ['B', 'V', 'Cx'] as const) {
      failsWith(await s(actor, 'POST', '/auth/local/reset/sms/verify', wrong), 'INVALID_PARAMETER');
    }
    failsWith(await s('C', 'POST', '/auth/local/reset/sms/verify', wrong), 'NOT_FOUND_SMS_USER');
    notes.push(
      "POST /auth/local/reset/sms/verify: strangers' wrong codes count toward the 5 attempts of A's texted code",
    );
  },

  // ——— the signed-in account ———
  'POST /api/v1/user': async (s) => {
    for (const m of [B, C]) {
      const me = ok(await s(m === B ? 'B' : 'C', 'POST', '/user'));
      expect(me).toMatchObject({ id: m.id, email: m.email, nickname: m.nickname });
    }
    await s('Cx', 'POST', '/user');
    await s('V', 'POST', '/user');
  },
  'PUT /api/v1/user': async (s) => {
    const bodies = [
      { action: 'ADULT', refreshToken: A.refresh, verifyAdultRequest: { birthedAt: yearsAgo(30) } },
      { action: 'MAIL', refreshToken: A.refresh, agreeMailRequest: { isAgreeMail: true } },
      { action: 'PROFILE', refreshToken: A.refresh, profileRequest: { nickname: 'Hijacker' } },
    ];
    for (const body of bodies) {
      for (const actor of ['B', 'C'] as const)
        failsWith(await s(actor, 'PUT', '/user', body), 'NOT_FOUND_REFRESH_TOKEN');
      await s('Cx', 'PUT', '/user', body);
      await s('V', 'PUT', '/user', body);
    }
  },
  'PUT /api/v1/user/adult/toggle/:value': async (s) => {
    for (const m of [B, C]) {
      const actor = m === B ? 'B' : 'C';
      expect(ok(await s(actor, 'PUT', '/user/adult/toggle/false'))).toMatchObject({ id: m.id, email: m.email });
      failsWith(await s(actor, 'PUT', '/user/adult/toggle/true'), 'ADULT_ONLY_CONTENTS');
    }
    await s('Cx', 'PUT', '/user/adult/toggle/false');
    await s('V', 'PUT', '/user/adult/toggle/false');
  },
  'PUT /api/v1/user/BL/toggle/:value': async (s) => {
    for (const m of [B, C]) {
      const actor = m === B ? 'B' : 'C';
      expect(ok(await s(actor, 'PUT', '/user/BL/toggle/false'))).toMatchObject({ id: m.id, isBlToggle: false });
      expect(ok(await s(actor, 'PUT', '/user/BL/toggle/true'))).toMatchObject({ id: m.id, isBlToggle: true });
    }
    await s('Cx', 'PUT', '/user/BL/toggle/false');
    await s('V', 'PUT', '/user/BL/toggle/false');
  },
  'PUT /api/v1/app/push': async (s) => {
    for (const m of [B, C]) {
      const d = ok(await s(m === B ? 'B' : 'C', 'PUT', '/app/push', { isAgreePushNight: true }));
      expect(d).toMatchObject({ id: m.id, agreePush: { isAgreePushNight: true } });
    }
    await s('Cx', 'PUT', '/app/push', { isAgreePushNight: true });
    await s('V', 'PUT', '/app/push', { isAgreePushNight: true });
  },
  // A's address stays A's: another member reads, replaces and deletes only their own.
  'GET /api/v1/user/address': async (s) => {
    ok(await call('A', 'PUT', '/user/address', addressOfA));
    for (const actor of ['B', 'C'] as const)
      expect(ok(await s(actor, 'GET', '/user/address'))).toEqual({ address: null });
    await s('Cx', 'GET', '/user/address');
    await s('V', 'GET', '/user/address');
    expect(ok(await call('A', 'GET', '/user/address')).address).toMatchObject({ name: addressOfA.name });
  },
  'PUT /api/v1/user/address': async (s) => {
    ok(await call('A', 'PUT', '/user/address', addressOfA));
    const other = { ...addressOfA, name: 'Someone Else' };
    for (const actor of ['B', 'C'] as const)
      expect(ok(await s(actor, 'PUT', '/user/address', other)).address).toMatchObject({ name: 'Someone Else' });
    await s('Cx', 'PUT', '/user/address', other);
    await s('V', 'PUT', '/user/address', other);
    expect(ok(await call('A', 'GET', '/user/address')).address).toMatchObject({ name: addressOfA.name });
  },
  'DELETE /api/v1/user/address': async (s) => {
    ok(await call('A', 'PUT', '/user/address', addressOfA));
    for (const actor of ['B', 'C'] as const) expect(ok(await s(actor, 'DELETE', '/user/address'))).toBeNull();
    await s('Cx', 'DELETE', '/user/address');
    await s('V', 'DELETE', '/user/address');
    expect(ok(await call('A', 'GET', '/user/address')).address).toMatchObject({ name: addressOfA.name });
  },
  'POST /api/v1/user/auth/adult/kr': async (s) => {
    // A genuine result of A's own attempt, used by anyone else: refused, and A's attempt stays usable.
    const form = ok(await call('A', 'GET', '/nice/encode'));
    const answer = ok(
      await call('V', 'POST', '/nice/sandbox/result', {
        encodeData: form.fields.EncodeData,
        outcome: 'VERIFIED',
        birthedAt: yearsAgo(30),
      }),
    );
    const body = { refreshToken: A.refresh, encodeData: answer.encodeData };
    for (const actor of ['B', 'C'] as const)
      failsWith(await s(actor, 'POST', '/user/auth/adult/kr', body), 'INVALID_PARAMETER');
    await s('Cx', 'POST', '/user/auth/adult/kr', body);
    await s('V', 'POST', '/user/auth/adult/kr', body);
  },
  'GET /api/v1/nice/encode': async (s) => {
    // Each member opens attempts of their own; nothing in the answer names A.
    for (const actor of ['B', 'C'] as const)
      expect(ok(await s(actor, 'GET', '/nice/encode')).requestNo).toEqual(expect.any(String));
    failsWith(await s('Cx', 'GET', '/nice/encode'), 'MALFORMED_JWT');
    failsWith(await s('V', 'GET', '/nice/encode'), 'NOT_LOGIN_USER');
  },
  'POST /api/v1/nice/sandbox/result': async (s) => {
    for (const actor of ['B', 'C', 'V'] as const)
      failsWith(
        await s(actor, 'POST', '/nice/sandbox/result', { encodeData: 'x.y', outcome: 'CANCELLED' }),
        'INVALID_PARAMETER',
      );
  },
  'POST /api/v1/user/withdrawal': async (s) => {
    const body = { reason: 'not mine', password: A.password, confirm: true };
    for (const actor of ['B', 'C'] as const)
      failsWith(await s(actor, 'POST', '/user/withdrawal', body), 'INCORRECT_PASSWORD');
    await s('Cx', 'POST', '/user/withdrawal', body);
    await s('V', 'POST', '/user/withdrawal', body);
  },
  'GET /api/v1/coin': coinProbe('/coin'),
  'GET /api/v1/coin/user': coinProbe('/coin/user'),
  'GET /api/v1/coin/user/used': coinProbe('/coin/user/used'),
  'GET /api/v1/coin/history/:kind': coinProbe('/coin/history/charge'),
  'GET /api/v1/coin/lots': async (s) => {
    const aLots = await lotIdsOfA();
    for (const actor of ['B', 'C'] as const) {
      const { lots } = ok(await s(actor, 'GET', '/coin/lots'));
      const ids = (lots as { id: number }[]).map((l) => l.id);
      expect(
        ids.filter((id) => aLots.includes(id)),
        `${actor} sees A's lots`,
      ).toEqual([]);
    }
    await s('Cx', 'GET', '/coin/lots');
    await s('V', 'GET', '/coin/lots');
  },
  'GET /api/v1/coin/lots.csv': async (s) => {
    const aLots = await lotIdsOfA();
    for (const actor of ['B', 'C'] as const) {
      const csv = ok(await s(actor, 'GET', '/coin/lots.csv')) as string;
      const ids = csv
        .split('\r\n')
        .slice(1)
        .map((line) => Number(line.split(',')[0]));
      expect(
        ids.filter((id) => aLots.includes(id)),
        `${actor} gets A's lots`,
      ).toEqual([]);
    }
    await s('Cx', 'GET', '/coin/lots.csv');
    await s('V', 'GET', '/coin/lots.csv');
  },
  'GET /api/v1/coin/mileage/exchange': async (s) => {
    for (const actor of ['B', 'C'] as const) {
      const info = ok(await s(actor, 'GET', '/coin/mileage/exchange?points=3000'));
      expect(info, `${actor} sees A's points`).toMatchObject({ mileage: 0, maxPoints: 0, soonestExpiry: null });
      expect(info.quote.refusal).toBe('MILEAGE_INSUFFICIENT');
    }
    await s('Cx', 'GET', '/coin/mileage/exchange');
    await s('V', 'GET', '/coin/mileage/exchange');
  },
  'POST /api/v1/coin/mileage/exchange': async (s) => {
    const body = { points: 3000, key: A_EXCHANGE_KEY };
    // A's key names A's exchange only: theirs is refused for their own empty points.
    for (const actor of ['B', 'C'] as const) {
      failsWith(await s(actor, 'POST', '/coin/mileage/exchange', body), 'MILEAGE_INSUFFICIENT');
    }
    await s('Cx', 'POST', '/coin/mileage/exchange', body);
    await s('V', 'POST', '/coin/mileage/exchange', body);
  },
  'GET /api/v1/shop/products': publicGet('/shop/products'),
  'POST /api/v1/shop/orders': async (s) => {
    for (const actor of ['B', 'C'] as const) {
      const theirs = ok(await s(actor, 'POST', '/shop/orders', { ...A_ORDER_BODY, productId: productOf(actor) }));
      expect(theirs.id, `${actor} got A's order for A's key`).not.toBe(aOrders.paid);
    }
    await s('Cx', 'POST', '/shop/orders', { ...A_ORDER_BODY, productId: productOf('A') });
    await s('V', 'POST', '/shop/orders', { ...A_ORDER_BODY, productId: productOf('A') });
  },
  'GET /api/v1/shop/orders/:orderId': orderProbe('GET', ''),
  'POST /api/v1/shop/orders/:orderId/sandbox': orderProbe('POST', '/sandbox', { outcome: 'SUCCESS' }),
  'POST /api/v1/shop/orders/:orderId/refund': orderProbe('POST', '/refund'),
  'POST /api/v1/third-party/facebook/conversion': async (s) => {
    const body = {
      acToken: 'probe-event-1',
      action: 'Purchase',
      actionUrl: 'https://delitoon.example/shop/complete',
      purchaseParamsRequest: { orderId: aOrders.paid, value: 0, currency: 'EUR' },
    };
    for (const actor of ['B', 'C'] as const) {
      failsWith(await s(actor, 'POST', '/third-party/facebook/conversion', body), 'NOT_EXIST');
    }
    await s('Cx', 'POST', '/third-party/facebook/conversion', body);
    failsWith(await s('V', 'POST', '/third-party/facebook/conversion', body), 'NOT_LOGIN_USER');
  },
  'POST /api/v1/episodes/:id/purchase': async (s) => {
    const body = { kind: 'POSSESSION', idempotencyKey: A_PURCHASE_KEY };
    for (const actor of ['B', 'C'] as const) {
      // Their own empty wallet pays, whatever A holds or the key A used.
      failsWith(await s(actor, 'POST', `/episodes/${ep(4).id}/purchase`, body), 'COIN_INSUFFICIENT');
    }
    await s('Cx', 'POST', `/episodes/${ep(4).id}/purchase`, body);
    await s('V', 'POST', `/episodes/${ep(4).id}/purchase`, body);
  },
  'GET /api/v1/contents/:id/purchase-all': async (s) => {
    for (const actor of ['B', 'C'] as const) {
      const quote = ok(await s(actor, 'GET', `/contents/${S.id}/purchase-all?kind=POSSESSION`));
      expect(quote.episodeIds, `${actor}'s quote follows A's ownership`).toEqual([ep(3).id, ep(4).id]);
    }
    await s('Cx', 'GET', `/contents/${S.id}/purchase-all?kind=POSSESSION`);
    await s('V', 'GET', `/contents/${S.id}/purchase-all?kind=POSSESSION`);
  },
  'POST /api/v1/contents/:id/purchase-all': async (s) => {
    const body = { kind: 'RENT', idempotencyKey: A_PURCHASE_KEY };
    for (const actor of ['B', 'C'] as const) {
      failsWith(await s(actor, 'POST', `/contents/${S.id}/purchase-all`, body), 'COIN_INSUFFICIENT');
    }
    await s('Cx', 'POST', `/contents/${S.id}/purchase-all`, body);
    await s('V', 'POST', `/contents/${S.id}/purchase-all`, body);
  },

  // ——— wait-until-free ticket: S offers none; A's ownerships never show in another's answer ———
  'POST /api/v1/episodes/:id/freetime': async (s) => {
    const body = { idempotencyKey: A_PURCHASE_KEY };
    for (const actor of ['B', 'C'] as const) {
      failsWith(await s(actor, 'POST', `/episodes/${ep(4).id}/freetime`, body), 'UN_MATCHED_FREETIME_EPISODE');
    }
    await s('Cx', 'POST', `/episodes/${ep(4).id}/freetime`, body);
    await s('V', 'POST', `/episodes/${ep(4).id}/freetime`, body);
  },
  'GET /api/v1/freetime/tickets': async (s) => {
    for (const actor of ['B', 'C'] as const) {
      expect(ok(await s(actor, 'GET', `/freetime/tickets?seriesIds=${S.id},${T.id}`))).toEqual([]);
    }
    await s('Cx', 'GET', `/freetime/tickets?seriesIds=${S.id}`);
    await s('V', 'GET', `/freetime/tickets?seriesIds=${S.id}`);
  },
  'GET /api/v1/episodes/:id/offer': async (s) => {
    for (const actor of ['B', 'C', 'V'] as const) {
      for (const n of [3, 4]) {
        const offer = ok(await s(actor, 'GET', `/episodes/${ep(n).id}/offer`));
        expect(offer.episode.access, `${actor} gets A's access to episode ${n}`).toEqual({
          state: 'PAID',
          expiresAt: null,
          ticketAt: null,
        });
      }
    }
    await s('Cx', 'GET', `/episodes/${ep(3).id}/offer`);
  },

  'GET /api/v1/gift': giftListProbe('/gift'),
  'GET /api/v1/gift/count': giftListProbe('/gift/count'),
  'POST /api/v1/gift/:giftId/receive': async (s) => {
    const id = await giftOfA();
    failsWith(await s('B', 'POST', `/gift/${id}/receive`), 'UN_MATCHED_GIFT_TARGET_TYPE');
    failsWith(await s('C', 'POST', `/gift/${id}/receive`), 'NOT_FOUND_GIFT');
    await s('Cx', 'POST', `/gift/${id}/receive`);
    await s('V', 'POST', `/gift/${id}/receive`);
    await aGiftWaits();
  },
  'POST /api/v1/gift/receive-all': async (s) => {
    await giftOfA();
    for (const actor of ['B', 'C'] as const) failsWith(await s(actor, 'POST', '/gift/receive-all'), 'NOT_FOUND_GIFT');
    await s('Cx', 'POST', '/gift/receive-all');
    await s('V', 'POST', '/gift/receive-all');
    await aGiftWaits();
  },
  // ——— admin: B and C are readers, whose tokens are no admin session (the role matrix is test/admin-roles.test.ts) ———
  'POST /api/v1/admin/auth/login': async (s) => {
    // A reader's own e-mail and password are no admin's: the console is not a way into a reader account.
    for (const actor of ['B', 'C', 'V'] as const) {
      failsWith(
        await s(actor, 'POST', '/admin/auth/login', { email: A.email, password: A.password, totp: '123456' }),
        'INCORRECT_PASSWORD',
      );
    }
  },
  'GET /api/v1/admin/auth/me': adminOnly('GET', '/admin/auth/me'),
  'POST /api/v1/admin/auth/logout': adminOnly('POST', '/admin/auth/logout'),
  'GET /api/v1/admin/accounts': adminOnly('GET', '/admin/accounts'),
  'POST /api/v1/admin/accounts': adminOnly('POST', '/admin/accounts', {
    email: 'probe@example.com',
    name: 'Probe',
    roles: ['OWNER'],
  }),
  'PUT /api/v1/admin/accounts/:id/status': adminOnly('PUT', '/admin/accounts/1/status', { status: 'DISABLED' }),
  'POST /api/v1/admin/coins/adjust': adminOnly('POST', '/admin/coins/adjust', {
    userId: 1,
    coinType: 'COIN',
    amount: 100,
    reason: 'probe',
    idempotencyKey: 'cross-member-adjust',
  }),
  'POST /api/v1/admin/gifts': adminOnly('POST', '/admin/gifts', {
    targets: [{ type: 'USER', userId: 1 }],
    content: { kind: 'COIN', coinType: 'COIN', amount: 100 },
    title: 'probe',
    idempotencyKey: 'cross-member-gift',
  }),
  // ——— account transfer: each member sees only their own; A's brand's period is over, C's brand has none ———
  'GET /api/v1/transfer': async (s) => {
    for (const actor of ['B', 'C'] as const)
      expect((ok(await s(actor, 'GET', '/transfer')) as { transfer: unknown }).transfer).toBeNull();
    await s('Cx', 'GET', '/transfer');
    await s('V', 'GET', '/transfer');
  },
  'POST /api/v1/transfer': async (s) => {
    const body = { consent: ['IRREVERSIBLE', 'DATA_MOVED', 'ACCOUNT_CLOSED'], version: '2025-09-01' };
    failsWith(await s('B', 'POST', '/transfer', body), 'NOT_TRANSFER_PERIOD');
    failsWith(await s('C', 'POST', '/transfer', body), 'NOT_EXIST');
    failsWith(await s('V', 'POST', '/transfer', body), 'NOT_LOGIN_USER');
    await s('Cx', 'POST', '/transfer', body);
  },
  'GET /api/v1/transfer/file': async (s) => {
    for (const actor of ['B', 'C'] as const) failsWith(await s(actor, 'GET', '/transfer/file'), 'NOT_EXIST');
    await s('Cx', 'GET', '/transfer/file');
    failsWith(await s('V', 'GET', '/transfer/file'), 'NOT_LOGIN_USER');
  },
  'GET /api/v1/transfer/public-key': publicGet('/transfer/public-key'),
  'GET /api/v1/admin/transfer': adminOnly('GET', '/admin/transfer'),
  'PUT /api/v1/admin/transfer/period': adminOnly('PUT', '/admin/transfer/period', { endsAt: null }),
  'GET /api/v1/maintenance': publicGet('/maintenance'),
  'GET /api/v1/admin/maintenance': adminOnly('GET', '/admin/maintenance'),
  'PUT /api/v1/admin/maintenance': adminOnly('PUT', '/admin/maintenance', {
    active: true,
    allBrands: true,
    endsAt: null,
  }),
  'GET /api/v1/admin/audit': adminOnly('GET', '/admin/audit'),

  // ——— events: A has stamped, holds tickets and has reacted; B and C act on their own only ———
  'GET /api/v1/events': async (s) => {
    await eventsOfA();
    for (const actor of ['B', 'C', 'V'] as const) ok(await s(actor, 'GET', '/events'));
  },
  'GET /api/v1/events/themes/:themeId': async (s) => {
    const { theme } = await eventsOfA();
    for (const actor of ['B', 'V'] as const) ok(await s(actor, 'GET', `/events/themes/${theme}`));
    failsWith(await s('C', 'GET', `/events/themes/${theme}`), 'NOT_FOUND_THEME');
  },
  'GET /api/v1/events/:eventId': async (s) => {
    const ids = await eventsOfA();
    for (const id of [ids.attendance, ids.roulette, ids.emoticon]) {
      const seen = ok(await s('B', 'GET', `/events/${id}`));
      expect(seen.member, "B's own part of an event A took part in").toMatchObject({
        ticketsLeft: 0,
        spins: [],
        emoticon: null,
      });
      expect(seen.member.attendance?.days ?? []).toEqual([]);
      expect(ok(await s('V', 'GET', `/events/${id}`)).member).toBeNull();
      failsWith(await s('C', 'GET', `/events/${id}`), 'NOT_FOUND_EVENT');
    }
    await s('Cx', 'GET', `/events/${ids.attendance}`);
  },
  'POST /api/v1/events/:eventId/attendance': async (s) => {
    const { attendance } = await eventsOfA();
    const stamped = ok(await s('B', 'POST', `/events/${attendance}/attendance`));
    expect(stamped.attendance.days, "B's stamps hold only B's day").toHaveLength(1);
    failsWith(await s('C', 'POST', `/events/${attendance}/attendance`), 'NOT_FOUND_EVENT');
    await s('Cx', 'POST', `/events/${attendance}/attendance`);
    await s('V', 'POST', `/events/${attendance}/attendance`);
    await aEventsHold();
  },
  'POST /api/v1/events/:eventId/roulette/spin': async (s) => {
    const { roulette } = await eventsOfA();
    // A's own spin's key, sent by B: B's own spins are searched, and B holds no ticket of A's.
    const body = { key: A_SPIN_KEY };
    failsWith(await s('B', 'POST', `/events/${roulette}/roulette/spin`, body), 'NOT_EVENT_REMAIN_TICKET');
    failsWith(await s('C', 'POST', `/events/${roulette}/roulette/spin`, body), 'NOT_FOUND_EVENT');
    await s('Cx', 'POST', `/events/${roulette}/roulette/spin`, body);
    await s('V', 'POST', `/events/${roulette}/roulette/spin`, body);
    await aEventsHold();
  },
  'POST /api/v1/events/:eventId/emoticon': async (s) => {
    const { emoticon } = await eventsOfA();
    expect(ok(await s('B', 'POST', `/events/${emoticon}/emoticon`, { emoticon: 'CRY' })).emoticon).toBe('CRY');
    failsWith(await s('C', 'POST', `/events/${emoticon}/emoticon`, { emoticon: 'CRY' }), 'NOT_FOUND_EVENT');
    await s('Cx', 'POST', `/events/${emoticon}/emoticon`, { emoticon: 'CRY' });
    await s('V', 'POST', `/events/${emoticon}/emoticon`, { emoticon: 'CRY' });
    await aEventsHold();
  },
  'GET /api/v1/roulette/tickets': async (s) => {
    await eventsOfA();
    for (const actor of ['B', 'C'] as const) expect(ok(await s(actor, 'GET', '/roulette/tickets')).ticketsLeft).toBe(0);
    await s('Cx', 'GET', '/roulette/tickets');
    await s('V', 'GET', '/roulette/tickets');
  },
  'GET /api/v1/admin/events': adminOnly('GET', '/admin/events'),
  'POST /api/v1/admin/events': adminOnly('POST', '/admin/events', { kind: 'ATTENDANCE', title: 'probe' }),
  'PUT /api/v1/admin/events/:eventId': adminOnly('PUT', '/admin/events/1', { kind: 'ATTENDANCE', title: 'probe' }),
  'GET /api/v1/admin/events/:eventId/audit': adminOnly('GET', '/admin/events/1/audit'),
  'GET /api/v1/admin/event-themes': adminOnly('GET', '/admin/event-themes'),
  'POST /api/v1/admin/event-themes': adminOnly('POST', '/admin/event-themes', { name: 'probe' }),
  'POST /api/v1/admin/roulette-tickets': adminOnly('POST', '/admin/roulette-tickets', {
    userId: 1,
    count: 5,
    idempotencyKey: 'cross-member-tickets',
  }),

  // ——— coupons: B and C register into their own accounts and see only their own ———
  'POST /api/v1/coupons': async (s) => {
    for (const actor of ['B', 'C'] as const)
      failsWith(await s(actor, 'POST', '/coupons', { code: 'NOT-A-CODE-OF-A' }), 'NOT_FOUND_COUPON');
    failsWith(await s('Cx', 'POST', '/coupons', { code: 'NOT-A-CODE-OF-A' }), 'MALFORMED_JWT');
    failsWith(await s('V', 'POST', '/coupons', { code: 'NOT-A-CODE-OF-A' }), 'NOT_LOGIN_USER');
  },
  'GET /api/v1/coupons': coinProbe('/coupons?tab=used'),
  'POST /api/v1/admin/coupons': adminOnly('POST', '/admin/coupons', {
    name: 'probe',
    grant: { kind: 'COIN', coinType: 'COIN', coins: 1 },
    codes: { mode: 'SHARED' },
  }),
  'GET /api/v1/admin/coupons': adminOnly('GET', '/admin/coupons'),
  'POST /api/v1/admin/coupons/:couponId/codes': adminOnly('POST', '/admin/coupons/1/codes', { count: 1 }),
  'POST /api/v1/admin/coupons/:couponId/codes.csv': adminOnly('POST', '/admin/coupons/1/codes.csv', { count: 1 }),

  // ——— business (issue 15 items 5 and 7): admins only ———
  'GET /api/v1/admin/reports/sales': adminOnly('GET', '/admin/reports/sales?from=2026-01-01&to=2026-01-31'),
  'GET /api/v1/admin/reports/series': adminOnly('GET', '/admin/reports/series?from=2026-01-01&to=2026-01-31'),
  'GET /api/v1/admin/reports/readers': adminOnly('GET', '/admin/reports/readers?from=2026-01-01&to=2026-01-31'),
  'GET /api/v1/admin/reports/freetime': adminOnly('GET', '/admin/reports/freetime?from=2026-01-01&to=2026-01-31'),
  'GET /api/v1/admin/reports/coupons': adminOnly('GET', '/admin/reports/coupons?from=2026-01-01&to=2026-01-31'),
  'GET /api/v1/admin/reports/sales.csv': adminOnly('GET', '/admin/reports/sales.csv?from=2026-01-01&to=2026-01-31'),
  'GET /api/v1/admin/reports/series.csv': adminOnly('GET', '/admin/reports/series.csv?from=2026-01-01&to=2026-01-31'),
  'GET /api/v1/admin/reports/readers.csv': adminOnly('GET', '/admin/reports/readers.csv?from=2026-01-01&to=2026-01-31'),
  'GET /api/v1/admin/reports/freetime.csv': adminOnly(
    'GET',
    '/admin/reports/freetime.csv?from=2026-01-01&to=2026-01-31',
  ),
  'GET /api/v1/admin/reports/coupons.csv': adminOnly('GET', '/admin/reports/coupons.csv?from=2026-01-01&to=2026-01-31'),
  'GET /api/v1/admin/shop/products': adminOnly('GET', '/admin/shop/products'),
  'POST /api/v1/admin/shop/products': adminOnly('POST', '/admin/shop/products', {
    name: 'probe',
    channels: ['WEB'],
    coins: 1,
    price: 1,
  }),
  'PUT /api/v1/admin/shop/products/order': adminOnly('PUT', '/admin/shop/products/order', { productIds: [1] }),
  'PUT /api/v1/admin/shop/products/:productId': adminOnly('PUT', '/admin/shop/products/1', {
    name: 'probe',
    channels: ['WEB'],
    coins: 1,
    price: 1,
  }),
  'PUT /api/v1/admin/shop/products/:productId/active': adminOnly('PUT', '/admin/shop/products/1/active', {
    active: false,
  }),
  'GET /api/v1/admin/members': adminOnly('GET', '/admin/members?q=1'),
  'GET /api/v1/admin/members/:memberId/ledger': adminOnly('GET', '/admin/members/1/ledger'),
  'GET /api/v1/admin/members/:memberId/orders': adminOnly('GET', '/admin/members/1/orders'),
  'POST /api/v1/admin/orders/:orderId/refund': adminOnly('POST', '/admin/orders/1/refund'),

  // ——— comments: B and C act on A's comment and A's block, and see nothing of A's likes, reports or blocks ———
  'GET /api/v1/episodes/:id/comments': commentListProbe(() => `/episodes/${ep(1).id}/comments?sort=BEST`),
  'GET /api/v1/contents/:id/comments': commentListProbe(() => `/contents/${S.id}/comments`),
  'POST /api/v1/episodes/:id/comments': async (s) => {
    for (const actor of ['B', 'C'] as const) {
      const mine = ok(await s(actor, 'POST', `/episodes/${ep(1).id}/comments`, { content: `Probe by ${actor}` }));
      expect(mine).toMatchObject({ mine: true, content: `Probe by ${actor}` });
      ok(await call(actor, 'DELETE', `/comments/${mine.id}`));
    }
    await s('Cx', 'POST', `/episodes/${ep(1).id}/comments`, { content: 'Probe' });
    await s('V', 'POST', `/episodes/${ep(1).id}/comments`, { content: 'Probe' });
  },
  'GET /api/v1/comments/my': async (s) => {
    const { aComment } = await commentsOfA();
    for (const actor of ['B', 'C'] as const) {
      const d = ok(await s(actor, 'GET', '/comments/my'));
      expect(
        d.items.map((c: { id: number }) => c.id),
        `${actor} lists A's comment`,
      ).not.toContain(aComment);
    }
    await s('Cx', 'GET', '/comments/my');
    await s('V', 'GET', '/comments/my');
    await aCommentsHold();
  },
  'PUT /api/v1/comments/:id/like': async (s) => {
    const { aComment } = await commentsOfA();
    expect(ok(await s('B', 'PUT', `/comments/${aComment}/like`))).toEqual({ liked: true, likeCount: 1 });
    ok(await call('B', 'DELETE', `/comments/${aComment}/like`));
    failsWith(await s('C', 'PUT', `/comments/${aComment}/like`), 'NOT_EXIST');
    await s('Cx', 'PUT', `/comments/${aComment}/like`);
    await s('V', 'PUT', `/comments/${aComment}/like`);
    await aCommentsHold();
  },
  'DELETE /api/v1/comments/:id/like': async (s) => {
    const { dComment } = await commentsOfA();
    // A liked D's comment: B taking back a like takes back B's (none), never A's.
    expect(ok(await s('B', 'DELETE', `/comments/${dComment}/like`))).toEqual({ liked: false, likeCount: 1 });
    failsWith(await s('C', 'DELETE', `/comments/${dComment}/like`), 'NOT_EXIST');
    await s('Cx', 'DELETE', `/comments/${dComment}/like`);
    await s('V', 'DELETE', `/comments/${dComment}/like`);
    await aCommentsHold();
  },
  'POST /api/v1/comments/:id/report': async (s) => {
    const { aComment } = await commentsOfA();
    expect(ok(await s('B', 'POST', `/comments/${aComment}/report`))).toEqual({ reported: true, state: null });
    failsWith(await s('C', 'POST', `/comments/${aComment}/report`), 'NOT_EXIST');
    await s('Cx', 'POST', `/comments/${aComment}/report`);
    await s('V', 'POST', `/comments/${aComment}/report`);
    await aCommentsHold();
  },
  'DELETE /api/v1/comments/:id': async (s) => {
    const { aComment } = await commentsOfA();
    failsWith(await s('B', 'DELETE', `/comments/${aComment}`), 'FORBIDDEN');
    failsWith(await s('C', 'DELETE', `/comments/${aComment}`), 'NOT_EXIST');
    await s('Cx', 'DELETE', `/comments/${aComment}`);
    await s('V', 'DELETE', `/comments/${aComment}`);
    await aCommentsHold();
  },
  'POST /api/v1/comments/:id/block': async (s) => {
    const { aComment, dComment } = await commentsOfA();
    // B blocks D (blocking A would only show B the nickname A signs comments with), then lifts it.
    const block = ok(await s('B', 'POST', `/comments/${dComment}/block`));
    ok(await call('B', 'DELETE', `/comments/blocks/${block.id}`));
    failsWith(await s('C', 'POST', `/comments/${aComment}/block`), 'NOT_EXIST');
    await s('Cx', 'POST', `/comments/${aComment}/block`);
    await s('V', 'POST', `/comments/${aComment}/block`);
    await aCommentsHold();
  },
  'GET /api/v1/comments/blocks': async (s) => {
    const { aBlock } = await commentsOfA();
    for (const actor of ['B', 'C'] as const) {
      const d = ok(await s(actor, 'GET', '/comments/blocks'));
      expect(
        d.items.map((b: { id: number }) => b.id),
        `${actor} lists A's block`,
      ).not.toContain(aBlock);
    }
    await s('Cx', 'GET', '/comments/blocks');
    await s('V', 'GET', '/comments/blocks');
  },
  'DELETE /api/v1/comments/blocks/:id': async (s) => {
    const { aBlock } = await commentsOfA();
    for (const actor of ['B', 'C'] as const)
      failsWith(await s(actor, 'DELETE', `/comments/blocks/${aBlock}`), 'NOT_EXIST');
    await s('Cx', 'DELETE', `/comments/blocks/${aBlock}`);
    await s('V', 'DELETE', `/comments/blocks/${aBlock}`);
    await aCommentsHold();
  },
  'GET /api/v1/admin/comments': adminOnly('GET', '/admin/comments'),
  'PUT /api/v1/admin/comments/:id/blind': adminOnly('PUT', '/admin/comments/1/blind'),
  'PUT /api/v1/admin/comments/:id/restore': adminOnly('PUT', '/admin/comments/1/restore'),

  // ——— notices, FAQ and policies: public reads, admin-only changes ———
  'GET /api/v1/notices': publicGet('/notices'),
  'GET /api/v1/notices/:id': publicGet('/notices/1'),
  'GET /api/v1/faq': publicGet('/faq?q=coin'),
  'GET /api/v1/policies/:kind': publicGet('/policies/TERMS'),
  'GET /api/v1/admin/notices': adminOnly('GET', '/admin/notices'),
  'GET /api/v1/admin/faq': adminOnly('GET', '/admin/faq'),
  'POST /api/v1/admin/notices': adminOnly('POST', '/admin/notices', { title: 'probe', body: 'probe' }),
  'PUT /api/v1/admin/notices/:id': adminOnly('PUT', '/admin/notices/1', { title: 'probe', body: 'probe' }),
  'DELETE /api/v1/admin/notices/:id': adminOnly('DELETE', '/admin/notices/1'),
  'POST /api/v1/admin/faq/categories': adminOnly('POST', '/admin/faq/categories', { name: 'probe' }),
  'PUT /api/v1/admin/faq/categories/:id': adminOnly('PUT', '/admin/faq/categories/1', { name: 'probe' }),
  'DELETE /api/v1/admin/faq/categories/:id': adminOnly('DELETE', '/admin/faq/categories/1'),
  'POST /api/v1/admin/faq/entries': adminOnly('POST', '/admin/faq/entries', {
    categoryId: 1,
    question: 'q',
    answer: 'a',
  }),
  'PUT /api/v1/admin/faq/entries/:id': adminOnly('PUT', '/admin/faq/entries/1', {
    categoryId: 1,
    question: 'q',
    answer: 'a',
  }),
  'DELETE /api/v1/admin/faq/entries/:id': adminOnly('DELETE', '/admin/faq/entries/1'),
  'POST /api/v1/admin/policies': adminOnly('POST', '/admin/policies', { kind: 'TERMS', title: 'probe', body: 'probe' }),
  'PUT /api/v1/admin/company': adminOnly('PUT', '/admin/company', {
    name: 'probe',
    address: 'probe',
    email: 'probe@example.com',
  }),

  // ——— content and home (console): no reader's bearer reaches them ———
  'POST /api/v1/admin/images': adminOnly('POST', '/admin/images?purpose=covers'),
  'GET /api/v1/admin/series': adminOnly('GET', '/admin/series'),
  'POST /api/v1/admin/series': adminOnly('POST', '/admin/series', { slug: 'probe' }),
  'GET /api/v1/admin/series/:seriesId': adminOnly('GET', '/admin/series/1'),
  'PUT /api/v1/admin/series/:seriesId': adminOnly('PUT', '/admin/series/1', { slug: 'probe' }),
  'POST /api/v1/admin/series/:seriesId/episodes': adminOnly('POST', '/admin/series/1/episodes', { number: 1 }),
  'GET /api/v1/admin/episodes/:episodeId': adminOnly('GET', '/admin/episodes/1'),
  'PUT /api/v1/admin/episodes/:episodeId': adminOnly('PUT', '/admin/episodes/1', { number: 1 }),
  'GET /api/v1/admin/episodes/:episodeId/preview': adminOnly('GET', '/admin/episodes/1/preview'),
  'PUT /api/v1/admin/episodes/:episodeId/text': adminOnly('PUT', '/admin/episodes/1/text', { body: 'probe' }),
  'POST /api/v1/admin/episodes/:episodeId/pages': adminOnly('POST', '/admin/episodes/1/pages'),
  'PUT /api/v1/admin/episodes/:episodeId/pages/order': adminOnly('PUT', '/admin/episodes/1/pages/order', {
    pageIds: [1],
  }),
  'PUT /api/v1/admin/episodes/:episodeId/pages/:pageId': adminOnly('PUT', '/admin/episodes/1/pages/1'),
  'DELETE /api/v1/admin/episodes/:episodeId/pages/:pageId': adminOnly('DELETE', '/admin/episodes/1/pages/1'),
  'GET /api/v1/admin/banners': adminOnly('GET', '/admin/banners'),
  'POST /api/v1/admin/banners': adminOnly('POST', '/admin/banners', { title: 'probe' }),
  'PUT /api/v1/admin/banners/order': adminOnly('PUT', '/admin/banners/order', { ids: [1] }),
  'PUT /api/v1/admin/banners/:bannerId': adminOnly('PUT', '/admin/banners/1', { title: 'probe' }),
  'DELETE /api/v1/admin/banners/:bannerId': adminOnly('DELETE', '/admin/banners/1'),
  'GET /api/v1/admin/picks': adminOnly('GET', '/admin/picks'),
  'POST /api/v1/admin/picks': adminOnly('POST', '/admin/picks', { title: 'probe' }),
  'PUT /api/v1/admin/picks/order': adminOnly('PUT', '/admin/picks/order', { ids: [1] }),
  'PUT /api/v1/admin/picks/:pickId': adminOnly('PUT', '/admin/picks/1', { title: 'probe' }),
  'DELETE /api/v1/admin/picks/:pickId': adminOnly('DELETE', '/admin/picks/1'),
  'GET /api/v1/admin/home/tabs': adminOnly('GET', '/admin/home/tabs'),
  'PUT /api/v1/admin/home/tabs': adminOnly('PUT', '/admin/home/tabs', { tabs: [] }),

  // ——— contact requests: B and C find none of A's requests or images, and cannot answer them ———
  'GET /api/v1/qna': async (s) => {
    await contactOfA();
    for (const actor of ['B', 'C'] as const) {
      const d = ok(await s(actor, 'GET', '/qna'));
      expect(JSON.stringify(d), `${actor} sees A's request`).not.toContain(A_CONTACT_TITLE);
    }
    await s('Cx', 'GET', '/qna');
    await s('V', 'GET', '/qna');
    await aContactWaits();
  },
  'POST /api/v1/qna': async (s) => {
    // The form is multipart; whoever sends it files their own request, so JSON is simply refused.
    const body = { category: 'OTHER', title: 'x', content: 'y' };
    for (const actor of ['B', 'C'] as const) failsWith(await s(actor, 'POST', '/qna', body), 'INVALID_PARAMETER');
    await s('Cx', 'POST', '/qna', body);
    await s('V', 'POST', '/qna', body);
  },
  'GET /api/v1/qna/:id': async (s) => {
    const id = await contactOfA();
    for (const actor of ['B', 'C'] as const) failsWith(await s(actor, 'GET', `/qna/${id}`), 'NOT_EXIST');
    await s('Cx', 'GET', `/qna/${id}`);
    await s('V', 'GET', `/qna/${id}`);
  },
  'GET /api/v1/qna/:id/attachments/:position': async (s) => {
    const url = `/qna/${await contactOfA()}/attachments/0`;
    for (const actor of ['B', 'C'] as const) failsWith(await s(actor, 'GET', url), 'NOT_EXIST');
    await s('Cx', 'GET', url);
    await s('V', 'GET', url);
  },
  'GET /api/v1/admin/qna': adminOnly('GET', '/admin/qna?status=WAIT'),
  'GET /api/v1/admin/qna/:id/attachments/:position': async (s) => {
    await adminOnly('GET', `/admin/qna/${await contactOfA()}/attachments/0`)(s);
  },
  'POST /api/v1/admin/qna/:id/answer': async (s) => {
    await adminOnly('POST', `/admin/qna/${await contactOfA()}/answer`, { answer: 'Answered by someone else' })(s);
    await aContactWaits();
  },

  // ——— notifications ———
  'GET /api/v1/notifications': async (s) => {
    await notificationOfA();
    for (const actor of ['B', 'C'] as const) {
      const d = ok(await s(actor, 'GET', '/notifications'));
      expect(JSON.stringify(d), `${actor} sees A's notification`).not.toContain(A_NOTIFICATION);
    }
    await s('Cx', 'GET', '/notifications');
    await s('V', 'GET', '/notifications');
  },
  'GET /api/v1/notifications/count': async (s) => {
    await notificationOfA();
    for (const actor of ['B', 'C'] as const) ok(await s(actor, 'GET', '/notifications/count'));
    await s('Cx', 'GET', '/notifications/count');
    await s('V', 'GET', '/notifications/count');
  },
  'PUT /api/v1/notifications/read': async (s) => {
    const id = await notificationOfA();
    for (const actor of ['B', 'C'] as const) {
      failsWith(await s(actor, 'PUT', '/notifications/read', { ids: [id] }), 'NOT_EXIST');
      ok(await s(actor, 'PUT', '/notifications/read', { all: true }));
    }
    await s('Cx', 'PUT', '/notifications/read', { ids: [id] });
    await s('V', 'PUT', '/notifications/read', { ids: [id] });
    const mine = ok(await call('A', 'GET', '/notifications')).items.find((n: { id: number }) => n.id === id);
    expect(mine?.readAt, "A's notification was marked").toBeNull();
  },
  'GET /api/v1/notifications/push/key': async (s) => {
    for (const actor of ['B', 'C'] as const) ok(await s(actor, 'GET', '/notifications/push/key'));
    await s('Cx', 'GET', '/notifications/push/key');
    await s('V', 'GET', '/notifications/push/key');
  },
  'POST /api/v1/notifications/push': async (s) => {
    for (const actor of ['B', 'C'] as const) {
      const body = { endpoint: `https://push.example.com/${actor}`, keys: { p256dh: 'k', auth: 'a' } };
      ok(await s(actor, 'POST', '/notifications/push', body));
    }
    const body = { endpoint: 'https://push.example.com/x', keys: { p256dh: 'k', auth: 'a' } };
    await s('Cx', 'POST', '/notifications/push', body);
    await s('V', 'POST', '/notifications/push', body);
  },
  'DELETE /api/v1/notifications/push': async (s) => {
    const endpoint = await subscriptionOfA();
    for (const actor of ['B', 'C'] as const) ok(await s(actor, 'DELETE', '/notifications/push', { endpoint }));
    await s('Cx', 'DELETE', '/notifications/push', { endpoint });
    await s('V', 'DELETE', '/notifications/push', { endpoint });
    const kept = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(
      kept.map((r) => r.userId),
      "A's subscription was removed",
    ).toEqual([A.id]);
  },
  'POST /api/v1/notifications/app-push': async (s) => {
    for (const actor of ['B', 'C'] as const) {
      ok(await s(actor, 'POST', '/notifications/app-push', { token: `token-of-${actor}` }, 'AND_PLAY'));
    }
    await s('Cx', 'POST', '/notifications/app-push', { token: 'token-of-Cx' }, 'AND_PLAY');
    await s('V', 'POST', '/notifications/app-push', { token: 'token-of-V' }, 'AND_PLAY');
  },
  'DELETE /api/v1/notifications/app-push': async (s) => {
    const token = 'app-token-of-A';
    ok(await call('A', 'POST', '/notifications/app-push', { token }, undefined, 'IOS_APP'));
    for (const actor of ['B', 'C'] as const)
      ok(await s(actor, 'DELETE', '/notifications/app-push', { token }, 'IOS_APP'));
    await s('Cx', 'DELETE', '/notifications/app-push', { token }, 'IOS_APP');
    await s('V', 'DELETE', '/notifications/app-push', { token }, 'IOS_APP');
    const kept = await t.database.db.select().from(appPushTokens).where(eq(appPushTokens.token, token));
    expect(
      kept.map((r) => r.userId),
      "A's app token was removed",
    ).toEqual([A.id]);
  },
};

/** A's unread notification (for the notification probes). */
const A_NOTIFICATION = 'A notification only A may read';
let aNotification: number | undefined;
async function notificationOfA(): Promise<number> {
  if (aNotification) return aNotification;
  const [row] = await t.database.db
    .insert(notifications)
    .values({
      brandId: A.brand,
      userId: A.id,
      kind: 'CONTACT_ANSWER',
      dedupeKey: 'cross-member',
      subject: A_NOTIFICATION,
      pushAt: new Date(),
    })
    .returning();
  aNotification = row?.id;
  if (!aNotification) throw new Error('no notification');
  return aNotification;
}

/** A's browser subscription to Web Push (for the unsubscribe probe). */
async function subscriptionOfA(): Promise<string> {
  const endpoint = 'https://push.example.com/subscription-of-A';
  ok(await call('A', 'POST', '/notifications/push', { endpoint, keys: { p256dh: 'k', auth: 'a' } }));
  return endpoint;
}

/** A's contact request with an image, filed by A as a multipart form (for the contact probes). */
const A_CONTACT_TITLE = 'A private question of A';
let aContact: number | undefined;
async function contactOfA(): Promise<number> {
  if (aContact) return aContact;
  const form = new FormData();
  form.append('category', 'ACCOUNT');
  form.append('title', A_CONTACT_TITLE);
  form.append('content', 'Only A and the admins may read this.');
  const image = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  form.append('images', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'a.png');
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/qna', headers: headersOf('A'), payload: form });
  aContact = res.json().data?.id;
  if (!aContact) throw new Error(`no contact request: ${res.body}`);
  return aContact;
}
const aContactWaits = async () => {
  const d = ok(await call('A', 'GET', `/qna/${await contactOfA()}`));
  expect([d.title, d.status, d.answer, d.attachments.length]).toEqual([A_CONTACT_TITLE, 'WAIT', null, 1]);
};

/**
 * A's comment (on series T: the probes list S, and a comment shows its author's nickname to all
 * by design), D's comment on S episode 1 that A liked and reported, and A's block of E.
 */
let aComments: { aComment: number; dComment: number; aBlock: number } | undefined;
async function commentsOfA() {
  if (aComments) return aComments;
  const db = t.database.db;
  const write = async (who: { headers: Record<string, string> }, episodeId: number, content: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/episodes/${episodeId}/comments`,
      headers: { ...brandHeaders(BRAND), ...who.headers },
      payload: { content },
    });
    return res.json().data.id as number;
  };
  const [d, e] = await Promise.all([
    createMember(db, t.config.auth, { brandId: BRAND }),
    createMember(db, t.config.auth, { brandId: BRAND }),
  ]);
  const aComment = ok(await call('A', 'POST', `/episodes/${T.episodes[0]?.id}/comments`, { content: 'Said by A' })).id;
  const dComment = await write(d, ep(1).id, 'Said by D');
  const eComment = await write(e, T.episodes[0]?.id ?? 0, 'Said by E');
  ok(await call('A', 'PUT', `/comments/${dComment}/like`));
  ok(await call('A', 'POST', `/comments/${dComment}/report`));
  const aBlock = ok(await call('A', 'POST', `/comments/${eComment}/block`)).id;
  aComments = { aComment, dComment, aBlock };
  return aComments;
}
/** A's comment, like, report and block are as A left them. */
async function aCommentsHold() {
  const { aComment, dComment, aBlock } = await commentsOfA();
  const mine = ok(await call('A', 'GET', '/comments/my'));
  expect(mine.items.find((c: { id: number }) => c.id === aComment)).toMatchObject({
    content: 'Said by A',
    state: null,
  });
  const d = ok(await call('A', 'GET', `/episodes/${ep(1).id}/comments`)).items.find(
    (c: { id: number }) => c.id === dComment,
  );
  expect(d).toMatchObject({ liked: true, reported: true });
  expect(ok(await call('A', 'GET', '/comments/blocks')).items.map((b: { id: number }) => b.id)).toEqual([aBlock]);
}
/** B, C and a visitor list comments A liked and reported: none of it shows as theirs. */
function commentListProbe(url: () => string): Probe {
  return async (s) => {
    const { dComment } = await commentsOfA();
    for (const actor of ['B', 'V'] as const) {
      const d = ok(await s(actor, 'GET', url())).items.find((c: { id: number }) => c.id === dComment);
      expect(d, `${actor} sees D's comment (A's block of E is A's alone)`).toMatchObject({
        liked: false,
        reported: false,
        mine: false,
        likeCount: 1,
      });
    }
    // Comments belong to the brand they were written in.
    expect(ok(await s('C', 'GET', url())).items).toEqual([]);
    failsWith(await s('Cx', 'GET', url()), 'MALFORMED_JWT');
    await aCommentsHold();
  };
}

/** A's part in three running events of A's brand (made for the event probes, straight in the tables). */
const A_SPIN_KEY = 'a-spin-key';
let aEvents: { attendance: number; roulette: number; emoticon: number; theme: number } | undefined;
async function eventsOfA() {
  if (aEvents) return aEvents;
  const db = t.database.db;
  const [theme] = await db
    .insert(eventThemes)
    .values({ brandId: BRAND, name: 'probe', primaryColor: '#123456', accentColor: '#654321' })
    .returning();
  const period = {
    brandId: BRAND,
    startsAt: new Date(Date.now() - 86_400_000),
    endsAt: new Date(Date.now() + 86_400_000),
  };
  const seed = { drawSeed: 'probe-seed', drawSeedHash: 'probe-hash', themeId: theme?.id ?? null };
  const made = await db
    .insert(events)
    .values([
      { ...period, ...seed, kind: 'ATTENDANCE', title: 'probe check-in' },
      { ...period, ...seed, kind: 'ROULETTE', title: 'probe wheel' },
      { ...period, ...seed, kind: 'EMOTICON', title: 'probe reactions' },
    ])
    .returning();
  const [attendance, roulette, emoticon] = made.map((e) => e.id);
  if (!attendance || !roulette || !emoticon || !theme) throw new Error('probe events not made');
  await db.insert(eventRewards).values({ eventId: attendance, kind: 'freeEarn', type: 'FREE_COIN', amount: 1 });
  await db.insert(eventPrizes).values({ eventId: roulette, position: 0, type: 'FREE_COIN', amount: 1, weight: 1 });
  await db.insert(attendanceStamps).values({ eventId: attendance, userId: A.id, day: '2020-01-01', streak: 1 });
  await db.insert(rouletteTickets).values({ brandId: BRAND, userId: A.id, source: 'ADMIN', sourceKey: 'a-ticket' });
  await db.insert(emoticonEntries).values({ eventId: emoticon, userId: A.id, emoticon: 'LOVE' });
  aEvents = { attendance, roulette, emoticon, theme: theme.id };
  return aEvents;
}
/** A's stamp, ticket and reaction are as made, whoever acted in A's events. */
async function aEventsHold() {
  const ids = await eventsOfA();
  expect(ok(await call('A', 'GET', '/roulette/tickets')).ticketsLeft).toBe(1);
  expect(ok(await call('A', 'GET', `/events/${ids.attendance}`)).member.attendance.days).toEqual(['2020-01-01']);
  expect(ok(await call('A', 'GET', `/events/${ids.emoticon}`)).member.emoticon).toBe('LOVE');
}

/** A's gift, waiting in A's box (made for the gift probes). */
let aGift: number | undefined;
async function giftOfA(): Promise<number> {
  if (aGift) return aGift;
  const admin = await createAdmin(t.database.db, t.app.services.totp, { roles: ['FINANCE'] });
  const sent = await gifts.send(serviceContext(t), admin.id, {
    targets: [{ type: 'USER', userId: A.id }],
    content: { kind: 'COIN', coinType: 'BONUS', amount: 7 },
    title: 'For A only',
    validDays: 30,
    idempotencyKey: 'gift-of-a',
  });
  aGift = sent.gifts[0]?.id;
  if (!aGift) throw new Error('no gift');
  return aGift;
}
const aGiftWaits = async () => expect(ok(await call('A', 'GET', '/gift/count')).count).toBe(1);

function giftListProbe(url: string): Probe {
  return async (s) => {
    await giftOfA();
    for (const actor of ['B', 'C'] as const) {
      const d = ok(await s(actor, 'GET', url));
      expect(JSON.stringify(d), `${actor} sees A's gift`).not.toContain('For A only');
    }
    await s('Cx', 'GET', url);
    await s('V', 'GET', url);
    await aGiftWaits();
  };
}

/** Another member acting on one of A's orders (paid, and still unpaid) finds nothing. */
function orderProbe(method: Method, suffix: string, body?: object): Probe {
  return async (s) => {
    for (const orderId of [aOrders.paid, aOrders.pending]) {
      const url = `/shop/orders/${orderId}${suffix}`;
      for (const actor of ['B', 'C'] as const) failsWith(await s(actor, method, url, body), 'NOT_EXIST');
      await s('Cx', method, url, body);
      await s('V', method, url, body);
    }
  };
}

/** An admin route: members are FORBIDDEN, C's bearer in A's brand malformed, a visitor asked to log in. */
/**
 * An admin route: a reader's token, valid (B, C) or of another brand (Cx), is no admin session,
 * so everyone here gets NOT_LOGIN_USER before the body is even read. The ids in the probes name A.
 */
function adminOnly(method: Method, url: string, body?: object): Probe {
  return async (s) => {
    for (const actor of ['B', 'C', 'Cx', 'V'] as const) {
      failsWith(await s(actor, method, url.replace(/\/1(?=\/|$|\?)/, `/${A.id}`), body), 'NOT_LOGIN_USER');
    }
  };
}

/** The ids of A's coin lots, as A's own ledger lists them (A's paid order credited some). */
async function lotIdsOfA(): Promise<number[]> {
  const { lots } = ok(await call('A', 'GET', '/coin/lots'));
  const ids = (lots as { id: number }[]).map((l) => l.id);
  expect(ids.length, 'A holds lots').toBeGreaterThan(0);
  return ids;
}

function coinProbe(url: string): Probe {
  return async (s) => {
    for (const actor of ['B', 'C'] as const) ok(await s(actor, 'GET', url));
    await s('Cx', 'GET', url);
    await s('V', 'GET', url);
  };
}

describe('the route table', () => {
  it('classifies every /api/v1 operation of the app, and nothing the app does not answer', () => {
    const live = appOperations(t.app);
    const v1 = [...live].filter((op) => op.split(' ')[1]?.startsWith('/api/v1/')).sort();
    const classified = Object.keys(ROUTE_TABLE).sort();
    const unclassified = v1.filter((op) => !(op in ROUTE_TABLE));
    const stale = classified.filter((op) => !live.has(op));
    expect(unclassified, 'new operations: classify them in test/routes-table.ts and add a probe').toEqual([]);
    expect(stale, 'operations the app no longer answers').toEqual([]);
    const outside = [...live].filter((op) => !op.split(' ')[1]?.startsWith('/api/v1/')).sort();
    expect(outside, 'routes outside /api/v1 (review them for member data, then list them)').toEqual(
      [...OUTSIDE_V1].sort(),
    );
    // The tree reading is checked against the OpenAPI document, which lists every visible route.
    const documented = [...documentedOperations(t.app)].filter((op) => op.includes(' /api/v1/')).sort();
    expect(v1).toEqual(documented);
  });

  it('has a probe for every classified operation, and none for anything else', () => {
    expect(Object.keys(PROBES).sort()).toEqual(Object.keys(ROUTE_TABLE).sort());
  });
});

describe('cross-member probes', () => {
  it('starts from A holding every kind of thing the probes aim at', async () => {
    const a = await stateOfA();
    expect(a).toMatchObject({
      me: { id: A.id, email: A.email, nickname: A.nickname },
      account: { status: 'ACTIVE', phone: aPhone },
      favourites: [{ id: S.id }],
      owned: [{ id: S.id, count: 1, rentals: [{ episodeId: ep(4).id, expiresAt: aRentalEnds }] }],
      recent: [{ id: S.id, position: { page: 1, offset: A_OFFSET } }],
      detail: { isFavorite: true, lastRead: { episodeId: ep(1).id } },
      resume: { page: 1, offset: A_OFFSET },
      ownedPages: 3,
      rentedPages: 3,
      ownerships: 2,
      mainSessionLive: true,
    });
    expect(a.detail.episodes).toEqual([
      ['FREE', true],
      ['FREE', false],
      ['OWNED', false],
      ['RENTED', false],
    ]);
  });

  for (const operation of Object.keys(ROUTE_TABLE) as Operation[]) {
    const entry = ROUTE_TABLE[operation];
    it(`${operation} (${entry.class})`, async () => {
      const probe = (PROBES as Partial<Record<Operation, Probe>>)[operation];
      if (!probe) throw new Error(`${operation} has no probe: add one to PROBES`);
      // The state after the previous probe is the state before this one (tests run in order).
      const before = lastState ?? (await stateOfA());
      lastState = undefined;
      current = { operation, actors: new Set() };
      const leaksBefore = leaks.length;
      try {
        await probe(send);
      } finally {
        probesRun++;
      }
      const used = current.actors;
      current = undefined;
      const needed: Actor[] =
        entry.guard === 'none' || entry.class === 'PUBLIC' ? ['B', 'C', 'V'] : ['B', 'C', 'Cx', 'V'];
      expect([...used].filter((a) => needed.includes(a)).sort(), 'actors the probe used').toEqual(needed.sort());
      const after = await stateOfA();
      lastState = after;
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        leaks.push({ operation, actor: 'anyone', request: '(after the probe)', what: "A's state changed" });
      }
      expect(after, "A's state, read back as A").toEqual(before);
      expect(leaks.slice(leaksBefore)).toEqual([]);
    });
  }

  it('leaves A able to refresh and sign in, and sends A’s mail and texts to nobody else', async () => {
    const refreshed = await call('A', 'POST', '/auth/refresh', { accessToken: A.access, refreshToken: A.refresh });
    expect(ok(refreshed).email).toBe(A.email);
    const again = await loginA();
    expect(again.access).toEqual(expect.any(String));
    for (const m of [B, C]) expect(await t.mailTo(m.email)).toEqual([]);
    expect(leaks).toEqual([]);
  });
});
