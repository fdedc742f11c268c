import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema.js';
import { createTestApp, type TestApp } from './helper.js';
import { later, MINUTE } from './support/clock.js';
import { memberHelpers, newEmail, newPhone } from './support/members.js';

// Phone numbers: the number given at sign-up (one account per brand) and the password reset by
// SMS it allows.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});
const { call, member, row } = memberHelpers(() => t);

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
