import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../src/db/schema.js';
import { brandHeaders, mailBody, type TestApp } from '../helper.js';

// Members made the way the web makes them: e-mail sign-up and the mailed code, over HTTP.

let n = 0;
export const newEmail = () => `account${++n}-${Date.now()}@example.com`;
export const newPhone = () => `+336${String(Date.now() % 1e6).padStart(6, '0')}${String(++n % 100).padStart(2, '0')}`;
type Tokens = { accessToken: { token: string }; refreshToken: { token: string } };

/** The text of a mail, quoted-printable (Latin scripts) or base64 (Thai, Chinese…). */
function mailText(raw: string): string {
  const body = raw.slice(raw.search(/\r?\n\r?\n/));
  if (!/Content-Transfer-Encoding: base64/i.test(raw)) return mailBody(body);
  return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
}

/**
 * Calls to the api and members of a test file's app. `app` is read on each call, so the helpers
 * can be made at the top of the file and the app in `beforeAll`.
 */
export function memberHelpers(app: () => TestApp) {
  function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    opts: { token?: string; brand?: string; headers?: Record<string, string> } = {},
  ) {
    return app().app.inject({
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

  /** The code of the last mail to `email`, read from its decoded text (headers hold digits too). */
  async function codeFor(email: string): Promise<string> {
    const code = mailText((await app().mailTo(email)).at(-1) ?? '').match(/(?<!\d)(\d{6})(?!\d)/)?.[1];
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

  /** The member's row as stored. */
  async function row(userId: number) {
    const [r] = await app().database.db.select().from(users).where(eq(users.id, userId));
    if (!r) throw new Error(`no user ${userId}`);
    return r;
  }

  /** The member as POST /user answers it. */
  async function me(token: string, brand?: string) {
    return (await call('POST', '/user', {}, { token, brand })).json().data;
  }

  return { call, codeFor, member, row, me };
}
