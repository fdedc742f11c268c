import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../src/db/schema.js';
import { signClientIp } from '../src/http/client-address.js';
import { sha256 } from '../src/modules/auth/tokens.js';
import { createMember, createSeries, storeOriginal } from './factories.js';
import { brandHeaders, createTestApp, mailBody, type TestApp } from './helper.js';

// The holes a probe from outside found (issue 8), each as the attacker tried it: forged client
// addresses against the limits, a second sign-up on a pending address, a replayed refresh token,
// and the page images of adult series fetched directly.

let n = 0;
const newEmail = () => `probe${++n}-${Date.now()}@example.com`;

function post(app: TestApp, url: string, payload: object, headers: Record<string, string> = {}) {
  return app.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers: { ...brandHeaders(), ...headers } });
}

/** The reader's address as the web relays it: signed with the key only the web and api share. */
const relayed = (app: TestApp, ip: string) => ({
  'x-balcony-client-ip': ip,
  'x-balcony-client-ip-sig': signClientIp(app.config.relaySecret, ip),
});

async function codeFor(app: TestApp, email: string, nth = -1): Promise<string> {
  const mail = (await app.mailTo(email)).at(nth);
  const code = mail && mailBody(mail).match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

async function withApp(overrides: Parameters<typeof createTestApp>[0], body: (app: TestApp) => Promise<void>) {
  const app = await createTestApp(overrides);
  try {
    await body(app);
  } finally {
    await app.close();
  }
}

const login = { email: 'nobody@example.com', password: 'Nobody1234' };

describe('client address and rate limits', () => {
  it('does not reset the limit for a forged X-Forwarded-For, a forged relay header or an unsigned one', async () => {
    await withApp({ sensitiveRateLimit: 3 }, async (app) => {
      for (let i = 0; i < 3; i++) expect((await post(app, '/auth/local/login', login)).statusCode).toBe(404);
      const forgeries: Record<string, string>[] = [
        { 'x-forwarded-for': '198.51.100.7' },
        { 'x-forwarded-for': '198.51.100.8, 127.0.0.1' },
        { 'x-real-ip': '198.51.100.9' },
        { 'x-balcony-client-ip': '198.51.100.10' },
        { 'x-balcony-client-ip': '198.51.100.11', 'x-balcony-client-ip-sig': 'forged' },
        // A signature of another address does not sign this one.
        {
          'x-balcony-client-ip': '198.51.100.12',
          'x-balcony-client-ip-sig': signClientIp(app.config.relaySecret, '1.2.3.4'),
        },
      ];
      for (const headers of forgeries) {
        const res = await post(app, '/auth/local/login', login, headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(429);
        expect(res.json().code).toBe('TOO_MANY_REQUESTS');
      }
    });
  });

  it('reads X-Forwarded-For only through the configured proxies', async () => {
    // One trusted hop: the address the proxy appended is the client, whatever came before it.
    await withApp({ sensitiveRateLimit: 2, trustProxy: 1 }, async (app) => {
      const via = (xff: string) => post(app, '/auth/local/login', login, { 'x-forwarded-for': xff });
      expect((await via('10.9.9.9, 203.0.113.5')).statusCode).toBe(404);
      expect((await via('10.8.8.8, 203.0.113.5')).statusCode).toBe(404);
      expect((await via('10.7.7.7, 203.0.113.5')).statusCode).toBe(429);
      expect((await via('203.0.113.6')).statusCode).toBe(404);
    });
    // A proxy list: a request from an address outside it is its own client.
    await withApp({ sensitiveRateLimit: 1, trustProxy: ['10.0.0.0/8'] }, async (app) => {
      expect((await post(app, '/auth/local/login', login, { 'x-forwarded-for': '203.0.113.1' })).statusCode).toBe(404);
      expect((await post(app, '/auth/local/login', login, { 'x-forwarded-for': '203.0.113.2' })).statusCode).toBe(429);
    });
  });

  // Every route whose answer tells whether an address or a user id exists (NOT_REGISTERED_USER,
  // NOT_FOUND_USER, ALREADY_AUTH_MAIL, ALREADY_USED_EMAIL) or that checks a secret.
  const enumerating: { url: string; body: (target: number) => object }[] = [
    { url: '/auth/local/login', body: (i) => ({ email: `target${i}@example.com`, password: 'Nobody1234' }) },
    {
      url: '/auth/local/signup',
      body: (i) => ({
        email: `target${i}@example.com`,
        password: 'Webtoon123',
        passwordConfirm: 'Webtoon123',
        agreeTerms: true,
      }),
    },
    { url: '/auth/local/signup/verify', body: (i) => ({ userId: 900_000 + i, signUpId: 1, code: '000000' }) },
    { url: '/user/mail/auth', body: (i) => ({ userId: 900_000 + i }) },
    { url: '/auth/local/reset/mail', body: (i) => ({ email: `target${i}@example.com` }) },
    {
      url: '/auth/local/reset/password',
      body: (i) => ({ userId: 900_000 + i, uuid: 'x', newPassword: 'Webtoon123' }),
    },
    { url: '/auth/local/reset/sms', body: (i) => ({ phone: `+33612345${String(i).padStart(3, '0')}` }) },
    {
      url: '/auth/local/reset/sms/verify',
      body: (i) => ({ phone: `+33612345${String(i).padStart(3, '0')}`, code: '000000' }),
    },
  ];

  describe('on every route that tells whether an account exists', () => {
    // One app for all: each route counts apart, and each case uses addresses and targets of its own.
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp({ sensitiveRateLimit: 3, accountRateLimit: 3 });
    });
    afterAll(() => limited.close());
    const from = (url: string, body: object, ip: string) => post(limited, url, body, relayed(limited, ip));

    it.each(enumerating)('limits $url per targeted account across many addresses', async ({ url, body }) => {
      for (let i = 1; i <= 3; i++) expect((await from(url, body(1), `198.51.100.${i}`)).statusCode).not.toBe(429);
      const spread = await from(url, body(1), '198.51.100.99');
      expect(spread.statusCode).toBe(429);
      expect(spread.json().code).toBe('TOO_MANY_REQUESTS');
      expect(spread.headers['retry-after']).toBeDefined();
      // Another account is not locked out by the flood on the first one.
      expect((await from(url, body(2), '198.51.100.99')).statusCode).not.toBe(429);
    });

    it.each(enumerating)('limits $url per address across many accounts', async ({ url, body }) => {
      for (let i = 11; i <= 13; i++) expect((await from(url, body(i), '203.0.113.50')).statusCode).not.toBe(429);
      expect((await from(url, body(14), '203.0.113.50')).statusCode).toBe(429);
    });

    it('counts an address however its e-mail is spelled', async () => {
      const as = (email: string, ip: string) => from('/auth/local/login', { ...login, email }, ip);
      expect((await as('Spelled@Example.com', '192.0.2.1')).statusCode).toBe(404);
      expect((await as(' spelled@example.com ', '192.0.2.2')).statusCode).not.toBe(429);
      expect((await as('spelled@example.com', '192.0.2.3')).statusCode).not.toBe(429);
      expect((await as('SPELLED@EXAMPLE.COM', '192.0.2.4')).statusCode).toBe(429);
    });
  });
});

describe('a second sign-up on a pending address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signUp = async (email: string, password: string) => {
    const res = await post(t, '/auth/local/signup', { email, password, passwordConfirm: password, agreeTerms: true });
    expect(res.json().result, res.body).toBe('SUCCESS');
    return res.json().data as { userId: number; signUpId: number };
  };
  const loginCode = async (email: string, password: string) =>
    (await post(t, '/auth/local/login', { email, password })).json().code ?? 'SUCCESS';

  it('never changes the credentials the owner chose, and the code proves the mailbox of the attempt that sent it', async () => {
    const email = newEmail();
    const owner = await signUp(email, 'Owner12345');
    const ownerCode = await codeFor(t, email);
    const attacker = await signUp(email, 'Attacker123');
    const attackerCode = await codeFor(t, email);
    expect(attacker.userId).toBe(owner.userId);
    // The pending account holds no password of either attempt yet.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.userId));
    expect(row?.passwordHash).toBeNull();

    // The newest code in the owner's mailbox is the attacker's; it does not open the owner's attempt…
    const crossed = await post(t, '/auth/local/signup/verify', { ...owner, code: attackerCode });
    expect(crossed.json().code).toBe('INVALID_PARAMETER');
    // …the owner's own code does, with the owner's password.
    const opened = await post(t, '/auth/local/signup/verify', { ...owner, code: ownerCode });
    expect(opened.json().result).toBe('SUCCESS');
    expect(await loginCode(email, 'Owner12345')).toBe('SUCCESS');
    expect(await loginCode(email, 'Attacker123')).toBe('INCORRECT_PASSWORD');
    // The attacker's attempt died with the activation.
    expect((await post(t, '/auth/local/signup/verify', { ...attacker, code: attackerCode })).json().code).toBe(
      'ALREADY_AUTH_MAIL',
    );
  });

  it('opens the account once when two attempts are verified at the same moment', async () => {
    const email = newEmail();
    const first = await signUp(email, 'First12345');
    const firstCode = await codeFor(t, email);
    const second = await signUp(email, 'Second1234');
    const secondCode = await codeFor(t, email);
    const answers = await Promise.all([
      post(t, '/auth/local/signup/verify', { ...first, code: firstCode }),
      post(t, '/auth/local/signup/verify', { ...second, code: secondCode }),
    ]);
    const codes = answers.map((a) => a.json().code ?? 'SUCCESS').sort();
    expect(codes).toEqual(['ALREADY_AUTH_MAIL', 'SUCCESS']);
    const winner = answers[0]?.json().result === 'SUCCESS' ? 'First12345' : 'Second1234';
    const loser = winner === 'First12345' ? 'Second1234' : 'First12345';
    expect(await loginCode(email, winner)).toBe('SUCCESS');
    expect(await loginCode(email, loser)).toBe('INCORRECT_PASSWORD');
  });

  it('re-sends the code of the attempt named, to the address only', async () => {
    const email = newEmail();
    const owner = await signUp(email, 'Owner12345');
    await t.database.db.execute(
      // Past the resend interval.
      `update one_time_codes set created_at = now() - interval '10 minutes' where user_id = ${owner.userId}`,
    );
    const resent = await post(t, '/user/mail/auth', owner);
    expect(resent.json().result, resent.body).toBe('SUCCESS');
    const opened = await post(t, '/auth/local/signup/verify', { ...owner, code: await codeFor(t, email) });
    expect(opened.json().result).toBe('SUCCESS');
    expect(await loginCode(email, 'Owner12345')).toBe('SUCCESS');
  });
});

describe('refresh token replay', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function session() {
    const email = newEmail();
    const started = await post(t, '/auth/local/signup', {
      email,
      password: 'Webtoon123',
      passwordConfirm: 'Webtoon123',
      agreeTerms: true,
    });
    const verified = await post(t, '/auth/local/signup/verify', {
      ...started.json().data,
      code: await codeFor(t, email),
    });
    return verified.json().data as { accessToken: { token: string }; refreshToken: { token: string } };
  }
  const refresh = (pair: { accessToken: { token: string }; refreshToken: { token: string } }) =>
    post(t, '/auth/refresh', { accessToken: pair.accessToken.token, refreshToken: pair.refreshToken.token });
  /** Moves a token's rotation `ms` into the past, as if that much time had gone by. */
  const rotatedAgo = (token: string, ms: number) =>
    t.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - ms) })
      .where(eq(refreshTokens.tokenHash, sha256(token)));

  it('answers the same successor pair inside the grace window, so the session never forks', async () => {
    const first = await session();
    const owner = (await refresh(first)).json().data;
    await rotatedAgo(first.refreshToken.token, 5_000);
    const replay = (await refresh(first)).json().data;
    // The owner's own successor (its access token is re-signed as at the rotation; the clock
    // moved above, so only the refresh token is compared here, auth.test.ts compares both).
    expect(replay.refreshToken.token).toBe(owner.refreshToken.token);
    // One chain: the owner goes on, and the pair the replay got is the owner's, rotated once.
    const next = await refresh(owner);
    expect(next.json().result).toBe('SUCCESS');
    // The first token once more while both rotations are within the grace: the live end of the
    // same chain (a page's late call after a refresh that rotated again), never a second chain.
    const late = (await refresh(first)).json().data;
    expect(late.refreshToken.token).toBe(next.json().data.refreshToken.token);
    // Once a link of the chain is past the grace, the first token coming back means a copy is around.
    await rotatedAgo(owner.refreshToken.token, 60_000);
    expect((await refresh(first)).json().code).toBe('EXPIRED_REFRESH_TOKEN');
    expect((await refresh(next.json().data)).json().code).toBe('EXPIRED_REFRESH_TOKEN');
  });

  it('revokes the whole family when a rotated token comes back after the grace window', async () => {
    const first = await session();
    const owner = (await refresh(first)).json().data;
    await rotatedAgo(first.refreshToken.token, 31_000);
    expect((await refresh(first)).json().code).toBe('EXPIRED_REFRESH_TOKEN');
    expect((await refresh(owner)).json().code).toBe('EXPIRED_REFRESH_TOKEN');
  });

  it('refuses a refresh sent under another brand', async () => {
    const pair = await session();
    const res = await post(
      t,
      '/auth/refresh',
      { accessToken: pair.accessToken.token, refreshToken: pair.refreshToken.token },
      brandHeaders('bom-tw'),
    );
    expect(res.json().code).toBe('MALFORMED_JWT');
  });
});

describe('page images of adult series', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const yearsAgo = (years: number) => `${new Date().getUTCFullYear() - years}-01-15`;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: url.startsWith('/media') ? url : `/api/v1${url}`,
      headers: { ...brandHeaders(), ...headers },
    });

  it('serves them only to a caller the viewer serves, even on free episodes', async () => {
    const db = t.database.db;
    const adultSeries = await createSeries(db, { isAdult: true, episodes: { count: 2, free: 2 } });
    const episode = adultSeries.episodes[0];
    const pageKey = `/media/demo/pages/${adultSeries.slug}/1/1.png`;
    await storeOriginal(t.config.mediaDir, pageKey);
    const minor = await createMember(db, t.config.auth);
    const adult = await createMember(db, t.config.auth, { birthedAt: yearsAgo(30) });

    // A visitor and a minor get the viewer's answer, and the guessable page address gives nothing.
    for (const headers of [{}, minor.headers]) {
      expect((await get(`/episodes/${episode?.id}/viewer`, headers)).json().code).toBe('ADULT_ONLY_CONTENTS');
    }
    const direct = await get(pageKey);
    expect(direct.statusCode).toBe(403);
    expect(direct.json().code).toBe('UNAUTHORIZED_CONTENTS');
    expect(direct.headers['cache-control'] ?? '').not.toContain('public');

    // An adult gets signed addresses, cached privately.
    const viewer = (await get(`/episodes/${episode?.id}/viewer`, adult.headers)).json().data;
    expect(viewer.pagesExpireAt).not.toBeNull();
    const signed: string = viewer.pages[0].url;
    expect(signed).toMatch(/\?exp=\d+&sig=/);
    const image = await get(signed);
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
  });

  it('keeps the pages of free episodes of other series public', async () => {
    const open = await createSeries(t.database.db, { episodes: { count: 1, free: 1 } });
    const viewer = (await get(`/episodes/${open.episodes[0]?.id}/viewer`)).json().data;
    expect(viewer.pagesExpireAt).toBeNull();
    await storeOriginal(t.config.mediaDir, viewer.pages[0].url);
    const image = await get(viewer.pages[0].url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toContain('public');
  });
});
