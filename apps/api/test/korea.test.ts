import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSignature } from '../src/modules/account/identity.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';
import { yearsAgo } from './support/clock.js';
import { memberHelpers } from './support/members.js';

// Korean visitors: the country read from the CDN header, and the Korean identity check that
// verifies an adult.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { call, member, me } = memberHelpers(() => t);

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
