import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helper.js';
import { memberHelpers, newEmail } from './support/members.js';

// Spec §8 codes that no other API test asked for (decision 0274): each answered where the spec
// means it. The codes of the carrier identity check and the iOS guest's move are in
// korea.test.ts and apple-migrate.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { call, member } = memberHelpers(() => t);

describe('login codes', () => {
  it('DUPLICATE_LOGIN: more than 10 new sessions of one account within an hour (retry in 1 h)', async () => {
    const m = await member();
    // The sign-up's verification opened the first session.
    for (let i = 0; i < 9; i++) {
      const res = await call('POST', '/auth/local/login', { email: m.email, password: m.password });
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await call('POST', '/auth/local/login', { email: m.email, password: m.password });
    expect(refused.json()).toMatchObject({ result: 'FAIL', code: 'DUPLICATE_LOGIN' });
    expect(refused.statusCode).toBe(429);
  });

  it('NOT_LOCAL_LOGIN_USER: an account of a social provider has no password here', async () => {
    const email = newEmail();
    await t.database.db
      .insert(users)
      .values({ brandId: 'delitoonb-fr', email, snsProvider: 'google', snsId: `sub-${email}`, status: 'ACTIVE' });
    const login = await call('POST', '/auth/local/login', { email, password: 'Webtoon123' });
    expect(login.json().code).toBe('NOT_LOCAL_LOGIN_USER');
    const reset = await call('POST', '/auth/local/reset/mail', { email });
    expect(reset.json().code).toBe('NOT_LOCAL_LOGIN_USER');
  });
});
