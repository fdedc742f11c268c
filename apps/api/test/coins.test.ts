import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';
import { memberHelpers } from './support/members.js';

// Coin balances and coin use of a member.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { call, member } = memberHelpers(() => t);

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
