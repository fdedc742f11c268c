import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MemberContext } from '../src/context.js';
import { appPushTokens, notifications, pushSubscriptions, users, withdrawnEmails } from '../src/db/schema.js';
import { withdraw } from '../src/modules/account/service.js';
import { createTokenSigner } from '../src/modules/auth/tokens.js';
import { createTestApp, type TestApp } from './helper.js';
import { DAY, later, MINUTE } from './support/clock.js';
import { serviceContext } from './support/context.js';
import { memberHelpers, newPhone } from './support/members.js';

// Withdrawal: POST /user/withdrawal erases the member's personal data and ends their sessions.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});
const { call, member, row } = memberHelpers(() => t);

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
    const browser = { endpoint: 'https://push.example.com/withdrawing', keys: { p256dh: 'p', auth: 'a' } };
    expect((await call('POST', '/notifications/push', browser, { token: m.token })).statusCode).toBe(200);
    await t.database.db.insert(appPushTokens).values({ userId: m.userId, service: 'FCM', token: 'withdrawing-app' });
    await t.database.db.insert(notifications).values({
      brandId: 'delitoonb-fr',
      userId: m.userId,
      kind: 'CONTACT_ANSWER',
      dedupeKey: 'withdrawal-test',
      subject: 'Your question was answered',
      pushAt: new Date(),
    });

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
    // Nothing more is pushed to the browsers they used, and their notifications are gone.
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.userId))).toEqual(
      [],
    );
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, m.userId))).toEqual([]);
    expect(await t.database.db.select().from(appPushTokens).where(eq(appPushTokens.userId, m.userId))).toEqual([]);
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
    const m = await member();
    const ctx: MemberContext = {
      ...serviceContext(t),
      user: { ...(await row(m.userId)), id: 2_000_000_000 },
      authTime: new Date(),
    };
    await expect(withdraw(ctx, body('Webtoon123'))).rejects.toMatchObject({ code: 'NOT_FOUND_USER' });
  });
});
