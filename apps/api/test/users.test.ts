import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../src/db/schema.js';
import { sha256 } from '../src/modules/auth/tokens.js';
import { createTestApp, type TestApp } from './helper.js';
import { yearsAgo } from './support/clock.js';
import { memberHelpers } from './support/members.js';

// The member's own account: PUT /user (adult birth date, mail agreement, nickname) and the
// adult and BL display toggles.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const { call, member, me } = memberHelpers(() => t);

describe('PUT /user', () => {
  it('ADULT stores an adult birth date and answers a rotated token pair', async () => {
    const m = await member();
    const birthedAt = yearsAgo(30);
    const res = await call(
      'PUT',
      '/user',
      { action: 'ADULT', refreshToken: m.tokens.refreshToken.token, verifyAdultRequest: { birthedAt } },
      { token: m.token },
    );
    expect(res.statusCode).toBe(200);
    const auth = res.json().data.authResponse;
    expect(auth).toMatchObject({ isSignUp: true, accessToken: { token: expect.any(String) } });
    expect(auth.refreshToken.token).not.toBe(m.tokens.refreshToken.token);
    expect(await me(m.token)).toMatchObject({ isAdult: true, birthedAt });

    // The old refresh token was rotated: the new pair works, and past the concurrency grace
    // (backdated here) the old one is refused.
    const renewed = await call('POST', '/auth/refresh', {
      accessToken: auth.accessToken.token,
      refreshToken: auth.refreshToken.token,
    });
    expect(renewed.statusCode).toBe(200);
    await t.database.db
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.tokenHash, sha256(m.tokens.refreshToken.token)));
    const stale = await call('POST', '/auth/refresh', {
      accessToken: m.token,
      refreshToken: m.tokens.refreshToken.token,
    });
    expect(stale.json().code).toBe('EXPIRED_REFRESH_TOKEN');
  });

  it('ADULT refuses a minor with INVALID_PARAMETER and changes nothing', async () => {
    const m = await member();
    const res = await call(
      'PUT',
      '/user',
      {
        action: 'ADULT',
        refreshToken: m.tokens.refreshToken.token,
        verifyAdultRequest: { birthedAt: yearsAgo(18, 1) },
      },
      { token: m.token },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_PARAMETER');
    expect(await me(m.token)).toMatchObject({ isAdult: false, birthedAt: null });
    // The refresh token was not consumed.
    const refreshed = await call('POST', '/auth/refresh', {
      accessToken: m.token,
      refreshToken: m.tokens.refreshToken.token,
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('ADULT turns 18 on the birthday itself and refuses impossible dates', async () => {
    const m = await member();
    const put = (birthedAt: string, refreshToken: string) =>
      call('PUT', '/user', { action: 'ADULT', refreshToken, verifyAdultRequest: { birthedAt } }, { token: m.token });
    for (const bad of ['2001-02-29', '1800-01-01', yearsAgo(-1)]) {
      expect((await put(bad, m.tokens.refreshToken.token)).json().code, bad).toBe('INVALID_PARAMETER');
    }
    // Today in Paris, 18 years ago (run near midnight UTC the zones may differ by a day: use the brand's date).
    const paris = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    const eighteen = `${Number(paris.slice(0, 4)) - 18}${paris.slice(4)}`;
    if (!eighteen.endsWith('-02-29')) {
      expect((await put(eighteen, m.tokens.refreshToken.token)).statusCode).toBe(200);
    }
  });

  it('ADULT uses the adult age of the brand (20 on bom-th)', async () => {
    const thai = await member({ brand: 'bom-th' });
    const res = await call(
      'PUT',
      '/user',
      {
        action: 'ADULT',
        refreshToken: thai.tokens.refreshToken.token,
        verifyAdultRequest: { birthedAt: yearsAgo(19, 0, 'bom-th') },
      },
      { token: thai.token, brand: 'bom-th' },
    );
    expect(res.json().code).toBe('INVALID_PARAMETER');
    const ok = await call(
      'PUT',
      '/user',
      {
        action: 'ADULT',
        refreshToken: thai.tokens.refreshToken.token,
        verifyAdultRequest: { birthedAt: yearsAgo(21, 0, 'bom-th') },
      },
      { token: thai.token, brand: 'bom-th' },
    );
    expect(ok.statusCode).toBe(200);
  });

  it('MAIL sets the mail agreement', async () => {
    const m = await member();
    const on = await call(
      'PUT',
      '/user',
      { action: 'MAIL', refreshToken: m.tokens.refreshToken.token, agreeMailRequest: { isAgreeMail: true } },
      { token: m.token },
    );
    expect(on.statusCode).toBe(200);
    expect((await me(m.token)).isAgreeMail).toBe(true);
    const next = on.json().data.authResponse.refreshToken.token;
    await call(
      'PUT',
      '/user',
      { action: 'MAIL', refreshToken: next, agreeMailRequest: { isAgreeMail: false } },
      { token: m.token },
    );
    expect((await me(m.token)).isAgreeMail).toBe(false);
  });

  it('PROFILE sets a trimmed nickname and refuses one outside the rules', async () => {
    const m = await member();
    const put = (nickname: string, refreshToken = m.tokens.refreshToken.token) =>
      call('PUT', '/user', { action: 'PROFILE', refreshToken, profileRequest: { nickname } }, { token: m.token });
    for (const bad of ['x', 'a'.repeat(21), 'ab\u202ecd', 'line\nbreak', '   ']) {
      expect((await put(bad)).json().code, JSON.stringify(bad)).toBe('INVALID_PARAMETER');
    }
    const res = await put('  Lectrice 42  ');
    expect(res.statusCode).toBe(200);
    expect((await me(m.token)).nickname).toBe('Lectrice 42');
  });

  it('refuses a body without the part of its action', async () => {
    const m = await member();
    const res = await call(
      'PUT',
      '/user',
      { action: 'PROFILE', refreshToken: m.tokens.refreshToken.token, agreeMailRequest: { isAgreeMail: true } },
      { token: m.token },
    );
    expect(res.json().code).toBe('INVALID_PARAMETER');
  });

  it('needs a login and a refresh token of the caller; another user is never changed', async () => {
    const a = await member();
    const b = await member();
    const body = (refreshToken: string) => ({
      action: 'PROFILE',
      refreshToken,
      profileRequest: { nickname: 'Intruder' },
    });
    expect((await call('PUT', '/user', body(a.tokens.refreshToken.token))).json().code).toBe('NOT_LOGIN_USER');
    const crossed = await call('PUT', '/user', body(b.tokens.refreshToken.token), { token: a.token });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json().code).toBe('NOT_FOUND_REFRESH_TOKEN');
    expect((await me(a.token)).nickname).toBeNull();
    expect((await me(b.token)).nickname).toBeNull();
    // b's session is intact.
    const refreshed = await call('POST', '/auth/refresh', {
      accessToken: b.token,
      refreshToken: b.tokens.refreshToken.token,
    });
    expect(refreshed.statusCode).toBe(200);
    expect((await call('PUT', '/user', body('unknown'), { token: a.token })).json().code).toBe(
      'NOT_FOUND_REFRESH_TOKEN',
    );
  });
});

describe('adult and BL toggles', () => {
  it('turns adult display on only for an adult, off for anyone', async () => {
    const m = await member();
    const minor = await call('PUT', '/user/adult/toggle/true', undefined, { token: m.token });
    expect(minor.statusCode).toBe(403);
    expect(minor.json().code).toBe('ADULT_ONLY_CONTENTS');
    expect((await call('PUT', '/user/adult/toggle/false', undefined, { token: m.token })).json().data.showAdult).toBe(
      false,
    );

    await call(
      'PUT',
      '/user',
      { action: 'ADULT', refreshToken: m.tokens.refreshToken.token, verifyAdultRequest: { birthedAt: yearsAgo(25) } },
      { token: m.token },
    );
    const on = await call('PUT', '/user/adult/toggle/true', undefined, { token: m.token });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ id: m.userId, showAdult: true, isAdult: true });
    const off = await call('PUT', '/user/adult/toggle/false', undefined, { token: m.token });
    expect(off.json().data.showAdult).toBe(false);
  });

  it('needs a birth date on the brands that require one (bom-tw)', async () => {
    const m = await member({ brand: 'bom-tw' });
    await t.database.db.update(users).set({ isAdult: true }).where(eq(users.id, m.userId));
    const res = await call('PUT', '/user/adult/toggle/true', undefined, { token: m.token, brand: 'bom-tw' });
    expect(res.json().code).toBe('ADULT_ONLY_CONTENTS');
    await t.database.db.update(users).set({ birthedAt: '1990-05-05' }).where(eq(users.id, m.userId));
    expect(
      (await call('PUT', '/user/adult/toggle/true', undefined, { token: m.token, brand: 'bom-tw' })).statusCode,
    ).toBe(200);
  });

  it('asks a Korean-IP user for the Korean identity check, not the birth date', async () => {
    const m = await member();
    await t.database.db
      .update(users)
      .set({ isAdult: true, birthedAt: '1990-05-05', isKrIpUser: true })
      .where(eq(users.id, m.userId));
    expect((await call('PUT', '/user/adult/toggle/true', undefined, { token: m.token })).json().code).toBe(
      'ADULT_ONLY_CONTENTS',
    );
    await t.database.db.update(users).set({ isAdultKr: true }).where(eq(users.id, m.userId));
    expect((await call('PUT', '/user/adult/toggle/true', undefined, { token: m.token })).statusCode).toBe(200);
  });

  it('sets the BL toggle of the caller only', async () => {
    const a = await member();
    const b = await member();
    const off = await call('PUT', '/user/BL/toggle/false', undefined, { token: a.token });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ id: a.userId, isBlToggle: false });
    expect((await me(b.token)).isBlToggle).toBe(true);
    expect((await call('PUT', '/user/BL/toggle/true', undefined, { token: a.token })).json().data.isBlToggle).toBe(
      true,
    );
  });

  it('refuses other values and visitors', async () => {
    const m = await member();
    expect((await call('PUT', '/user/BL/toggle/yes', undefined, { token: m.token })).json().code).toBe(
      'INVALID_PARAMETER',
    );
    expect((await call('PUT', '/user/adult/toggle/1', undefined, { token: m.token })).json().code).toBe(
      'INVALID_PARAMETER',
    );
    expect((await call('PUT', '/user/BL/toggle/false')).json().code).toBe('NOT_LOGIN_USER');
  });
});
