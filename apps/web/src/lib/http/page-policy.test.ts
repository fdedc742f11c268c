import { describe, expect, it } from 'vitest';
import {
  asksConsent,
  CONSENT_COOKIE,
  contentSecurityPolicy,
  formatConsent,
  grantedCategories,
  PAGE_COOKIE_CATEGORY,
  PAGE_COOKIES,
  pageCookieWrites,
  parseConsent,
} from '../../../page-policy.mjs';
import { COOKIES } from '../session/cookies';

describe('contentSecurityPolicy', () => {
  it('allows scripts only with the nonce and forbids framing', () => {
    const policy = contentSecurityPolicy('abc', false);
    expect(policy).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-eval');
    expect(contentSecurityPolicy('abc', true)).toContain("'unsafe-eval'");
  });
});

describe('consent (decision 0263)', () => {
  it('asks on the brands run from France and Germany, delitoon-me included, and nowhere else', () => {
    for (const id of ['delitoonb-fr', 'delitoon-fr', 'delitoon-de', 'delitoonb-de', 'delitoonx-fr', 'delitoon-me']) {
      expect(asksConsent(id)).toBe(true);
    }
    for (const id of ['bom-tw', 'bom-th', 'beltoon-jp']) expect(asksConsent(id)).toBe(false);
  });

  it('writes and reads a choice, and ignores a cookie that is not one', () => {
    expect(formatConsent({ measurement: false, marketing: false })).toBe('necessary');
    expect(formatConsent({ measurement: true, marketing: true })).toBe('necessary.measurement.marketing');
    expect(parseConsent('necessary.marketing')).toEqual({ measurement: false, marketing: true });
    for (const bad of [undefined, '', 'yes', 'measurement', 'necessary.ads', 'necessary.marketing.marketing']) {
      expect(parseConsent(bad)).toBeNull();
    }
  });

  it('grants every category where no consent is asked, only the necessary ones before a choice', () => {
    expect([...grantedCategories(false, undefined)].sort()).toEqual(['marketing', 'measurement', 'necessary']);
    expect([...grantedCategories(true, undefined)]).toEqual(['necessary']);
    expect([...grantedCategories(true, 'garbage')]).toEqual(['necessary']);
    expect([...grantedCategories(true, 'necessary.measurement')].sort()).toEqual(['measurement', 'necessary']);
  });
});

describe('pageCookieWrites', () => {
  const none = () => undefined;
  const jar =
    (cookies: Record<string, string>) =>
    (name: string): string | undefined =>
      cookies[name];

  it('writes the marketing code, a device id and the pages where everything is allowed', () => {
    const writes = pageCookieWrites(none, '/home', 'spring-ad');
    expect(writes.map(([which]) => which)).toEqual(['csrf', 'porch', 'fingerprint', 'currentPage']);
    expect(PAGE_COOKIES.porch.maxAge).toBe(7200);
    expect(PAGE_COOKIES.fingerprint.maxAge).toBe(86400);
    expect(pageCookieWrites(none, '/home', 'not a code!').map(([which]) => which)).not.toContain('porch');
  });

  it('keeps the previous page when the reader moves', () => {
    const writes = pageCookieWrites(jar({ balcony_csrf: 's', fp: 'd', current_page: '/home' }), '/detail/3', null);
    expect(writes).toEqual([
      ['previousPage', '/home'],
      ['currentPage', '/detail/3'],
    ]);
  });

  it('writes nothing before consent, and expires what a withdrawn consent allowed', () => {
    const secretHeld = jar({ balcony_csrf: 's' });
    expect(pageCookieWrites(secretHeld, '/home', 'spring-ad', grantedCategories(true, undefined))).toEqual([]);
    const measurement = grantedCategories(true, 'necessary.measurement');
    expect(pageCookieWrites(secretHeld, '/home', 'spring-ad', measurement).map(([which]) => which)).toEqual([
      'fingerprint',
      'currentPage',
    ]);
    const held = jar({ balcony_csrf: 's', fp: 'd', porch: 'old', current_page: '/home', prev_page: '/' });
    expect(pageCookieWrites(held, '/home', null, grantedCategories(true, 'necessary'))).toEqual([
      ['porch', null],
      ['fingerprint', null],
      ['previousPage', null],
      ['currentPage', null],
    ]);
  });

  it('gives a browser without one a CSRF secret with the page, consent or not, and keeps the one it has', () => {
    const writes = pageCookieWrites(none, '/user/login', null, grantedCategories(true, undefined));
    expect(writes.map(([which]) => which)).toEqual(['csrf']);
    const secret = writes[0]?.[1];
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(pageCookieWrites(none, '/', null)[0]?.[1]).not.toBe(secret);
    expect(pageCookieWrites(jar({ balcony_csrf: 's' }), '/', null).map(([w]) => w)).not.toContain('csrf');
    expect(COOKIES.csrf).toEqual({ name: 'balcony_csrf', maxAge: 86400, httpOnly: true });
  });
});

describe('the cookies of spec §4/§9', () => {
  it('live as long as the spec says, and only the marketing and measurement ones wait for consent', () => {
    expect(COOKIES.porch.maxAge).toBe(7200);
    expect(COOKIES.checked.maxAge).toBe(600);
    expect(COOKIES.fingerprint.maxAge).toBe(86400);
    expect(COOKIES.isSignUp.maxAge).toBe(3600);
    expect(PAGE_COOKIE_CATEGORY).toEqual({
      csrf: 'necessary',
      porch: 'marketing',
      fingerprint: 'measurement',
      previousPage: 'measurement',
      currentPage: 'measurement',
    });
    // The choice itself is a necessary cookie the banner reads and writes.
    expect(CONSENT_COOKIE).toEqual({ name: 'consent', maxAge: 180 * 24 * 3600, httpOnly: false });
  });
});
