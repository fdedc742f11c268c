import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../src/db/schema.js';
import { createTokenSigner, sha256 } from '../src/modules/auth/tokens.js';
import { brandHeaders, createTestApp, mailBody, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const newEmail = () => `reader${++n}-${Date.now()}@example.com`;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}, brand = 'delitoonb-fr') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as object,
    headers: { ...brandHeaders(brand), ...headers },
  });
const put = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1${url}`,
    payload: payload as object,
    headers: { ...brandHeaders(), ...headers },
  });

async function codeFor(email: string): Promise<string> {
  const mails = await t.mailTo(email);
  const last = mails.at(-1);
  if (!last) throw new Error(`no mail for ${email}`);
  const code = mailBody(last).match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no code in mail');
  return code;
}

async function signUp(email = newEmail(), password = 'Webtoon123') {
  const res = await post('/auth/local/signup', { email, password, passwordConfirm: password, agreeTerms: true });
  expect(res.json()).toMatchObject({ result: 'SUCCESS' });
  const { userId, signUpId } = res.json().data as { userId: number; signUpId: number };
  return { email, password, userId, signUpId };
}

async function member(password = 'Webtoon123') {
  const account = await signUp(newEmail(), password);
  const verified = await post('/auth/local/signup/verify', {
    userId: account.userId,
    signUpId: account.signUpId,
    code: await codeFor(account.email),
  });
  return { ...account, tokens: verified.json().data };
}

describe('e-mail sign-up', () => {
  it('mails a 6-digit code in the brand language and activates the account with it', async () => {
    const { email, userId, signUpId } = await signUp();
    const mails = await t.mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mailBody(mails[0] ?? '')).toContain('Votre code de vérification');
    const res = await post('/auth/local/signup/verify', { userId, signUpId, code: await codeFor(email) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.isSignUp).toBe(true);
    expect(data.accessToken.token).toMatch(/^ey/);
    const me = await post('/user', {}, { authorization: `Bearer ${data.accessToken.token}` });
    expect(me.json().data).toMatchObject({ id: userId, email, isAdult: false });
    expect(JSON.stringify(me.json())).not.toMatch(/password|hash/i);
  });

  it('answers the sign-up codes of spec §8', async () => {
    const bad = (payload: object) =>
      post('/auth/local/signup', { passwordConfirm: 'Webtoon123', agreeTerms: true, ...payload });
    expect((await bad({ email: 'not-an-email', password: 'Webtoon123' })).json().code).toBe('INVALID_MAIL_FORM');
    expect((await bad({ email: 'a,b@example.com', password: 'Webtoon123' })).json().code).toBe('INVALID_EMAIL');
    expect((await bad({ email: newEmail(), password: 'short1', passwordConfirm: 'short1' })).json().code).toBe(
      'INVALID_PW_REGEX',
    );
    expect(
      (await bad({ email: newEmail(), password: 'onlyletters', passwordConfirm: 'onlyletters' })).json().code,
    ).toBe('INVALID_PW_REGEX');
    expect((await bad({ email: newEmail(), password: 'Webtoon124' })).json().code).toBe('INVALID_PARAMETER');
    const noConsent = await post('/auth/local/signup', {
      email: newEmail(),
      password: 'Webtoon123',
      passwordConfirm: 'Webtoon123',
      agreeTerms: false,
    });
    expect(noConsent.json().code).toBe('INVALID_PARAMETER');
    const existing = await member();
    expect((await bad({ email: existing.email.toUpperCase(), password: 'Webtoon123' })).json().code).toBe(
      'ALREADY_USED_EMAIL',
    );
  });

  it('keeps the same address free on another brand', async () => {
    const existing = await member();
    const res = await post(
      '/auth/local/signup',
      { email: existing.email, password: 'Webtoon123', passwordConfirm: 'Webtoon123', agreeTerms: true },
      {},
      'bom-tw',
    );
    expect(res.json().result).toBe('SUCCESS');
  });

  it('refuses a wrong code, then an expired or used one', async () => {
    const { email, userId, signUpId } = await signUp();
    const code = await codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await post('/auth/local/signup/verify', { userId, signUpId, code: wrong });
    expect(res.json().code).toBe('INVALID_PARAMETER');
    expect((await post('/auth/local/signup/verify', { userId, signUpId, code })).statusCode).toBe(200);
    expect((await post('/auth/local/signup/verify', { userId, signUpId, code })).json().code).toBe('ALREADY_AUTH_MAIL');
  });

  it('limits how often a code is sent again', async () => {
    const { userId } = await signUp();
    expect((await post('/user/mail/auth', { userId })).json().code).toBe('FREQUENT_REQUEST');
  });
});

describe('e-mail login', () => {
  it('logs in and answers the login codes', async () => {
    const m = await member();
    const ok = await post('/auth/local/login', { email: m.email, password: m.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.refreshToken.token).toBeTruthy();
    expect((await post('/auth/local/login', { email: 'nope', password: 'x' })).json().code).toBe('INVALID_MAIL_FORM');
    expect((await post('/auth/local/login', { email: m.email, password: '' })).json().code).toBe('INVALID_PASSWORD');
    expect((await post('/auth/local/login', { email: m.email, password: 'abc' })).json().code).toBe('INVALID_PW_REGEX');
    expect((await post('/auth/local/login', { email: newEmail(), password: 'Webtoon123' })).json().code).toBe(
      'NOT_REGISTERED_USER',
    );
    expect((await post('/auth/local/login', { email: m.email, password: 'Webtoon999' })).json().code).toBe(
      'INCORRECT_PASSWORD',
    );
  });

  it('locks the account for an hour after five wrong passwords', async () => {
    const m = await member();
    for (let i = 0; i < 5; i++) {
      const res = await post('/auth/local/login', { email: m.email, password: 'Wrong12345' });
      expect(res.json().code).toBe('INCORRECT_PASSWORD');
    }
    const sixth = await post('/auth/local/login', { email: m.email, password: m.password });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('EXCEED_AUTH_COUNT');
  });
});

describe('tokens', () => {
  it('rotates the pair on refresh and revokes the family when an old refresh token comes back', async () => {
    const m = await member();
    const first = m.tokens;
    const refreshed = await post('/auth/refresh', {
      accessToken: first.accessToken.token,
      refreshToken: first.refreshToken.token,
      // A client's word for its own address is not evidence: the session records the one seen.
      clientIp: '203.0.113.7',
    });
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json().data;
    expect(second).toMatchObject({ email: m.email, ipAddress: '127.0.0.1' });
    expect(second.refreshToken.token).not.toBe(first.refreshToken.token);

    // The same token again at once is a concurrent request of the same reader (two tabs): it
    // gets the very same successor pair, so the session never forks into two chains.
    const concurrent = await post('/auth/refresh', {
      accessToken: first.accessToken.token,
      refreshToken: first.refreshToken.token,
    });
    expect(concurrent.statusCode).toBe(200);
    expect(concurrent.json().data.refreshToken.token).toBe(second.refreshToken.token);
    expect(concurrent.json().data.accessToken.token).toBe(second.accessToken.token);

    // Past the 30 s grace, the rotated token coming back means someone holds a copy.
    await t.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.tokenHash, sha256(first.refreshToken.token)));
    const reuse = await post('/auth/refresh', {
      accessToken: first.accessToken.token,
      refreshToken: first.refreshToken.token,
    });
    expect(reuse.json().code).toBe('EXPIRED_REFRESH_TOKEN');
    // The thief's reuse also ended the legitimate holder's session.
    const after = await post('/auth/refresh', {
      accessToken: second.accessToken.token,
      refreshToken: second.refreshToken.token,
    });
    expect(after.json().code).toBe('EXPIRED_REFRESH_TOKEN');
  });

  it('lets a late request of the same reader follow a refresh that went on to rotate again (PUT /user)', async () => {
    const m = await member();
    const first = m.tokens;
    // The reader's page refreshes, then changes its mail agreement with the new pair (a second rotation)…
    const second = (
      await post('/auth/refresh', { accessToken: first.accessToken.token, refreshToken: first.refreshToken.token })
    ).json().data;
    const changed = await put(
      '/user',
      { action: 'MAIL', refreshToken: second.refreshToken.token, agreeMailRequest: { isAgreeMail: true } },
      { authorization: `Bearer ${second.accessToken.token}` },
    );
    expect(changed.statusCode).toBe(200);
    const third = changed.json().data.authResponse;
    // …while its other calls, sent with the first pair, refresh too: they get the live end of the chain.
    const late = await post('/auth/refresh', {
      accessToken: first.accessToken.token,
      refreshToken: first.refreshToken.token,
    });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().data.refreshToken.token).toBe(third.refreshToken.token);
    expect(late.json().data.accessToken.token).toBe(third.accessToken.token);
    // The session goes on.
    const next = await post('/auth/refresh', {
      accessToken: third.accessToken.token,
      refreshToken: third.refreshToken.token,
    });
    expect(next.statusCode, next.body).toBe(200);

    // A link rotated past the grace breaks the chain: the first token coming back now is reuse.
    await t.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.tokenHash, sha256(second.refreshToken.token)));
    const reuse = await post('/auth/refresh', {
      accessToken: first.accessToken.token,
      refreshToken: first.refreshToken.token,
    });
    expect(reuse.json().code).toBe('EXPIRED_REFRESH_TOKEN');
    const ended = await post('/auth/refresh', {
      accessToken: next.json().data.accessToken.token,
      refreshToken: next.json().data.refreshToken.token,
    });
    expect(ended.json().code).toBe('EXPIRED_REFRESH_TOKEN');
    // The revoked session's access tokens end with it.
    const revoked = await post('/user', {}, { authorization: `Bearer ${next.json().data.accessToken.token}` });
    expect(revoked.json().code).toBe('NOT_FOUND_ACCESS_TOKEN');
  });

  it('refuses an unknown refresh token and one of another user', async () => {
    const a = await member();
    const b = await member();
    const unknown = await post('/auth/refresh', { accessToken: a.tokens.accessToken.token, refreshToken: 'nope' });
    expect(unknown.json().code).toBe('NOT_FOUND_REFRESH_TOKEN');
    const crossed = await post('/auth/refresh', {
      accessToken: a.tokens.accessToken.token,
      refreshToken: b.tokens.refreshToken.token,
    });
    expect(crossed.json().code).toBe('NOT_FOUND_REFRESH_TOKEN');
  });

  it('asks for a refresh when the access token has expired', async () => {
    const m = await member();
    // The same signer the api uses, one hour in the past: a token that expired 45 minutes ago.
    const signer = createTokenSigner(t.config.auth);
    const old = await signer.signAccess({ userId: m.userId, brandId: 'delitoonb-fr' }, new Date(Date.now() - 3600_000));
    const me = await post('/user', {}, { authorization: `Bearer ${old.token}` });
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('NEED_TO_REFRESH');
    // The expired access token still proves who refreshes.
    const refreshed = await post('/auth/refresh', {
      accessToken: old.token,
      refreshToken: m.tokens.refreshToken.token,
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('rejects missing, forged and other-brand tokens', async () => {
    const m = await member();
    expect((await post('/user', {})).json().code).toBe('NOT_LOGIN_USER');
    expect((await post('/user', {}, { authorization: 'Bearer abc.def.ghi' })).json().code).toBe('MALFORMED_JWT');
    const other = await post(
      '/user',
      {},
      { ...brandHeaders('bom-tw'), authorization: `Bearer ${m.tokens.accessToken.token}` },
      'bom-tw',
    );
    expect(other.json().code).toBe('MALFORMED_JWT');
  });

  it('ends the session on logout', async () => {
    const m = await member();
    expect((await put('/auth/logout', { refreshToken: m.tokens.refreshToken.token })).statusCode).toBe(200);
    const again = await post('/auth/refresh', {
      accessToken: m.tokens.accessToken.token,
      refreshToken: m.tokens.refreshToken.token,
    });
    expect(again.json().code).toBe('EXPIRED_REFRESH_TOKEN');
  });

  it('ends the access tokens of a logged-out session at once, and no other session of the member', async () => {
    const m = await member();
    const other = (await post('/auth/local/login', { email: m.email, password: m.password })).json().data;
    const asA = { authorization: `Bearer ${m.tokens.accessToken.token}` };
    const asB = { authorization: `Bearer ${other.accessToken.token}` };
    // Both sessions read the account (and so keep it in the api's account cache).
    expect((await post('/user', {}, asA)).statusCode).toBe(200);
    expect((await post('/user', {}, asB)).statusCode).toBe(200);

    expect((await put('/auth/logout', { refreshToken: m.tokens.refreshToken.token })).statusCode).toBe(200);
    const ended = await post('/user', {}, asA);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('NOT_FOUND_ACCESS_TOKEN');
    expect((await t.app.inject({ url: '/api/v1/coin', headers: { ...brandHeaders(), ...asA } })).json().code).toBe(
      'NOT_FOUND_ACCESS_TOKEN',
    );

    // The other session goes on, across a rotation of its refresh token too.
    expect((await post('/user', {}, asB)).statusCode).toBe(200);
    const rotated = await post('/auth/refresh', {
      accessToken: other.accessToken.token,
      refreshToken: other.refreshToken.token,
    });
    expect(rotated.statusCode).toBe(200);
    expect((await post('/user', {}, asB)).statusCode).toBe(200);
    const renewed = { authorization: `Bearer ${rotated.json().data.accessToken.token}` };
    expect((await post('/user', {}, renewed)).statusCode).toBe(200);
  });

  it('answers a new member only the 10 free coins of the sign-up mail reward (decision 0164)', async () => {
    const m = await member();
    const coin = await t.app.inject({
      url: '/api/v1/coin',
      headers: { ...brandHeaders(), authorization: `Bearer ${m.tokens.accessToken.token}` },
    });
    expect(coin.json().data).toEqual({
      coin: 0,
      freeCoin: 10,
      bonus: 0,
      mileage: 0,
      total: 10,
      expiring: [{ type: 'FREE_COIN', amount: 10, expiresAt: expect.any(String) }],
    });
  });
});

describe('passwords', () => {
  it('changes the password, refusing a wrong old one and an equal new one', async () => {
    const m = await member();
    const auth = { authorization: `Bearer ${m.tokens.accessToken.token}` };
    expect(
      (await post('/auth/local/change/password', { oldPassword: 'Wrong12345', newPassword: 'Other12345' }, auth)).json()
        .code,
    ).toBe('INCORRECT_PASSWORD');
    expect(
      (await post('/auth/local/change/password', { oldPassword: m.password, newPassword: m.password }, auth)).json()
        .code,
    ).toBe('EQUAL_PASSWORD');
    expect(
      (await post('/auth/local/change/password', { oldPassword: m.password, newPassword: 'Other12345' }, auth))
        .statusCode,
    ).toBe(200);
    expect((await post('/auth/local/login', { email: m.email, password: 'Other12345' })).statusCode).toBe(200);
    expect((await post('/auth/local/login', { email: m.email, password: m.password })).json().code).toBe(
      'INCORRECT_PASSWORD',
    );
  });

  it('resets by a mailed single-use link and ends existing sessions', async () => {
    const m = await member();
    expect((await post('/auth/local/reset/mail', { email: newEmail() })).json().code).toBe('NOT_FOUND_USER');
    expect((await post('/auth/local/reset/mail', { email: m.email })).statusCode).toBe(200);
    expect((await post('/auth/local/reset/mail', { email: m.email })).json().code).toBe('FREQUENT_REQUEST');
    const link = mailBody((await t.mailTo(m.email)).at(-1) ?? '').match(/https?:\/\/\S+resetPassword\?\S+/)?.[0];
    if (!link) throw new Error('no reset link in mail');
    const url = new URL(link);
    const userId = Number(url.searchParams.get('userId'));
    const uuid = url.searchParams.get('uuid') ?? '';
    expect(
      (await post('/auth/local/reset/password', { userId, uuid: 'forged', newPassword: 'Reset12345' })).json().code,
    ).toBe('UNKNOWN');
    expect((await post('/auth/local/reset/password', { userId, uuid, newPassword: m.password })).json().code).toBe(
      'EQUAL_PASSWORD',
    );
    expect((await post('/auth/local/reset/password', { userId, uuid, newPassword: 'Reset12345' })).statusCode).toBe(
      200,
    );
    expect((await post('/auth/local/reset/password', { userId, uuid, newPassword: 'Again12345' })).json().code).toBe(
      'UNKNOWN',
    );
    expect((await post('/auth/local/login', { email: m.email, password: 'Reset12345' })).statusCode).toBe(200);
    const old = await post('/auth/refresh', {
      accessToken: m.tokens.accessToken.token,
      refreshToken: m.tokens.refreshToken.token,
    });
    expect(old.json().code).toBe('EXPIRED_REFRESH_TOKEN');
  });
});
