import { describe, expect, it } from 'vitest';
import { loginRedirect, safeReturnPath, withPorch } from './redirects';

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
