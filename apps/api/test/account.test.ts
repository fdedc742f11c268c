import { connect } from 'node:net';
import { BRANDS } from '@balcony/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshTokens, users, withdrawnEmails } from '../src/db/schema.js';
import { signClientIp } from '../src/http/client-address.js';
import { createTokenSigner, sha256 } from '../src/modules/auth/tokens.js';
import { createSandboxIdentityVerifier, sandboxSignature } from '../src/modules/users/identity.js';
import { type UsersCtx, withdraw } from '../src/modules/users/service.js';
import { brandHeaders, createTestApp, mailBody, type TestApp } from './helper.js';

// Account management: PUT /user, display toggles, push settings, Korean IP and identity check,
// withdrawal, SMS password reset, shared rate limits, coin usage.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Whether a Redis server answers on the default port (the shared rate-limit test needs one). */
const redisUp = await new Promise<boolean>((resolve) => {
  const socket = connect({ host: '127.0.0.1', port: 6379, timeout: 1000 });
  socket.once('connect', () => {
    socket.destroy();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => {
    socket.destroy();
    resolve(false);
  });
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Moves the clock of the api (ctx.now) forward; timers keep running. */
function later(ms: number): void {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + ms);
}

let n = 0;
const newEmail = () => `account${++n}-${Date.now()}@example.com`;
const newPhone = () => `+336${String(Date.now() % 1e6).padStart(6, '0')}${String(++n % 100).padStart(2, '0')}`;
type Tokens = { accessToken: { token: string }; refreshToken: { token: string } };

function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  opts: { token?: string; brand?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: {
      ...brandHeaders(opts.brand),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
  });
}

/** The text of a mail, quoted-printable (Latin scripts) or base64 (Thai, Chinese…). */
function mailText(raw: string): string {
  const body = raw.slice(raw.search(/\r?\n\r?\n/));
  if (!/Content-Transfer-Encoding: base64/i.test(raw)) return mailBody(body);
  return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
}

async function codeFor(email: string): Promise<string> {
  const code = mailText((await t.mailTo(email)).at(-1) ?? '').match(/(?<!\d)(\d{6})(?!\d)/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** A verified e-mail member, signed in. */
async function member(opts: { brand?: string; phone?: string } = {}) {
  const email = newEmail();
  const password = 'Webtoon123';
  const signUp = await call(
    'POST',
    '/auth/local/signup',
    { email, password, passwordConfirm: password, agreeTerms: true, ...(opts.phone ? { phone: opts.phone } : {}) },
    { brand: opts.brand },
  );
  expect(signUp.json()).toMatchObject({ result: 'SUCCESS' });
  const { userId, signUpId } = signUp.json().data as { userId: number; signUpId: number };
  const verified = await call(
    'POST',
    '/auth/local/signup/verify',
    { userId, signUpId, code: await codeFor(email) },
    { brand: opts.brand },
  );
  const tokens = verified.json().data as Tokens;
  return { email, password, userId, tokens, brand: opts.brand, token: tokens.accessToken.token };
}

async function row(userId: number) {
  const [r] = await t.database.db.select().from(users).where(eq(users.id, userId));
  if (!r) throw new Error(`no user ${userId}`);
  return r;
}

async function me(token: string, brand?: string) {
  return (await call('POST', '/user', {}, { token, brand })).json().data;
}

/** A birth date `years` years before today (UTC), "yyyy-MM-dd". */
function yearsAgo(years: number, extraDays = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + extraDays);
  return d.toISOString().slice(0, 10);
}

describe('PUT /user', () => {
  it('ADULT stores an adult birth date and answers a rotated token pair', async () => {
    const m = await member();
    const birthedAt = yearsAgo(30);
    const res = await call(
      'PUT',
      '/user',
      { action: 'ADULT', refreshToken: m.tokens.refreshToken.token, verifyAdultRequest: { birthedAt } },
      { token: m.token },
    );
    expect(res.statusCode).toBe(200);
    const auth = res.json().data.authResponse;
    expect(auth).toMatchObject({ isSignUp: true, accessToken: { token: expect.any(String) } });
    expect(auth.refreshToken.token).not.toBe(m.tokens.refreshToken.token);
    expect(await me(m.token)).toMatchObject({ isAdult: true, birthedAt });

    // The old refresh token was rotated: the new pair works, and past the concurrency grace
    // (backdated here) the old one is refused.
    const renewed = await call('POST', '/auth/refresh', {
      accessToken: auth.accessToken.token,
      refreshToken: auth.refreshToken.token,
    });
    expect(renewed.statusCode).toBe(200);
    await t.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.tokenHash, sha256(m.tokens.refreshToken.token)));
    const stale = await call('POST', '/auth/refresh', {
      accessToken: m.token,
      refreshToken: m.tokens.refreshToken.token,
    });
    expect(stale.json().code).toBe('EXPIRED_REFRESH_TOKEN');
  });

  it('ADULT refuses a minor with INVALID_PARAMETER and changes nothing', async () => {
    const m = await member();
    const res = await call(
      'PUT',
      '/user',
      {
        action: 'ADULT',
        refreshToken: m.tokens.refreshToken.token,
        verifyAdultRequest: { birthedAt: yearsAgo(18, 1) },
      },
      { token: m.token },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_PARAMETER');
    expect(await me(m.token)).toMatchObject({ isAdult: false, birthedAt: null });
    // The refresh token was not consumed.
    const refreshed = await call('POST', '/auth/refresh', {
      accessToken: m.token,
      refreshToken: m.tokens.refreshToken.token,
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('ADULT turns 18 on the birthday itself and refuses impossible dates', async () => {
    const m = await member();
    const put = (birthedAt: string, refreshToken: string) =>
      call('PUT', '/user', { action: 'ADULT', refreshToken, verifyAdultRequest: { birthedAt } }, { token: m.token });
    for (const bad of ['2001-02-29', '1800-01-01', yearsAgo(-1)]) {
      expect((await put(bad, m.tokens.refreshToken.token)).json().code, bad).toBe('INVALID_PARAMETER');
    }
    // Today in Paris, 18 years ago (run near midnight UTC the zones may differ by a day: use the brand's date).
    const paris = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    const eighteen = `${Number(paris.slice(0, 4)) - 18}${paris.slice(4)}`;
    if (!eighteen.endsWith('-02-29')) {
      expect((await put(eighteen, m.tokens.refreshToken.token)).statusCode).toBe(200);
    }
  });

  it('ADULT uses the adult age of the brand (20 on bom-th)', async () => {
    const thai = await member({ brand: 'bom-th' });
    const res = await call(
      'PUT',
      '/user',
      {
        action: 'ADULT',
        refreshToken: thai.tokens.refreshToken.token,
        verifyAdultRequest: { birthedAt: yearsAgo(19) },
      },
      { token: thai.token, brand: 'bom-th' },
    );
    expect(res.json().code).toBe('INVALID_PARAMETER');
    const ok = await call(
      'PUT',
      '/user',
      {
        action: 'ADULT',
        refreshToken: thai.tokens.refreshToken.token,
        verifyAdultRequest: { birthedAt: yearsAgo(21) },
      },
      { token: thai.token, brand: 'bom-th' },
    );
    expect(ok.statusCode).toBe(200);
  });

  it('MAIL sets the mail agreement', async () => {
    const m = await member();
    const on = await call(
      'PUT',
      '/user',
      { action: 'MAIL', refreshToken: m.tokens.refreshToken.token, agreeMailRequest: { isAgreeMail: true } },
      { token: m.token },
    );
    expect(on.statusCode).toBe(200);
    expect((await me(m.token)).isAgreeMail).toBe(true);
    const next = on.json().data.authResponse.refreshToken.token;
    await call(
      'PUT',
      '/user',
      { action: 'MAIL', refreshToken: next, agreeMailRequest: { isAgreeMail: false } },
      { token: m.token },
    );
    expect((await me(m.token)).isAgreeMail).toBe(false);
  });

  it('PROFILE sets a trimmed nickname and refuses one outside the rules', async () => {
    const m = await member();
    const put = (nickname: string, refreshToken = m.tokens.refreshToken.token) =>
      call('PUT', '/user', { action: 'PROFILE', refreshToken, profileRequest: { nickname } }, { token: m.token });
    for (const bad of ['x', 'a'.repeat(21), 'ab\u202ecd', 'line\nbreak', '   ']) {
      expect((await put(bad)).json().code, JSON.stringify(bad)).toBe('INVALID_PARAMETER');
    }
    const res = await put('  Lectrice 42  ');
    expect(res.statusCode).toBe(200);
    expect((await me(m.token)).nickname).toBe('Lectrice 42');
  });

  it('refuses a body without the part of its action', async () => {
    const m = await member();
    const res = await call(
      'PUT',
      '/user',
      { action: 'PROFILE', refreshToken: m.tokens.refreshToken.token, agreeMailRequest: { isAgreeMail: true } },
      { token: m.token },
    );
    expect(res.json().code).toBe('INVALID_PARAMETER');
  });

  it('needs a login and a refresh token of the caller; another user is never changed', async () => {
    const a = await member();
    const b = await member();
    const body = (refreshToken: string) => ({
      action: 'PROFILE',
      refreshToken,
      profileRequest: { nickname: 'Intruder' },
    });
    expect((await call('PUT', '/user', body(a.tokens.refreshToken.token))).json().code).toBe('NOT_LOGIN_USER');
    const crossed = await call('PUT', '/user', body(b.tokens.refreshToken.token), { token: a.token });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json().code).toBe('NOT_FOUND_REFRESH_TOKEN');
    expect((await me(a.token)).nickname).toBeNull();
    expect((await me(b.token)).nickname).toBeNull();
    // b's session is intact.
    const refreshed = await call('POST', '/auth/refresh', {
      accessToken: b.token,
      refreshToken: b.tokens.refreshToken.token,
    });
    expect(refreshed.statusCode).toBe(200);
    expect((await call('PUT', '/user', body('unknown'), { token: a.token })).json().code).toBe(
      'NOT_FOUND_REFRESH_TOKEN',
    );
  });
});

describe('adult and BL toggles', () => {
  it('turns adult display on only for an adult, off for anyone', async () => {
    const m = await member();
    const minor = await call('PUT', '/user/adult/toggle/true', undefined, { token: m.token });
    expect(minor.statusCode).toBe(403);
    expect(minor.json().code).toBe('ADULT_ONLY_CONTENTS');
    expect((await call('PUT', '/user/adult/toggle/false', undefined, { token: m.token })).json().data.showAdult).toBe(
      false,
    );

    await call(
      'PUT',
      '/user',
      { action: 'ADULT', refreshToken: m.tokens.refreshToken.token, verifyAdultRequest: { birthedAt: yearsAgo(25) } },
      { token: m.token },
    );
    const on = await call('PUT', '/user/adult/toggle/true', undefined, { token: m.token });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ id: m.userId, showAdult: true, isAdult: true });
    const off = await call('PUT', '/user/adult/toggle/false', undefined, { token: m.token });
    expect(off.json().data.showAdult).toBe(false);
  });

  it('needs a birth date on the brands that require one (bom-tw)', async () => {
    const m = await member({ brand: 'bom-tw' });
    await t.database.db.update(users).set({ isAdult: true }).where(eq(users.id, m.userId));
    const res = await call('PUT', '/user/adult/toggle/true', undefined, { token: m.token, brand: 'bom-tw' });
    expect(res.json().code).toBe('ADULT_ONLY_CONTENTS');
    await t.database.db.update(users).set({ birthedAt: '1990-05-05' }).where(eq(users.id, m.userId));
    expect(
      (await call('PUT', '/user/adult/toggle/true', undefined, { token: m.token, brand: 'bom-tw' })).statusCode,
    ).toBe(200);
  });

  it('asks a Korean-IP user for the Korean identity check, not the birth date', async () => {
    const m = await member();
    await t.database.db
      .update(users)
      .set({ isAdult: true, birthedAt: '1990-05-05', isKrIpUser: true })
      .where(eq(users.id, m.userId));
    expect((await call('PUT', '/user/adult/toggle/true', undefined, { token: m.token })).json().code).toBe(
      'ADULT_ONLY_CONTENTS',
    );
    await t.database.db.update(users).set({ isAdultKr: true }).where(eq(users.id, m.userId));
    expect((await call('PUT', '/user/adult/toggle/true', undefined, { token: m.token })).statusCode).toBe(200);
  });

  it('sets the BL toggle of the caller only', async () => {
    const a = await member();
    const b = await member();
    const off = await call('PUT', '/user/BL/toggle/false', undefined, { token: a.token });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ id: a.userId, isBlToggle: false });
    expect((await me(b.token)).isBlToggle).toBe(true);
    expect((await call('PUT', '/user/BL/toggle/true', undefined, { token: a.token })).json().data.isBlToggle).toBe(
      true,
    );
  });

  it('refuses other values and visitors', async () => {
    const m = await member();
    expect((await call('PUT', '/user/BL/toggle/yes', undefined, { token: m.token })).json().code).toBe(
      'INVALID_PARAMETER',
    );
    expect((await call('PUT', '/user/adult/toggle/1', undefined, { token: m.token })).json().code).toBe(
      'INVALID_PARAMETER',
    );
    expect((await call('PUT', '/user/BL/toggle/false')).json().code).toBe('NOT_LOGIN_USER');
  });
});

describe('PUT /app/push', () => {
  it('changes the switches given and keeps the others', async () => {
    const m = await member();
    const first = await call('PUT', '/app/push', { isAppPush: true, isAgreePushNight: true }, { token: m.token });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      id: m.userId,
      isAppPush: true,
      agreePush: { isAgreePush: false, isAgreePushContents: false, isAgreePushFreetime: false, isAgreePushNight: true },
    });
    const second = await call(
      'PUT',
      '/app/push',
      { isAgreePush: true, isAgreePushContents: true, isAgreePushFreetime: true },
      { token: m.token },
    );
    expect(second.json().data).toMatchObject({
      isAppPush: true,
      agreePush: { isAgreePush: true, isAgreePushContents: true, isAgreePushFreetime: true, isAgreePushNight: true },
    });
    expect((await call('PUT', '/app/push', {}, { token: m.token })).json().data.isAppPush).toBe(true);
  });

  it('refuses non-booleans, unknown switches and visitors', async () => {
    const m = await member();
    expect((await call('PUT', '/app/push', { isAgreePush: 'yes' }, { token: m.token })).json().code).toBe(
      'INVALID_PARAMETER',
    );
    expect((await call('PUT', '/app/push', { isAdult: true }, { token: m.token })).json().code).toBe(
      'INVALID_PARAMETER',
    );
    expect((await call('PUT', '/app/push', { isAgreePush: true })).json().code).toBe('NOT_LOGIN_USER');
  });
});

describe('Korean visitors', () => {
  it('reads the country from the CDN header (cf-ipcountry by default)', async () => {
    const ip = (headers: Record<string, string> = {}) => call('GET', '/auth/ip-kr', undefined, { headers });
    expect((await ip()).json()).toEqual({ result: 'SUCCESS', data: { isKrIp: false } });
    expect((await ip({ 'cf-ipcountry': 'KR' })).json().data.isKrIp).toBe(true);
    expect((await ip({ 'CF-IPCountry': 'kr' })).json().data.isKrIp).toBe(true);
    expect((await ip({ 'cf-ipcountry': 'FR' })).json().data.isKrIp).toBe(false);
    expect((await ip({ 'x-country': 'KR' })).json().data.isKrIp).toBe(false);
  });

  it('uses the configured header name', async () => {
    const other = await createTestApp({ countryHeader: 'x-country' });
    try {
      const res = await other.app.inject({
        url: '/api/v1/auth/ip-kr',
        headers: { ...brandHeaders(), 'x-country': 'KR' },
      });
      expect(res.json().data.isKrIp).toBe(true);
      const cf = await other.app.inject({
        url: '/api/v1/auth/ip-kr',
        headers: { ...brandHeaders(), 'cf-ipcountry': 'KR' },
      });
      expect(cf.json().data.isKrIp).toBe(false);
    } finally {
      await other.close();
    }
  });
});

describe('POST /user/auth/adult/kr', () => {
  const signed = (txId: string, birthedAt: string) => ({
    txId,
    birthedAt,
    signature: sandboxSignature(t.config.auth.secret, txId, birthedAt),
  });

  it('accepts a genuine result of an adult: isAdultKr, isAdult, birth date, new tokens', async () => {
    const m = await member();
    const birthedAt = yearsAgo(40);
    const res = await call(
      'POST',
      '/user/auth/adult/kr',
      { refreshToken: m.tokens.refreshToken.token, ...signed('tx-1', birthedAt) },
      { token: m.token },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.authResponse.refreshToken.token).not.toBe(m.tokens.refreshToken.token);
    expect(await me(m.token)).toMatchObject({ isAdultKr: true, isAdult: true, birthedAt });
  });

  it('refuses a forged or altered result', async () => {
    const m = await member();
    const genuine = signed('tx-2', yearsAgo(40));
    for (const body of [
      { ...genuine, signature: 'f'.repeat(64) },
      { ...genuine, birthedAt: yearsAgo(41) },
      { ...genuine, signature: 'not-hex' },
    ]) {
      const res = await call(
        'POST',
        '/user/auth/adult/kr',
        { refreshToken: m.tokens.refreshToken.token, ...body },
        { token: m.token },
      );
      expect(res.json().code).toBe('INVALID_PARAMETER');
    }
    expect(await me(m.token)).toMatchObject({ isAdultKr: false, isAdult: false });
  });

  it('refuses a verified minor', async () => {
    const m = await member();
    const res = await call(
      'POST',
      '/user/auth/adult/kr',
      { refreshToken: m.tokens.refreshToken.token, ...signed('tx-3', yearsAgo(15)) },
      { token: m.token },
    );
    expect(res.json().code).toBe('INVALID_PARAMETER');
    expect((await me(m.token)).isAdultKr).toBe(false);
  });

  it('needs the caller’s own refresh token', async () => {
    const a = await member();
    const b = await member();
    const res = await call(
      'POST',
      '/user/auth/adult/kr',
      { refreshToken: b.tokens.refreshToken.token, ...signed('tx-4', yearsAgo(40)) },
      { token: a.token },
    );
    expect(res.json().code).toBe('NOT_FOUND_REFRESH_TOKEN');
    expect((await me(a.token)).isAdultKr).toBe(false);
    expect((await me(b.token)).isAdultKr).toBe(false);
  });
});

describe('withdrawal', () => {
  const body = (password?: string) => ({
    reason: 'Too many series to read',
    confirm: true as const,
    ...(password ? { password } : {}),
  });

  it('erases personal data, keeps the row and ends every session', async () => {
    const phone = newPhone();
    const m = await member({ phone });
    await call(
      'PUT',
      '/user',
      { action: 'PROFILE', refreshToken: m.tokens.refreshToken.token, profileRequest: { nickname: 'Reader' } },
      { token: m.token },
    );
    await t.database.db.update(users).set({ name: 'Real Name', birthedAt: '1990-01-01' }).where(eq(users.id, m.userId));

    const res = await call('POST', '/user/withdrawal', body(m.password), { token: m.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'SUCCESS', data: null });

    const r = await row(m.userId);
    expect(r).toMatchObject({
      status: 'WITHDRAWN',
      withdrawalReason: 'Too many series to read',
      email: null,
      name: null,
      nickname: null,
      phone: null,
      birthedAt: null,
      passwordHash: null,
      snsId: null,
      isAgreeMail: false,
    });
    expect(r.withdrawnAt).toBeInstanceOf(Date);
    // Only a keyed hash of the address is kept.
    const kept = await t.database.db.select().from(withdrawnEmails);
    expect(JSON.stringify(kept)).not.toContain(m.email);
    expect(kept.every((k) => /^[0-9a-f]{64}$/.test(k.keyHash))).toBe(true);

    // The access token still in hand is refused, and so are the refresh token and the password.
    expect((await call('POST', '/user', {}, { token: m.token })).json().code).toBe('WITHDRAWAL');
    expect((await call('POST', '/user/withdrawal', body(m.password), { token: m.token })).json().code).toBe(
      'WITHDRAWAL',
    );
    const refreshed = await call('POST', '/auth/refresh', {
      accessToken: m.token,
      refreshToken: m.tokens.refreshToken.token,
    });
    expect(refreshed.json().code).toBe('EXPIRED_REFRESH_TOKEN');
    expect((await call('POST', '/auth/local/login', { email: m.email, password: m.password })).json().code).toBe(
      'WITHDRAWAL',
    );
    // The number is free again.
    expect((await call('POST', '/auth/local/reset/sms', { phone })).json().code).toBe('NOT_FOUND_SMS_USER');
  });

  it('blocks a new sign-up with the address for 30 days, on that brand only', async () => {
    const m = await member();
    expect((await call('POST', '/user/withdrawal', body(m.password), { token: m.token })).statusCode).toBe(200);
    const signUp = (email: string, brand?: string) =>
      call(
        'POST',
        '/auth/local/signup',
        { email, password: 'Webtoon123', passwordConfirm: 'Webtoon123', agreeTerms: true },
        { brand },
      );
    const again = await signUp(m.email.toUpperCase());
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('DELETED_USER');
    expect((await signUp(m.email, 'delitoon-fr')).json().result).toBe('SUCCESS');

    later(30 * DAY + MINUTE);
    expect((await signUp(m.email)).json().result).toBe('SUCCESS');
  });

  it('needs the password of an e-mail account and waits 5 minutes after a wrong one', async () => {
    const m = await member();
    expect((await call('POST', '/user/withdrawal', body(), { token: m.token })).json().code).toBe('INVALID_PASSWORD');
    const wrong = await call('POST', '/user/withdrawal', body('Wrong12345'), { token: m.token });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INCORRECT_PASSWORD');
    const soon = await call('POST', '/user/withdrawal', body(m.password), { token: m.token });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().code).toBe('FREQUENT_REQUEST');
    expect((await row(m.userId)).status).toBe('ACTIVE');

    later(5 * MINUTE + 1000);
    expect((await call('POST', '/user/withdrawal', body(m.password), { token: m.token })).statusCode).toBe(200);
  });

  it('asks a social account to have logged in within 10 minutes, across refreshes', async () => {
    const m = await member();
    // Make the member a social account (as social login would have created it).
    await t.database.db
      .update(users)
      .set({ passwordHash: null, snsProvider: 'google', snsId: `google-${m.userId}` })
      .where(eq(users.id, m.userId));

    later(11 * MINUTE);
    const late = await call('POST', '/user/withdrawal', body(), { token: m.token });
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('TIMEOUT');
    // A refresh renews the tokens, not the login.
    const refreshed = await call('POST', '/auth/refresh', {
      accessToken: m.token,
      refreshToken: m.tokens.refreshToken.token,
    });
    expect(refreshed.statusCode).toBe(200);
    const renewed = refreshed.json().data.accessToken.token as string;
    expect((await call('POST', '/user/withdrawal', body(), { token: renewed })).json().code).toBe('TIMEOUT');

    // A fresh login (here: a token issued now) may withdraw; no password is asked.
    const signer = createTokenSigner(t.config.auth);
    const fresh = await signer.signAccess({ userId: m.userId, brandId: 'delitoonb-fr' }, new Date());
    expect((await call('POST', '/user/withdrawal', body(), { token: fresh.token })).statusCode).toBe(200);
    expect(await row(m.userId)).toMatchObject({ status: 'WITHDRAWN', snsId: null, email: null });
  });

  it('needs confirm true and a reason of 1 to 500 characters', async () => {
    const m = await member();
    const post = (payload: object) => call('POST', '/user/withdrawal', payload, { token: m.token });
    expect((await post({ reason: 'x', password: m.password, confirm: false })).json().code).toBe('INVALID_PARAMETER');
    expect((await post({ reason: '   ', password: m.password, confirm: true })).json().code).toBe('INVALID_PARAMETER');
    expect((await post({ reason: 'x'.repeat(501), password: m.password, confirm: true })).json().code).toBe(
      'INVALID_PARAMETER',
    );
    expect((await post({ password: m.password, confirm: true })).json().code).toBe('INVALID_PARAMETER');
    expect((await post({ reason: 'x'.repeat(500), password: m.password, confirm: true })).statusCode).toBe(200);
  });

  it('withdraws the caller only', async () => {
    const a = await member();
    const b = await member();
    expect((await call('POST', '/user/withdrawal', body(a.password), { token: a.token })).statusCode).toBe(200);
    expect((await row(b.userId)).status).toBe('ACTIVE');
    expect((await call('POST', '/auth/local/login', { email: b.email, password: b.password })).statusCode).toBe(200);
    expect((await call('POST', '/user/withdrawal', body(a.password))).json().code).toBe('NOT_LOGIN_USER');
  });

  it('answers NOT_FOUND_USER for an account that does not exist', async () => {
    const ctx: UsersCtx = {
      brand: BRANDS['delitoonb-fr'],
      platform: 'WEB',
      timeZone: 'Europe/Paris',
      notLoggedInAdult: undefined,
      now: new Date(),
      clientIp: '127.0.0.1',
      db: t.database.db,
      tokens: createTokenSigner(t.config.auth),
      mailer: { send: async () => {} },
      sms: { send: async () => {} },
      webBaseUrl: '',
      identity: createSandboxIdentityVerifier(t.config.auth.secret),
    };
    await expect(
      withdraw(ctx, { userId: 2_000_000_000, authTime: new Date() }, body('Webtoon123')),
    ).rejects.toMatchObject({ code: 'NOT_FOUND_USER' });
  });
});

describe('password reset by SMS', () => {
  async function codeTexted(phone: string): Promise<string> {
    const text = (await t.smsTo(phone)).at(-1) ?? '';
    const code = text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code texted to ${phone}`);
    return code;
  }

  it('texts a code in the brand language, checks it once and resets the password', async () => {
    const phone = newPhone();
    const m = await member({ phone });
    const sent = await call('POST', '/auth/local/reset/sms', { phone });
    expect(sent.statusCode).toBe(200);
    const expiredAt = Date.parse(sent.json().data.expiredAt);
    expect(expiredAt - Date.now()).toBeGreaterThan(9 * MINUTE);
    expect(expiredAt - Date.now()).toBeLessThanOrEqual(10 * MINUTE);
    const texts = await t.smsTo(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('Votre code de réinitialisation');
    const code = await codeTexted(phone);

    const wrong = code === '000000' ? '111111' : '000000';
    expect((await call('POST', '/auth/local/reset/sms/verify', { phone, code: wrong })).json().code).toBe(
      'INVALID_PARAMETER',
    );
    const verified = await call('POST', '/auth/local/reset/sms/verify', { phone, code });
    expect(verified.statusCode).toBe(200);
    const { userId, uuid } = verified.json().data;
    expect(userId).toBe(m.userId);
    const used = await call('POST', '/auth/local/reset/sms/verify', { phone, code });
    expect(used.statusCode).toBe(409);
    expect(used.json().code).toBe('ALREADY_USE_SMS');

    expect(
      (await call('POST', '/auth/local/reset/password', { userId, uuid, newPassword: 'BySms12345' })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', '/auth/local/reset/password', { userId, uuid, newPassword: 'Again12345' })).json().code,
    ).toBe('UNKNOWN');
    expect((await call('POST', '/auth/local/login', { email: m.email, password: 'BySms12345' })).statusCode).toBe(200);
    // The reset ended the sessions opened before it.
    const old = await call('POST', '/auth/refresh', {
      accessToken: m.token,
      refreshToken: m.tokens.refreshToken.token,
    });
    expect(old.json().code).toBe('EXPIRED_REFRESH_TOKEN');
  });

  it('answers NOT_FOUND_SMS_USER for a number without an active e-mail account', async () => {
    expect((await call('POST', '/auth/local/reset/sms', { phone: newPhone() })).json().code).toBe('NOT_FOUND_SMS_USER');
    // On another brand.
    const phone = newPhone();
    await member({ phone });
    const elsewhere = await call('POST', '/auth/local/reset/sms', { phone }, { brand: 'delitoon-fr' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe('NOT_FOUND_SMS_USER');
    // Not verified yet.
    const pendingPhone = newPhone();
    await call('POST', '/auth/local/signup', {
      email: newEmail(),
      password: 'Webtoon123',
      passwordConfirm: 'Webtoon123',
      agreeTerms: true,
      phone: pendingPhone,
    });
    expect((await call('POST', '/auth/local/reset/sms', { phone: pendingPhone })).json().code).toBe(
      'NOT_FOUND_SMS_USER',
    );
    // A social account resets on the provider's site.
    const socialPhone = newPhone();
    const social = await member({ phone: socialPhone });
    await t.database.db
      .update(users)
      .set({ passwordHash: null, snsProvider: 'google' })
      .where(eq(users.id, social.userId));
    expect((await call('POST', '/auth/local/reset/sms', { phone: socialPhone })).json().code).toBe(
      'NOT_FOUND_SMS_USER',
    );
    expect(
      (await call('POST', '/auth/local/reset/sms/verify', { phone: socialPhone, code: '123456' })).json().code,
    ).toBe('NOT_FOUND_SMS_USER');
  });

  it('sends at most one code a minute; a new code replaces the old one', async () => {
    const phone = newPhone();
    await member({ phone });
    expect((await call('POST', '/auth/local/reset/sms', { phone })).statusCode).toBe(200);
    const first = await codeTexted(phone);
    const again = await call('POST', '/auth/local/reset/sms', { phone });
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('ALREADY_SEND_SMS');
    expect(await t.smsTo(phone)).toHaveLength(1);

    later(61_000);
    expect((await call('POST', '/auth/local/reset/sms', { phone })).statusCode).toBe(200);
    const second = await codeTexted(phone);
    if (second !== first) {
      expect((await call('POST', '/auth/local/reset/sms/verify', { phone, code: first })).json().code).toBe(
        'INVALID_PARAMETER',
      );
    }
    expect((await call('POST', '/auth/local/reset/sms/verify', { phone, code: second })).statusCode).toBe(200);
  });

  it('expires a code after 10 minutes and after 5 wrong tries', async () => {
    const phone = newPhone();
    await member({ phone });
    await call('POST', '/auth/local/reset/sms', { phone });
    const code = await codeTexted(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await call('POST', '/auth/local/reset/sms/verify', { phone, code: wrong })).json().code).toBe(
        'INVALID_PARAMETER',
      );
    }
    const tooMany = await call('POST', '/auth/local/reset/sms/verify', { phone, code });
    expect(tooMany.statusCode).toBe(410);
    expect(tooMany.json().code).toBe('EXPIRED_OTP');

    const other = newPhone();
    await member({ phone: other });
    await call('POST', '/auth/local/reset/sms', { phone: other });
    const otherCode = await codeTexted(other);
    later(10 * MINUTE + 1000);
    expect((await call('POST', '/auth/local/reset/sms/verify', { phone: other, code: otherCode })).json().code).toBe(
      'EXPIRED_OTP',
    );
  });

  it('refuses malformed numbers and codes, and a check before any code was sent', async () => {
    const phone = newPhone();
    await member({ phone });
    expect((await call('POST', '/auth/local/reset/sms', { phone: '0612345678' })).json().code).toBe(
      'INVALID_PARAMETER',
    );
    expect((await call('POST', '/auth/local/reset/sms/verify', { phone, code: '12345' })).json().code).toBe(
      'INVALID_PARAMETER',
    );
    expect((await call('POST', '/auth/local/reset/sms/verify', { phone, code: '123456' })).json().code).toBe(
      'INVALID_PARAMETER',
    );
  });
});

describe('sign-up with a phone number', () => {
  const signUp = (phone: string, email = newEmail()) =>
    call('POST', '/auth/local/signup', {
      email,
      password: 'Webtoon123',
      passwordConfirm: 'Webtoon123',
      agreeTerms: true,
      phone,
    });

  it('stores an E.164 number and refuses another form', async () => {
    const phone = newPhone();
    const m = await member({ phone });
    expect((await row(m.userId)).phone).toBe(phone);
    expect((await signUp('+33 6 12 34 56 78')).json().code).toBe('INVALID_PARAMETER');
  });

  it('keeps a number to one account per brand; an unverified sign-up does not hold it', async () => {
    const phone = newPhone();
    const pending = await signUp(phone);
    expect(pending.json().result).toBe('SUCCESS');
    const m = await member({ phone });
    expect((await row(m.userId)).phone).toBe(phone);
    expect((await row(pending.json().data.userId)).phone).toBeNull();
    expect((await signUp(phone)).json().code).toBe('INVALID_PARAMETER');
    expect(
      (
        await call(
          'POST',
          '/auth/local/signup',
          { email: newEmail(), password: 'Webtoon123', passwordConfirm: 'Webtoon123', agreeTerms: true, phone },
          { brand: 'bom-tw' },
        )
      ).json().result,
    ).toBe('SUCCESS');
  });
});

describe('coins', () => {
  it('answers zero balances and no use until the wallet exists', async () => {
    const m = await member();
    for (const path of ['/coin', '/coin/user']) {
      expect((await call('GET', path, undefined, { token: m.token })).json().data).toEqual({
        coin: 0,
        freeCoin: 0,
        bonus: 0,
        mileage: 0,
        total: 0,
      });
    }
    expect((await call('GET', '/coin/user/used', undefined, { token: m.token })).json()).toEqual({
      result: 'SUCCESS',
      data: { total: 0, items: [] },
    });
    expect((await call('GET', '/coin/user/used')).json().code).toBe('NOT_LOGIN_USER');
  });
});

describe('rate limits', () => {
  // The reader's address as the web relays it, signed with the relay key.
  const login = (app: TestApp, ip: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/v1/auth/local/login',
      payload: { email: 'nobody@example.com', password: 'Webtoon123' },
      headers: {
        ...brandHeaders(),
        'x-balcony-client-ip': ip,
        'x-balcony-client-ip-sig': signClientIp(app.config.relaySecret, ip),
      },
    });

  it('answers 429 in the FAIL envelope past the limit', async () => {
    const limited = await createTestApp({ sensitiveRateLimit: 2 });
    try {
      expect((await login(limited, '198.51.100.1')).statusCode).toBe(404);
      expect((await login(limited, '198.51.100.1')).statusCode).toBe(404);
      const third = await login(limited, '198.51.100.1');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ result: 'FAIL', code: 'TOO_MANY_REQUESTS', message: expect.any(String) });
      // Counted per client address.
      expect((await login(limited, '198.51.100.2')).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });

  it.skipIf(!redisUp)(
    'counts across app instances through Redis (skipped when no Redis answers at 127.0.0.1:6379)',
    async () => {
      const options = { sensitiveRateLimit: 3, redisUrl: 'redis://127.0.0.1:6379' };
      const a = await createTestApp(options);
      const b = await createTestApp(options);
      try {
        // A random benchmarking address (IPv4: IPv6 clients are counted per /56), so that the
        // counters of an earlier run within the minute do not count.
        const ip = `198.${18 + Math.floor(Math.random() * 2)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
        expect((await login(a, ip)).statusCode).toBe(404);
        expect((await login(b, ip)).statusCode).toBe(404);
        expect((await login(a, ip)).statusCode).toBe(404);
        const fourth = await login(b, ip);
        expect(fourth.statusCode).toBe(429);
        expect(fourth.json().code).toBe('TOO_MANY_REQUESTS');
        expect((await login(a, ip)).statusCode).toBe(429);
      } finally {
        await a.close();
        await b.close();
      }
    },
  );
});
