import { PlatformId } from '@balcony/contracts';
import { describe, expect, it } from 'vitest';
import { brandsFor, pickBrand } from './brands';
import { ADMIN_COOKIES, adminCookieOptions, localPath, secondsUntil } from './cookies';
import { failCodeOf, isExplained } from './errors';
import { NAV, navFor, navItemOf } from './nav';
import { sameOriginWrite } from './origin';

describe('navFor', () => {
  const keys = (roles: Parameters<typeof navFor>[0]) => navFor(roles).map((item) => item.key);

  it('shows an owner every area, in menu order', () => {
    expect(keys(['OWNER'])).toEqual(NAV.map((item) => item.key));
  });

  it('shows each role only its own areas', () => {
    expect(keys(['CONTENT'])).toEqual(['content', 'home', 'events']);
    expect(keys(['SUPPORT'])).toEqual(['support']);
    expect(keys(['FINANCE'])).toEqual(['dashboard', 'shop', 'rewards', 'operations']);
    expect(keys(['SUPPORT', 'FINANCE'])).toEqual(['dashboard', 'shop', 'rewards', 'support', 'operations']);
  });

  it('never shows the audit log or the admins to a non-owner', () => {
    for (const role of ['CONTENT', 'SUPPORT', 'FINANCE'] as const) {
      expect(keys([role])).not.toContain('audit');
      expect(keys([role])).not.toContain('accounts');
    }
    expect(keys([])).toEqual([]);
  });

  it('finds the area of a path, and not of a path that only starts alike', () => {
    expect(navItemOf('/support')?.key).toBe('support');
    expect(navItemOf('/content/series/3')?.key).toBe('content');
    expect(navItemOf('/supporters')).toBeUndefined();
  });
});

describe('brands', () => {
  it('allows all nine brands when none is named', () => {
    expect(brandsFor([]).map((b) => b.id)).toEqual([...PlatformId.options]);
  });

  it('keeps the picked brand only when the admin may use it', () => {
    expect(pickBrand('bom-th', [])?.id).toBe('bom-th');
    expect(pickBrand('bom-th', ['delitoon-de', 'beltoon-jp'])?.id).toBe('delitoon-de');
    expect(pickBrand(undefined, ['beltoon-jp'])?.id).toBe('beltoon-jp');
    expect(pickBrand('nope', [])?.id).toBe(PlatformId.options[0]);
    expect(pickBrand(undefined, ['gone'])).toBeNull();
  });
});

describe('cookies', () => {
  it('are httpOnly, SameSite=Strict, on the whole site, Secure only over https', () => {
    expect(adminCookieOptions(true, 60)).toEqual({
      httpOnly: true,
      sameSite: 'strict',
      secure: true,
      path: '/',
      maxAge: 60,
    });
    expect(adminCookieOptions(false, 60).secure).toBe(false);
    expect(adminCookieOptions(false, -5).maxAge).toBe(0);
    expect(ADMIN_COOKIES.session).toBe('balcony_admin');
    expect(ADMIN_COOKIES.brand).toBe('balcony_admin_brand');
  });

  it('last as long as the session: Max-Age from its expiresAt', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(secondsUntil('2026-01-01T08:00:00Z', now)).toBe(8 * 3600);
    expect(secondsUntil('2025-12-31T23:00:00Z', now)).toBe(0);
    expect(secondsUntil('not a date', now)).toBe(0);
  });

  it('send a form back only to a local path', () => {
    expect(localPath('/audit?page=2')).toBe('/audit?page=2');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'audit', '', null, '/a\nb']) {
      expect(localPath(bad)).toBe('/');
    }
  });
});

describe('sameOriginWrite', () => {
  const headers = (origin: string | null, host = 'admin.example:3001') =>
    new Headers({ host, ...(origin !== null && { origin }) });

  it('accepts a write from this very origin only', () => {
    expect(sameOriginWrite(headers('http://admin.example:3001'))).toBe(true);
    expect(sameOriginWrite(headers('https://admin.example:3001'))).toBe(true);
    expect(sameOriginWrite(headers('http://evil.example'))).toBe(false);
    expect(sameOriginWrite(headers('http://admin.example:3000'))).toBe(false);
    expect(sameOriginWrite(headers('null'))).toBe(false);
    expect(sameOriginWrite(headers(null))).toBe(false);
  });
});

describe('errors', () => {
  it('reads the code of a failure envelope only', () => {
    expect(failCodeOf({ result: 'FAIL', code: 'FORBIDDEN', message: 'x' })).toBe('FORBIDDEN');
    expect(failCodeOf({ result: 'SUCCESS', data: null })).toBeNull();
    expect(failCodeOf('FAIL')).toBeNull();
    expect(failCodeOf(null)).toBeNull();
  });

  it('explains the login failures in words', () => {
    for (const code of ['INCORRECT_PASSWORD', 'EXCEED_AUTH_COUNT', 'FREQUENT_REQUEST'])
      expect(isExplained(code)).toBe(true);
    expect(isExplained('SOMETHING_ELSE')).toBe(false);
  });
});
