import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signClientCountry, signClientIp } from '../src/http/client-address.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';
import { later, MINUTE, yearsAgo } from './support/clock.js';
import { memberHelpers } from './support/members.js';

// Korean visitors: the country read from the CDN header, and the Korean identity check that
// verifies an adult.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { call, member, me, row } = memberHelpers(() => t);

/** What the web sends for a reader it saw at `ip` in `country` (its CDN's header), signed. */
function relayed(ip: string, country: string, countrySignature = signClientCountry(t.config.relaySecret, ip, country)) {
  return {
    'x-balcony-client-ip': ip,
    'x-balcony-client-ip-sig': signClientIp(t.config.relaySecret, ip),
    'x-balcony-client-country': country,
    'x-balcony-client-country-sig': countrySignature,
  };
}

describe('Korean visitors', () => {
  it('reads the country from the CDN header (cf-ipcountry by default)', async () => {
    const ip = (headers: Record<string, string> = {}) => call('GET', '/auth/ip-kr', undefined, { headers });
    expect((await ip()).json()).toEqual({ result: 'SUCCESS', data: { isKrIp: false } });
    expect((await ip({ 'cf-ipcountry': 'KR' })).json().data.isKrIp).toBe(true);
    expect((await ip({ 'CF-IPCountry': 'kr' })).json().data.isKrIp).toBe(true);
    expect((await ip({ 'cf-ipcountry': 'FR' })).json().data.isKrIp).toBe(false);
    expect((await ip({ 'x-country': 'KR' })).json().data.isKrIp).toBe(false);
  });

  it('believes the country the web relays only with its signature for that address', async () => {
    const ip = (headers: Record<string, string>) => call('GET', '/auth/ip-kr', undefined, { headers });
    expect((await ip(relayed('203.0.113.7', 'KR'))).json().data.isKrIp).toBe(true);
    expect((await ip(relayed('203.0.113.7', 'JP'))).json().data.isKrIp).toBe(false);
    // Forged, or signed for another reader's address: no country.
    expect((await ip(relayed('203.0.113.7', 'KR', 'forged'))).json().data.isKrIp).toBe(false);
    const other = signClientCountry(t.config.relaySecret, '203.0.113.8', 'KR');
    expect((await ip(relayed('203.0.113.7', 'KR', other))).json().data.isKrIp).toBe(false);
    // A relayed call answers for the reader, not for whatever country header reached the api.
    expect((await ip({ ...relayed('203.0.113.7', 'JP'), 'cf-ipcountry': 'KR' })).json().data.isKrIp).toBe(false);
  });

  it('notes on the account whether its member connects from Korea: at login, refresh and POST /user', async () => {
    const m = await member();
    expect((await row(m.userId)).isKrIpUser).toBe(false);

    const login = await call(
      'POST',
      '/auth/local/login',
      { email: m.email, password: m.password },
      { headers: relayed('203.0.113.7', 'KR') },
    );
    expect(login.statusCode).toBe(200);
    const session = login.json().data as { accessToken: { token: string }; refreshToken: { token: string } };
    expect((await row(m.userId)).isKrIpUser).toBe(true);
    expect((await me(session.accessToken.token)).isKrIpUser).toBe(true);

    // The same member travels: POST /user from France clears it; a call without a country keeps it.
    const fromFrance = await call(
      'POST',
      '/user',
      {},
      { token: session.accessToken.token, headers: { 'cf-ipcountry': 'FR' } },
    );
    expect(fromFrance.json().data.isKrIpUser).toBe(false);
    expect((await me(session.accessToken.token)).isKrIpUser).toBe(false);

    const refresh = await call(
      'POST',
      '/auth/refresh',
      { accessToken: session.accessToken.token, refreshToken: session.refreshToken.token },
      { headers: { 'cf-ipcountry': 'KR' } },
    );
    expect(refresh.statusCode).toBe(200);
    expect((await row(m.userId)).isKrIpUser).toBe(true);
    // Unknown country (no CDN header, Cloudflare's XX): the flag stays as it was.
    await call(
      'POST',
      '/user',
      {},
      { token: refresh.json().data.accessToken.token, headers: { 'cf-ipcountry': 'XX' } },
    );
    expect((await row(m.userId)).isKrIpUser).toBe(true);
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

describe('the carrier identity check: GET /nice/encode, the sandbox provider, POST /user/auth/adult/kr', () => {
  type Member = Awaited<ReturnType<typeof member>>;

  /** GET /nice/encode: the popup form of a new attempt. */
  async function encode(m: Member) {
    const res = await call('GET', '/nice/encode', undefined, { token: m.token });
    expect(res.statusCode).toBe(200);
    return res.json().data as {
      requestNo: string;
      actionUrl: string;
      method: string;
      fields: Record<string, string>;
      expiresAt: string;
    };
  }

  /** The tester's choice on the sandbox provider's page: the signed result and where it goes. */
  async function answer(
    encodeData: string,
    choice: { outcome: 'VERIFIED'; birthedAt: string } | { outcome: 'CANCELLED' },
  ) {
    const res = await call('POST', '/nice/sandbox/result', { encodeData, ...choice });
    expect(res.statusCode).toBe(200);
    return res.json().data as { returnUrl: string; encodeData: string };
  }

  /** A member's attempt answered by the sandbox: the signed result for the callback page. */
  async function resultFor(m: Member, birthedAt = yearsAgo(40)) {
    const form = await encode(m);
    return (await answer(form.fields.EncodeData ?? '', { outcome: 'VERIFIED', birthedAt })).encodeData;
  }

  const verify = (m: Member, encodeData: string, refreshToken = m.tokens.refreshToken.token) =>
    call('POST', '/user/auth/adult/kr', { refreshToken, encodeData }, { token: m.token });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens an attempt whose popup form goes to the provider page and comes back to the callback page', async () => {
    const m = await member();
    const form = await encode(m);
    expect(form.actionUrl).toBe('http://localhost:3000/callback/auth-mobilians/sandbox');
    expect(form.method).toBe('GET');
    expect(form.fields.EncodeData).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(new Date(form.expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * MINUTE);
    const back = await answer(form.fields.EncodeData ?? '', { outcome: 'CANCELLED' });
    expect(back.returnUrl).toBe('http://localhost:3000/callback/auth-mobilians');
    // The reader's own web origin when it is one of the web's; any other falls back to the first.
    const other = await createTestApp({ webOrigins: ['http://localhost:3000', 'http://jp.localhost:3000'] });
    try {
      const helpers = memberHelpers(() => other);
      const o = await helpers.member();
      const at = async (webOrigin: string) =>
        (
          await helpers.call('GET', `/nice/encode?webOrigin=${encodeURIComponent(webOrigin)}`, undefined, {
            token: o.token,
          })
        ).json().data.actionUrl;
      expect(await at('http://jp.localhost:3000')).toBe('http://jp.localhost:3000/callback/auth-mobilians/sandbox');
      expect(await at('https://evil.example')).toBe('http://localhost:3000/callback/auth-mobilians/sandbox');
    } finally {
      await other.close();
    }
    // Visitors have no attempt to open.
    expect((await call('GET', '/nice/encode')).json().code).toBe('NOT_LOGIN_USER');
  });

  it('accepts the result of an adult for the member’s attempt: isAdultKr, isAdult, birth date, new tokens', async () => {
    const m = await member();
    const birthedAt = yearsAgo(40);
    const res = await verify(m, await resultFor(m, birthedAt));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.authResponse.refreshToken.token).not.toBe(m.tokens.refreshToken.token);
    expect(await me(m.token)).toMatchObject({ isAdultKr: true, isAdult: true, birthedAt });
  });

  it('refuses a replayed result: an attempt is used once', async () => {
    const m = await member();
    const result = await resultFor(m);
    const first = await verify(m, result);
    expect(first.statusCode).toBe(200);
    const replay = await verify(m, result, first.json().data.authResponse.refreshToken.token);
    expect(replay.json().code).toBe('ALREADY_USE_SMS');
  });

  it('refuses a forged or altered result, and a request posted back as a result, using nothing up', async () => {
    const m = await member();
    const form = await encode(m);
    const result = (await answer(form.fields.EncodeData ?? '', { outcome: 'VERIFIED', birthedAt: yearsAgo(40) }))
      .encodeData;
    const [body = '', mac = ''] = result.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const older = Buffer.from(JSON.stringify({ ...payload, birthedAt: yearsAgo(50) })).toString('base64url');
    for (const forged of [
      `${older}.${mac}`,
      `${body}.${'A'.repeat(mac.length)}`,
      `${body}.`,
      'not-a-result',
      form.fields.EncodeData ?? '',
    ]) {
      expect((await verify(m, forged)).json().code).toBe('INVALID_PARAMETER');
    }
    expect(await me(m.token)).toMatchObject({ isAdultKr: false, isAdult: false });
    // The genuine result still works: nothing was used up by the forgeries.
    expect((await verify(m, result)).statusCode).toBe(200);
  });

  it('refuses a result that comes back after the attempt expired', async () => {
    const m = await member();
    const result = await resultFor(m);
    later(11 * MINUTE);
    expect((await verify(m, result)).json().code).toBe('TIMEOUT');
    expect((await me(m.token)).isAdultKr).toBe(false);
  });

  it('refuses the result of another member’s attempt, and leaves it usable by its owner', async () => {
    const a = await member();
    const b = await member();
    const resultOfA = await resultFor(a);
    expect((await verify(b, resultOfA)).json().code).toBe('INVALID_PARAMETER');
    expect((await me(b.token)).isAdultKr).toBe(false);
    expect((await verify(a, resultOfA)).statusCode).toBe(200);
  });

  it('refuses a verified minor and a cancelled check, using the attempt up', async () => {
    const m = await member();
    const minor = await resultFor(m, yearsAgo(15));
    expect((await verify(m, minor)).json().code).toBe('INVALID_PARAMETER');
    expect((await verify(m, minor)).json().code).toBe('ALREADY_USE_SMS');
    const form = await encode(m);
    const cancelled = (await answer(form.fields.EncodeData ?? '', { outcome: 'CANCELLED' })).encodeData;
    expect((await verify(m, cancelled)).json().code).toBe('Callback');
    expect((await me(m.token)).isAdultKr).toBe(false);
  });

  it('needs the caller’s own refresh token', async () => {
    const a = await member();
    const b = await member();
    const res = await verify(a, await resultFor(a), b.tokens.refreshToken.token);
    expect(res.json().code).toBe('NOT_FOUND_REFRESH_TOKEN');
    expect((await me(a.token)).isAdultKr).toBe(false);
    expect((await me(b.token)).isAdultKr).toBe(false);
  });

  it('the sandbox signs only requests it issued that have not expired', async () => {
    const m = await member();
    const form = await encode(m);
    const request = form.fields.EncodeData ?? '';
    const bad = await call('POST', '/nice/sandbox/result', {
      encodeData: `${request.split('.')[0]}.${'A'.repeat(43)}`,
      outcome: 'VERIFIED',
      birthedAt: yearsAgo(40),
    });
    expect(bad.json().code).toBe('INVALID_PARAMETER');
    later(11 * MINUTE);
    const late = await call('POST', '/nice/sandbox/result', { encodeData: request, outcome: 'CANCELLED' });
    expect(late.json().code).toBe('INVALID_PARAMETER');
  });

  it('is not offered without a provider (IDENTITY_SANDBOX=off)', async () => {
    const off = await createTestApp({ identity: { sandbox: false } });
    try {
      const helpers = memberHelpers(() => off);
      const m = await helpers.member();
      const res = await helpers.call('GET', '/nice/encode', undefined, { token: m.token });
      expect(res.json().code).toBe('NOT_EXIST');
      const sandbox = await helpers.call('POST', '/nice/sandbox/result', { encodeData: 'a.b', outcome: 'CANCELLED' });
      expect(sandbox.json().code).toBe('NOT_EXIST');
    } finally {
      await off.close();
    }
  });
});
