import { describe, expect, it } from 'vitest';
import { loginRedirect, safeReturnPath, sameSitePath, withPorch } from './redirects';

describe('login redirect rules (spec §2)', () => {
  it('carries the encoded return path in callback', () => {
    expect(loginRedirect({ currentPath: '/library/my', returnPath: '/library/my?tab=rent' })).toBe(
      '/user/login?callback=%2Flibrary%2Fmy%3Ftab%3Drent',
    );
  });

  it('leaves callback empty when the return path is the login-error route', () => {
    expect(loginRedirect({ currentPath: '/callback/login-error', returnPath: '/callback/login-error?error=x' })).toBe(
      '/user/login?callback=',
    );
  });

  it('does not redirect when already on the login route', () => {
    expect(loginRedirect({ currentPath: '/user/login', returnPath: '/my' })).toBeNull();
  });

  it('carries the porch marketing code into the callback path', () => {
    expect(loginRedirect({ currentPath: '/coupon', returnPath: '/coupon', porch: 'fb01' })).toBe(
      `/user/login?callback=${encodeURIComponent('/coupon?porch=fb01')}`,
    );
    expect(withPorch('/a?porch=x', 'y')).toBe('/a?porch=x');
  });

  it('never returns to another site', () => {
    expect(safeReturnPath('https://evil.example/')).toBe('/');
    expect(safeReturnPath('//evil.example/')).toBe('/');
    expect(safeReturnPath('/\\evil.example/')).toBe('/');
    expect(safeReturnPath(null, '/my')).toBe('/my');
    expect(loginRedirect({ currentPath: '/my', returnPath: '//evil.example' })).toBe('/user/login?callback=%2F');
  });
});

describe('return addresses (the one gate of callbackUrl and callback)', () => {
  // Values as a route sees them, i.e. after the query string was decoded once.
  const offSite: ReadonlyArray<readonly [string, string]> = [
    ['tab after the first slash (browsers drop it: //host)', '/\t/evil.example'],
    ['newline after the first slash', '/\n/evil.example'],
    ['carriage return after the first slash', '/\r/evil.example'],
    ['tab inside a later segment', '/ok/\tx'],
    ['delete character', '/\u007f/evil.example'],
    ['NUL', '/\u0000/evil.example'],
    ['backslash host', '\\\\evil.example'],
    ['slash backslash host', '/\\evil.example'],
    ['backslash later in the path', '/a\\b'],
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with a path', '//evil.example/login'],
    ['three slashes', '///evil.example'],
    ['dot segment folding into //', '/.//evil.example'],
    ['dot-dot segment folding into //', '/a/..//evil.example'],
    ['encoded dot segments folding into //', '/%2e%2e//evil.example'],
    ['%2F%2F decoded once by the route', decodeURIComponent('%2F%2Fevil.example')],
    ['%2F%2F decoded twice (sent as %252F%252F)', decodeURIComponent('%252F%252Fevil.example')],
    ['absolute https', 'https://evil.example'],
    ['absolute, scheme in capitals', 'HTTPS://evil.example'],
    ['absolute http on the same path', 'http://evil.example/my'],
    ['scheme without slashes', 'http:evil.example'],
    ['javascript', 'javascript:alert(1)'],
    ['javascript, mixed case', 'JaVaScRiPt:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['leading space', ' /x'],
    ['leading tab', '\t/x'],
    ['relative without a slash', 'evil.example'],
    ['empty', ''],
    ['the string null', 'null'],
  ];

  it.each(offSite)('refuses %s', (_name, value) => {
    expect(sameSitePath(value)).toBeNull();
    expect(safeReturnPath(value)).toBe('/');
    expect(safeReturnPath(value, '/callback/logout-success')).toBe('/callback/logout-success');
    expect(loginRedirect({ currentPath: '/my', returnPath: value })).toBe('/user/login?callback=%2F');
  });

  it('refuses null and undefined', () => {
    expect(safeReturnPath(null)).toBe('/');
    expect(safeReturnPath(undefined, '/my')).toBe('/my');
  });

  const onSite: ReadonlyArray<readonly [string, string]> = [
    ['/', '/'],
    ['/my', '/my'],
    ['/library/my?tab=rent', '/library/my?tab=rent'],
    ['/detail/12?episode=3&porch=fb01#ep-3', '/detail/12?episode=3&porch=fb01#ep-3'],
    ['/search?q=%E6%BC%AB%E7%94%BB', '/search?q=%E6%BC%AB%E7%94%BB'],
    ['/search?q=漫画', '/search?q=%E6%BC%AB%E7%94%BB'],
    ['/a/./b/../c?x=1', '/a/c?x=1'],
    ['/callback/login-error?error=x', '/callback/login-error?error=x'],
    // Encoded slashes and tabs stay encoded: one segment of a path of this site.
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/%09/evil.example', '/%09/evil.example'],
    ['/?next=//evil.example', '/?next=//evil.example'],
  ];

  it.each(onSite)('keeps %s as %s', (value, expected) => {
    expect(safeReturnPath(value, '/fallback')).toBe(expected);
  });

  it('answers a path that it accepts again unchanged and that stays on the site', () => {
    for (const [value] of onSite) {
      const once = safeReturnPath(value);
      expect(safeReturnPath(once)).toBe(once);
      expect(new URL(once, 'https://site.example').origin).toBe('https://site.example');
    }
  });
});
