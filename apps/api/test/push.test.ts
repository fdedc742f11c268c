import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';
import { memberHelpers } from './support/members.js';

// Push notification settings: PUT /app/push.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { call, member } = memberHelpers(() => t);

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
