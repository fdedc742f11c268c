import { randomBytes } from 'node:crypto';
import { BRANDS } from '@balcony/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerships, users } from '../src/db/schema.js';
import * as wallet from '../src/modules/wallet/service.js';
import { createSeries, grant } from './factories.js';
import { createTestApp, type TestApp } from './helper.js';
import { serviceContext } from './support/context.js';
import { memberHelpers, newEmail } from './support/members.js';
import { giveCoins, LEDGER_CLEAN } from './support/purchase-book.js';

// The iOS guest of the Japanese brand (spec §3/§4 "iOS guest", §7 POST
// /auth/sign-in/jp/apple/migrate; decisions 0272, 0273): signing in with the app's key, and
// moving once to a web account, with coins moved by ledger transfers.

const JP = 'beltoon-jp';
const IOS = { 'x-platform': 'IOS_APP' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { call, member, me } = memberHelpers(() => t);

const jpContext = () => serviceContext(t, { brand: BRANDS[JP] });
const newAppKey = () => randomBytes(32).toString('base64url');

async function guest(appKey = newAppKey()) {
  const res = await call('POST', '/auth/sign-in/jp/apple/guest', { appKey }, { brand: JP, headers: IOS });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().data.accessToken.token as string;
  const user = await me(token, JP);
  return { appKey, token, id: user.id as number, user };
}

const migrate = (appKey: string, webKeyRequest: { email: string; password: string }, brand = JP) =>
  call('POST', '/auth/sign-in/jp/apple/migrate', { appKeyRequest: { appKey }, webKeyRequest }, { brand, headers: IOS });

const coins = async (token: string) => (await call('GET', '/coin', undefined, { token, brand: JP })).json().data;
const favourites = async (token: string) =>
  (
    (await call('GET', '/library/favorite', undefined, { token, brand: JP })).json().data.items as {
      series: { id: number };
    }[]
  ).map((i) => i.series.id);
const ownershipsOf = (userId: number) => t.database.db.select().from(ownerships).where(eq(ownerships.userId, userId));

describe('POST /auth/sign-in/jp/apple/guest', () => {
  it('makes the guest on the key’s first use and signs the same guest in afterwards', async () => {
    const first = await guest();
    expect(first.user).toMatchObject({ snsProvider: 'apple_guest', email: null });
    const again = await guest(first.appKey);
    expect(again.id).toBe(first.id);
    expect((await guest()).id).not.toBe(first.id);
  });

  it('is the iOS app’s, on the Japanese brand only', async () => {
    const appKey = newAppKey();
    const web = await call('POST', '/auth/sign-in/jp/apple/guest', { appKey }, { brand: JP });
    expect(web.json().code).toBe('INVALID_USER');
    const french = await call(
      'POST',
      '/auth/sign-in/jp/apple/guest',
      { appKey },
      { brand: 'delitoon-fr', headers: IOS },
    );
    expect(french.json().code).toBe('NOT_FOUND_ROUTE');
    const short = await call('POST', '/auth/sign-in/jp/apple/guest', { appKey: 'short' }, { brand: JP, headers: IOS });
    expect(short.json().code).toBe('INVALID_PARAMETER');
  });
});

describe('POST /auth/sign-in/jp/apple/migrate into an existing web account', () => {
  it('moves coins by ledger transfers, episodes, library and favourites, then closes the guest', async () => {
    const ctx = jpContext();
    const g = await guest();
    const web = await member({ brand: JP });
    const [s1, s2] = [
      await createSeries(t.database.db, { brands: [JP] }),
      await createSeries(t.database.db, { brands: [JP] }),
    ];
    const [e1, e2] = [s1.episodes[1], s1.episodes[2]];
    if (!e1 || !e2) throw new Error('episodes missing');
    await giveCoins(ctx, g.id, 30);
    const bonusExpiry = new Date(Date.now() + 5 * 24 * 3600_000);
    await giveCoins(ctx, g.id, 5, { ledger: 'BONUS', expiresAt: bonusExpiry });
    await giveCoins(ctx, web.userId, 10);
    await grant(t.database.db, { userId: g.id, episodeId: e1.id, seriesId: s1.id, kind: 'POSSESSION' });
    await grant(t.database.db, {
      userId: g.id,
      episodeId: e2.id,
      seriesId: s1.id,
      kind: 'FREETIME',
      expiresAt: new Date(Date.now() + 3600_000),
    });
    for (const s of [s1, s2]) await call('PUT', `/favorites/${s.id}`, {}, { token: g.token, brand: JP });
    await call('PUT', `/favorites/${s2.id}`, {}, { token: web.token, brand: JP });

    const res = await migrate(g.appKey, { email: web.email, password: web.password });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ isSignUp: false, isMigrate: true, userId: web.userId });
    const token = data.accessToken.token as string;
    expect((await me(token, JP)).email).toBe(web.email);

    expect(await coins(token)).toMatchObject({ coin: 10 + 30, bonus: 5 });
    expect((await favourites(token)).sort()).toEqual([s1.id, s2.id].sort());
    const held = await ownershipsOf(web.userId);
    expect(held.map((o) => [o.episodeId, o.kind])).toEqual([[e1.id, 'POSSESSION']]);
    // The wait-until-free episode stays with its ticket.
    expect((await ownershipsOf(g.id)).map((o) => o.kind)).toEqual(['FREETIME']);
    // The moved bonus coins keep their expiry.
    const lots = (await call('GET', '/coin/lots', undefined, { token, brand: JP })).json().data.lots as {
      coinType: string;
      title: string;
      expiresAt: string | null;
    }[];
    const moved = lots.find((l) => l.coinType === 'BONUS');
    expect(moved).toMatchObject({ title: 'APPLE_GUEST_MIGRATE', expiresAt: bonusExpiry.toISOString() });
    expect(await wallet.checkLedger(t.database.db)).toEqual(LEDGER_CLEAN);

    // The guest is closed: its key and its sessions open nothing any more.
    const [closed] = await t.database.db.select().from(users).where(eq(users.id, g.id));
    expect(closed?.status).toBe('WITHDRAWN');
    expect(await wallet.balanceOf(ctx, g.id)).toMatchObject({ coin: 0, bonus: 0 });
    const signIn = await call(
      'POST',
      '/auth/sign-in/jp/apple/guest',
      { appKey: g.appKey },
      { brand: JP, headers: IOS },
    );
    expect(signIn.json().code).toBe('WITHDRAWAL');
    expect((await call('POST', '/user', {}, { token: g.token, brand: JP })).json().code).toBe('WITHDRAWAL');
  });

  it('happens once: a replay, and two at once, move nothing twice', async () => {
    const ctx = jpContext();
    const g = await guest();
    const web = await member({ brand: JP });
    await giveCoins(ctx, g.id, 25);
    const body = { email: web.email, password: web.password };
    const [a, b] = await Promise.all([migrate(g.appKey, body), migrate(g.appKey, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 410]);
    expect([a.json().code, b.json().code]).toContain('WITHDRAWAL');
    const replay = await migrate(g.appKey, body);
    expect(replay.json().code).toBe('WITHDRAWAL');
    expect(await wallet.balanceOf(ctx, web.userId)).toMatchObject({ coin: 25 });
    expect(await wallet.checkLedger(t.database.db)).toEqual(LEDGER_CLEAN);
  });

  it('needs the web account’s own password, and the guest’s own key', async () => {
    const ctx = jpContext();
    const g = await guest();
    const web = await member({ brand: JP });
    await giveCoins(ctx, g.id, 7);
    expect((await migrate(g.appKey, { email: web.email, password: 'Wrong12345' })).json().code).toBe(
      'INCORRECT_PASSWORD',
    );
    // Another guest's key, or a key no guest has.
    const other = await guest();
    expect((await migrate(newAppKey(), { email: web.email, password: web.password })).json().code).toBe(
      'NOT_FOUND_USER',
    );
    expect(await wallet.balanceOf(ctx, web.userId)).toMatchObject({ coin: 0 });
    expect(await wallet.balanceOf(ctx, g.id)).toMatchObject({ coin: 7 });
    // A member's bearer is no guest key: the other guest moves only with its own key.
    const res = await migrate(other.appKey, { email: web.email, password: web.password });
    expect(res.json().data).toMatchObject({ isMigrate: true, userId: web.userId });
    expect(await wallet.balanceOf(ctx, g.id)).toMatchObject({ coin: 7 });
  });

  it('refuses a social account, an account of another brand, and another brand’s call', async () => {
    const g = await guest();
    const [social] = await t.database.db
      .insert(users)
      .values({ brandId: JP, email: newEmail(), snsProvider: 'google', snsId: `sub-${Date.now()}`, status: 'ACTIVE' })
      .returning();
    expect((await migrate(g.appKey, { email: social?.email ?? '', password: 'Webtoon123' })).json().code).toBe(
      'ALREADY_USED_ANOTHER_PLATFORM',
    );
    const french = await member({ brand: 'delitoon-fr' });
    const wrongBrand = await migrate(g.appKey, { email: french.email, password: french.password }, 'delitoon-fr');
    expect(wrongBrand.json().code).toBe('NOT_FOUND_ROUTE');
    const [still] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.id, g.id), eq(users.status, 'ACTIVE')));
    expect(still?.snsProvider).toBe('apple_guest');
  });
});

describe('POST /auth/sign-in/jp/apple/migrate with a new address (isSignUp)', () => {
  it('makes the guest the web account, keeping what it holds', async () => {
    const ctx = jpContext();
    const g = await guest();
    await giveCoins(ctx, g.id, 12);
    const email = newEmail();
    const res = await migrate(g.appKey, { email, password: 'Webtoon123' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ isSignUp: true, isMigrate: false, userId: g.id });
    const token = res.json().data.accessToken.token as string;
    expect(await me(token, JP)).toMatchObject({ id: g.id, email, snsProvider: null });
    expect(await coins(token)).toMatchObject({ coin: 12 });
    // A web login now, and the guest key is spent.
    const login = await call('POST', '/auth/local/login', { email, password: 'Webtoon123' }, { brand: JP });
    expect(login.statusCode).toBe(200);
    expect((await migrate(g.appKey, { email, password: 'Webtoon123' })).json().code).toBe('NOT_FOUND_USER');
    expect(await wallet.checkLedger(t.database.db)).toEqual(LEDGER_CLEAN);
  });

  it('checks the address and password as a sign-up does', async () => {
    const g = await guest();
    expect((await migrate(g.appKey, { email: '', password: 'Webtoon123' })).json().code).toBe('EMPTY_EMAIL');
    expect((await migrate(g.appKey, { email: 'not-an-address', password: 'Webtoon123' })).json().code).toBe(
      'INVALID_MAIL_FORM',
    );
    expect((await migrate(g.appKey, { email: newEmail(), password: 'short' })).json().code).toBe('INVALID_PW_REGEX');
    expect((await me(g.token, JP)).snsProvider).toBe('apple_guest');
  });
});
