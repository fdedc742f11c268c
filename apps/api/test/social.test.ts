import { getBrand } from '@balcony/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { users } from '../src/db/schema.js';
import { facebookProfile, googleProfile, twitterProfile } from '../src/modules/auth/social/providers.js';
import { checkRedirectUri, offeredProviders } from '../src/modules/auth/social/service.js';
import { signSignupTicket, verifySignupTicket } from '../src/modules/auth/social/ticket.js';
import { brandHeaders, createTestApp, mailBody, type TestApp } from './helper.js';
import { type Identity, MockSocialProvider, type Provider, socialConfig } from './support/oidc-provider.js';

// Social login against a real OAuth 2.0 / OIDC server on loopback (support/oidc-provider.ts).
// Each test chooses who signs in at the provider.

const WEB = 'http://localhost:3000';
const redirectUri = (p: string) => `${WEB}/api/auth/callback/${p}`;

let mock: MockSocialProvider;
let t: TestApp;

beforeAll(async () => {
  mock = await MockSocialProvider.start();
  t = await createTestApp({ social: socialConfig(mock.issuer.url ?? '') });
});
afterAll(async () => {
  await t?.close();
  await mock?.stop();
});

let n = 0;
const person = (over: Partial<Identity> = {}): Identity => {
  const i = ++n;
  return {
    sub: `subject-${i}-${Date.now()}`,
    email: `social${i}-${Date.now()}@example.com`,
    name: `Reader ${i}`,
    ...over,
  };
};

const post = (
  app: TestApp,
  url: string,
  payload: object,
  headers: Record<string, string> = {},
  brand = 'delitoonb-fr',
) => app.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers: { ...brandHeaders(brand), ...headers } });

async function start(provider: string, brand = 'delitoonb-fr', app = t) {
  const res = await post(app, `/auth/social/${provider}/start`, { redirectUri: redirectUri(provider) }, {}, brand);
  expect(res.json(), JSON.stringify(res.json())).toMatchObject({ result: 'SUCCESS' });
  return res.json().data as { authorizationUrl: string; state: string; codeVerifier: string; nonce?: string };
}

/** The browser at the provider: signs in as `who` and is sent back to the web with code and state. */
async function authorize(authorizationUrl: string, who: Identity) {
  mock.signsInNext(who);
  const res = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location') ?? '');
  expect(back.origin + back.pathname).toMatch(/^http:\/\/localhost:3000\/api\/auth\/callback\//);
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

/** The whole round trip up to the api's answer to /callback; `tamper` changes what the web sends. */
async function signIn(provider: Provider, who: Identity, tamper: Record<string, unknown> = {}, brand = 'delitoonb-fr') {
  const begun = await start(provider, brand);
  const back = await authorize(begun.authorizationUrl, who);
  return post(
    t,
    `/auth/social/${provider}/callback`,
    {
      code: back.code,
      state: back.state,
      expectedState: begun.state,
      codeVerifier: begun.codeVerifier,
      ...(begun.nonce && { nonce: begun.nonce }),
      redirectUri: redirectUri(provider),
      ...tamper,
    },
    {},
    brand,
  );
}

async function signUp(ticket: string, nickname = 'Reader', brand = 'delitoonb-fr') {
  return post(
    t,
    '/auth/social/signup',
    { signupTicket: ticket, agreeTerms: true, nickname, agreeMail: true },
    {},
    brand,
  );
}

const me = (accessToken: string) => post(t, '/user', {}, { authorization: `Bearer ${accessToken}` });

/** Runs `action` and answers the statuses the mock's token endpoint gave to the api meanwhile. */
async function tokenCalls(action: () => Promise<unknown>): Promise<number[]> {
  const statuses: number[] = [];
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const response = await realFetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    if (new URL(url).pathname === '/token') statuses.push(response.status);
    return response;
  });
  try {
    await action();
  } finally {
    spy.mockRestore();
  }
  return statuses;
}

describe('providers', () => {
  it("lists the configured providers in the brand's login list", async () => {
    const list = async (brand: string) =>
      (await t.app.inject({ url: '/api/v1/auth/social/providers', headers: brandHeaders(brand) })).json();
    expect(await list('delitoonb-fr')).toEqual({
      result: 'SUCCESS',
      data: { providers: ['google', 'facebook', 'twitter'] },
    });
    expect((await list('bom-tw')).data.providers).toEqual(['google', 'facebook']);
    expect((await list('beltoon-jp')).data.providers).toEqual(['google', 'twitter']);
  });

  it('neither lists nor starts a provider without credentials', async () => {
    const googleOnly = await createTestApp({ social: socialConfig(mock.issuer.url ?? '', ['google']) });
    try {
      const list = await googleOnly.app.inject({ url: '/api/v1/auth/social/providers', headers: brandHeaders() });
      expect(list.json().data.providers).toEqual(['google']);
      for (const name of ['facebook', 'twitter', 'apple', 'email']) {
        const res = await post(googleOnly, `/auth/social/${name}/start`, { redirectUri: redirectUri(name) });
        expect(res.statusCode, name).toBe(404);
        expect(res.json().code, name).toBe('NOT_EXIST');
      }
      expect((await start('google', 'delitoonb-fr', googleOnly)).authorizationUrl).toContain(mock.issuer.url);
    } finally {
      await googleOnly.close();
    }
  });

  it('refuses a provider the brand does not offer', async () => {
    const res = await post(t, '/auth/social/twitter/start', { redirectUri: redirectUri('twitter') }, {}, 'bom-tw');
    expect(res.json().code).toBe('NOT_EXIST');
  });
});

describe('start', () => {
  it('answers an authorization URL with state, S256 challenge and, for OpenID Connect, a nonce', async () => {
    const google = await start('google');
    const url = new URL(google.authorizationUrl);
    expect(url.origin).toBe(mock.issuer.url);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'google-client',
      response_type: 'code',
      redirect_uri: redirectUri('google'),
      state: google.state,
      nonce: google.nonce,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(google.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(google.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const facebook = await start('facebook');
    expect(facebook).not.toHaveProperty('nonce');
    expect(new URL(facebook.authorizationUrl).searchParams.get('client_id')).toBe('facebook-client');
    expect(facebook.state).not.toBe(google.state);
  });

  it("refuses a redirect URI outside the web's origins", async () => {
    for (const uri of [
      'https://evil.example/api/auth/callback/google',
      '/api/auth/callback/google',
      'javascript:alert(1)',
      `${WEB}/api/auth/callback/google?next=/my`,
      'http://localhost:3001/api/auth/callback/google',
    ]) {
      const res = await post(t, '/auth/social/google/start', { redirectUri: uri });
      expect(res.json().code, uri).toBe('INVALID_PARAMETER');
    }
  });
});

describe.each(['google', 'facebook', 'twitter'] as const)('%s login', (provider) => {
  it('signs a new person up through the sign-up step, then logs the same account in', async () => {
    const who = person();
    const first = await signIn(provider, who);
    expect(first.statusCode).toBe(200);
    const newUser = first.json().data;
    expect(newUser).toMatchObject({ status: 'NEW_USER', email: who.email, name: who.name });

    const created = await signUp(newUser.signupTicket, 'Nick');
    expect(created.statusCode).toBe(200);
    const auth = created.json().data;
    expect(auth.isSignUp).toBe(true);
    const profile = (await me(auth.accessToken.token)).json().data;
    expect(profile).toMatchObject({
      snsProvider: provider,
      snsId: who.sub,
      email: who.email,
      name: who.name,
      nickname: 'Nick',
      isAgreeMail: true,
    });

    let again: Awaited<ReturnType<typeof signIn>> | undefined;
    expect(await tokenCalls(async () => (again = await signIn(provider, who)))).toEqual([200]);
    if (!again) throw new Error('no answer');
    expect(again.json().data.status).toBe('LOGGED_IN');
    const tokens = again.json().data.auth;
    expect((await me(tokens.accessToken.token)).json().data.id).toBe(profile.id);
    expect(tokens.refreshToken.token).not.toBe(auth.refreshToken.token);
  });

  it('refuses a state that is not the one the web kept, before asking the provider', async () => {
    let res: Awaited<ReturnType<typeof signIn>> | undefined;
    const calls = await tokenCalls(async () => {
      res = await signIn(provider, person(), { expectedState: 'state-of-another-login' });
    });
    expect(res?.statusCode).toBe(401);
    expect(res?.json().code).toBe('Callback');
    expect(calls).toEqual([]);
  });

  it("is refused by the provider when the code verifier is not the login's own", async () => {
    let res: Awaited<ReturnType<typeof signIn>> | undefined;
    const calls = await tokenCalls(async () => {
      res = await signIn(provider, person(), { codeVerifier: 'x'.repeat(43) });
    });
    expect(res?.json().code).toBe('Callback');
    expect(calls).toEqual([400]);
  });
});

describe('callback', () => {
  it("refuses a Google ID token whose nonce is not the login's", async () => {
    const res = await signIn('google', person(), { nonce: 'nonce-of-another-login' });
    expect(res.json().code).toBe('Callback');
  });

  it('answers Callback when the person cancelled at the provider', async () => {
    const begun = await start('facebook');
    const res = await post(t, '/auth/social/facebook/callback', {
      error: 'access_denied',
      state: begun.state,
      expectedState: begun.state,
      codeVerifier: begun.codeVerifier,
      redirectUri: redirectUri('facebook'),
    });
    expect(res.json().code).toBe('Callback');
  });

  it('needs exactly one of code and error', async () => {
    const begun = await start('google');
    const body = {
      state: begun.state,
      expectedState: begun.state,
      codeVerifier: begun.codeVerifier,
      redirectUri: redirectUri('google'),
    };
    expect((await post(t, '/auth/social/google/callback', body)).json().code).toBe('INVALID_PARAMETER');
    const both = await post(t, '/auth/social/google/callback', { ...body, code: 'c', error: 'access_denied' });
    expect(both.json().code).toBe('INVALID_PARAMETER');
  });

  it('does not take an e-mail Google marks unverified', async () => {
    const res = await signIn('google', person({ emailVerified: false }));
    expect(res.json().data).toMatchObject({ status: 'NEW_USER', email: null });
  });

  it('answers ALREADY_USED_EMAIL when an e-mail account of the brand holds the address', async () => {
    const email = `local-${Date.now()}@example.com`;
    const signup = await post(t, '/auth/local/signup', {
      email,
      password: 'Webtoon123',
      passwordConfirm: 'Webtoon123',
      agreeTerms: true,
    });
    const { userId, signUpId } = signup.json().data;
    const mail = (await t.mailTo(email)).at(-1) ?? '';
    const code = mailBody(mail).match(/\b(\d{6})\b/)?.[1] ?? '';
    expect((await post(t, '/auth/local/signup/verify', { userId, signUpId, code })).statusCode).toBe(200);

    const res = await signIn('google', person({ email: email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ALREADY_USED_EMAIL');
    // The same address is free on another brand: accounts are per brand.
    expect((await signIn('google', person({ email }), {}, 'bom-tw')).json().data.status).toBe('NEW_USER');
  });

  it('answers ALREADY_USED_ANOTHER_PLATFORM when another provider account of the brand holds the address', async () => {
    const who = person();
    const first = await signIn('google', who);
    expect((await signUp(first.json().data.signupTicket)).statusCode).toBe(200);
    const res = await signIn('facebook', person({ email: who.email }));
    expect(res.json().code).toBe('ALREADY_USED_ANOTHER_PLATFORM');
  });

  it('answers WITHDRAWAL for a withdrawn account', async () => {
    const who = person();
    const first = await signIn('twitter', who);
    const auth = (await signUp(first.json().data.signupTicket)).json().data;
    const id = (await me(auth.accessToken.token)).json().data.id;
    await t.database.db.update(users).set({ status: 'WITHDRAWN', withdrawnAt: new Date() }).where(eq(users.id, id));
    const res = await signIn('twitter', who);
    expect(res.json().code).toBe('WITHDRAWAL');
  });

  it('answers DELETED_USER to a person who withdrew through the api within 30 days, with or without an e-mail', async () => {
    for (const who of [person(), person({ email: undefined })]) {
      const first = await signIn('google', who);
      const auth = (await signUp(first.json().data.signupTicket)).json().data;
      const withdrawal = await post(
        t,
        '/user/withdrawal',
        { reason: 'Taking a break', confirm: true },
        { authorization: `Bearer ${auth.accessToken.token}` },
      );
      expect(withdrawal.json()).toMatchObject({ result: 'SUCCESS' });
      const again = await signIn('google', who);
      expect(again.json().code).toBe('DELETED_USER');
    }
  });
});

describe('sign-up step', () => {
  it('logs in instead of creating a second account when the ticket is used twice', async () => {
    const ticket = (await signIn('google', person())).json().data.signupTicket;
    const first = (await signUp(ticket)).json().data;
    const second = (await signUp(ticket)).json().data;
    const a = (await me(first.accessToken.token)).json().data.id;
    const b = (await me(second.accessToken.token)).json().data.id;
    expect(b).toBe(a);
  });

  it('refuses a tampered ticket, a ticket of another brand, and missing consent or nickname', async () => {
    const ticket: string = (await signIn('google', person())).json().data.signupTicket;
    const [header, payload = '', signature] = ticket.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = [
      header,
      Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url'),
      signature,
    ].join('.');
    expect((await signUp(forged)).json().code).toBe('INVALID_PARAMETER');
    expect((await signUp(`${ticket}x`)).json().code).toBe('INVALID_PARAMETER');
    expect((await signUp(ticket, 'Reader', 'bom-tw')).json().code).toBe('INVALID_PARAMETER');
    const noConsent = await post(t, '/auth/social/signup', { signupTicket: ticket, agreeTerms: false, nickname: 'Ab' });
    expect(noConsent.json().code).toBe('INVALID_PARAMETER');
    expect((await signUp(ticket, '   ')).json().code).toBe('INVALID_PARAMETER');
    expect((await signUp(ticket, ' A ')).json().code).toBe('INVALID_PARAMETER');
    expect((await signUp(ticket, 'x'.repeat(21))).json().code).toBe('INVALID_PARAMETER');
    // None of these created the account: the ticket still signs up.
    expect((await signUp(ticket)).json().data.isSignUp).toBe(true);
  });
});

describe('helpers', () => {
  it('offers configured providers in the brand order', () => {
    const brand = getBrand('beltoon-jp');
    if (!brand) throw new Error('brand');
    expect(offeredProviders(brand, ['facebook', 'twitter', 'google'])).toEqual(['google', 'twitter']);
    expect(offeredProviders(brand, [])).toEqual([]);
  });

  it('accepts only redirect URIs on the web origins, without query or fragment', () => {
    const origins = ['http://localhost:3000', 'https://delitoon.example'];
    expect(checkRedirectUri('https://delitoon.example/api/auth/callback/google', origins).href).toBe(
      'https://delitoon.example/api/auth/callback/google',
    );
    for (const bad of [
      'https://delitoon.example.evil/api',
      'https://delitoon.example:444/api',
      'http://delitoon.example/api',
      'https://delitoon.example/api#x',
      'https://delitoon.example/api?',
      'https://user@delitoon.example/api',
      'ftp://localhost:3000/x',
      'not a url',
    ]) {
      expect(() => checkRedirectUri(bad, origins), bad).toThrow('INVALID_PARAMETER');
    }
  });

  it('signs tickets that expire after 10 minutes and belong to one brand', async () => {
    const secret = new Uint8Array(32).fill(7);
    const now = new Date('2025-06-01T10:00:00Z');
    const identity = { brandId: 'delitoonb-fr', provider: 'google' as const, subject: '42', email: null, name: 'A' };
    const ticket = await signSignupTicket(secret, identity, now);
    expect(await verifySignupTicket(secret, ticket, 'delitoonb-fr', new Date(now.getTime() + 9 * 60_000))).toEqual(
      identity,
    );
    await expect(
      verifySignupTicket(secret, ticket, 'delitoonb-fr', new Date(now.getTime() + 11 * 60_000)),
    ).rejects.toThrow('TIMEOUT');
    await expect(verifySignupTicket(secret, ticket, 'bom-tw', now)).rejects.toThrow('INVALID_PARAMETER');
    await expect(verifySignupTicket(new Uint8Array(32).fill(8), ticket, 'delitoonb-fr', now)).rejects.toThrow(
      'INVALID_PARAMETER',
    );
  });

  it('configures a provider only with both client id and secret, and its endpoints only on https or loopback', () => {
    const env = { AUTH_SECRET: 'x'.repeat(32), DATA_DIR: '/nonexistent' };
    expect(loadConfig(env).social).toEqual({});
    const social = loadConfig({
      ...env,
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 's',
      FACEBOOK_CLIENT_ID: 'f',
      FACEBOOK_CLIENT_SECRET: '',
      TWITTER_CLIENT_ID: 't',
      TWITTER_CLIENT_SECRET: 's',
      TWITTER_TOKEN_URL: 'http://127.0.0.1:9000/token',
    }).social;
    expect(social).toEqual({
      google: { clientId: 'g', clientSecret: 's', issuer: 'https://accounts.google.com' },
      twitter: {
        clientId: 't',
        clientSecret: 's',
        authorizationUrl: 'https://x.com/i/oauth2/authorize',
        tokenUrl: 'http://127.0.0.1:9000/token',
        userinfoUrl: 'https://api.x.com/2/users/me',
      },
    });
    expect(() => loadConfig({ ...env, GOOGLE_ISSUER: 'http://accounts.example' })).toThrow();
  });

  it('reads the profile of each provider', () => {
    expect(googleProfile({ sub: 'g1', email: 'a@example.com', email_verified: true, name: 'A' })).toEqual({
      subject: 'g1',
      email: 'a@example.com',
      name: 'A',
    });
    expect(googleProfile({ sub: 'g1', email: 'a@example.com', email_verified: false }).email).toBeNull();
    expect(facebookProfile({ id: 1234, name: 'B' })).toEqual({ subject: '1234', email: null, name: 'B' });
    expect(twitterProfile({ data: { id: '99', username: 'c', confirmed_email: 'c@example.com' } })).toEqual({
      subject: '99',
      email: 'c@example.com',
      name: 'c',
    });
    expect(() => twitterProfile({ errors: [] })).toThrow();
    expect(() => googleProfile({})).toThrow();
  });
});
