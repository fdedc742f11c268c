import { BRANDS, MyPageLink } from '@balcony/contracts';
import { describe, expect, it } from 'vitest';
import { firstParam, loginSuccessPath, viewerReturnPath } from './callbacks';
import { loginErrorField, signUpErrorField } from './form-fields';
import { loginOptions, socialSignInHref } from './login-options';
import { MEMBER_ONLY_LINKS, MY_LINK_HREF, visibleMyLinks } from './my-links';
import { pagePath } from './page-path';
import { checkCode, checkSignUpForm, normalizeCode } from './sign-up';

describe('login and sign-up failures', () => {
  it('ties each failure to the field the reader must fix', () => {
    expect(loginErrorField('EMPTY_EMAIL')).toBe('email');
    expect(loginErrorField('INCORRECT_PASSWORD')).toBe('password');
    expect(loginErrorField('EXCEED_AUTH_COUNT')).toBe('form');
    expect(loginErrorField('WITHDRAWAL')).toBe('form');
    expect(signUpErrorField('ALREADY_USED_EMAIL')).toBe('email');
    expect(signUpErrorField('DELETED_USER')).toBe('email');
    expect(signUpErrorField('INVALID_PW_REGEX')).toBe('password');
    expect(signUpErrorField('TOO_MANY_REQUESTS')).toBe('form');
  });
});

describe('login options', () => {
  it('offers the brand’s methods in its order, social ones only when the api offers them', () => {
    expect(loginOptions(['google', 'facebook', 'twitter', 'email'], ['twitter', 'google'])).toEqual({
      social: ['google', 'twitter'],
      email: true,
    });
    expect(loginOptions(['google', 'email'], [])).toEqual({ social: [], email: true });
    expect(loginOptions(['google'], ['google', 'facebook'])).toEqual({ social: ['google'], email: false });
  });

  it('links a social button to the sign-in path with the way back', () => {
    expect(socialSignInHref('google', '/detail/3?x=1')).toBe(
      '/api/auth/signin/google?callbackUrl=%2Fdetail%2F3%3Fx%3D1',
    );
  });
});

describe('login callbacks', () => {
  it('goes back to the viewer episode, else to a safe callback', () => {
    expect(viewerReturnPath('12', '/my')).toBe('/viewer/12');
    expect(viewerReturnPath('12abc', '/detail/4')).toBe('/detail/4');
    expect(viewerReturnPath(undefined, '//evil.example')).toBe('/');
    expect(viewerReturnPath(undefined, undefined)).toBe('/');
  });

  it('leads sign-up and social sign-up through login-success with a safe return path', () => {
    expect(loginSuccessPath('/my')).toBe('/callback/login-success?callbackUrl=%2Fmy');
    expect(loginSuccessPath('https://evil.example/')).toBe('/callback/login-success?callbackUrl=%2F');
  });

  it('reads the first value of a repeated search parameter', () => {
    expect(firstParam(['a', 'b'])).toBe('a');
    expect(firstParam('a')).toBe('a');
    expect(firstParam(undefined)).toBeUndefined();
  });
});

describe('my page links', () => {
  it('hides the member-only links of spec §6 from visitors', () => {
    const all = MyPageLink.options;
    expect(visibleMyLinks(all, false)).toEqual(['roulette', 'gift', 'cs', 'notice']);
    expect(visibleMyLinks(all, true)).toEqual(all);
    expect([...MEMBER_ONLY_LINKS].sort()).toEqual(['comment', 'coupon', 'history', 'library', 'setting']);
  });

  it('links every entry to a route of spec §2', () => {
    for (const brand of Object.values(BRANDS))
      for (const link of brand.myLinks) expect(MY_LINK_HREF[link]).toMatch(/^\/[a-z]/);
  });
});

describe('page path', () => {
  it('keeps the query of a login-required page as the way back', () => {
    expect(pagePath('/coupon')).toBe('/coupon');
    expect(pagePath('/coupon', {})).toBe('/coupon');
    expect(pagePath('/history/use', { page: '2', porch: 'fb01', none: undefined })).toBe(
      '/history/use?page=2&porch=fb01',
    );
    expect(pagePath('/library/my', { tag: ['a', 'b c'] })).toBe('/library/my?tag=a&tag=b+c');
  });
});

describe('sign-up checks', () => {
  const valid = { email: 'reader@example.fr', password: 'Webtoon42', passwordConfirm: 'Webtoon42', agreeTerms: true };

  it('accepts a complete form', () => {
    expect(checkSignUpForm(valid)).toEqual({});
  });

  it('reports every field to fix with the spec §5 codes', () => {
    expect(checkSignUpForm({ email: '', password: '', passwordConfirm: '', agreeTerms: false })).toEqual({
      email: 'EMPTY_EMAIL',
      password: 'INVALID_PASSWORD',
      agreeTerms: 'TERMS_REQUIRED',
    });
    expect(checkSignUpForm({ ...valid, email: 'a,b@example.fr' }).email).toBe('INVALID_EMAIL');
    expect(checkSignUpForm({ ...valid, email: 'nobody@mailinator.com' }).email).toBe('INVALID_EMAIL');
    expect(checkSignUpForm({ ...valid, email: 'not-an-address' }).email).toBe('INVALID_MAIL_FORM');
    expect(checkSignUpForm({ ...valid, password: 'onlyletters', passwordConfirm: 'onlyletters' }).password).toBe(
      'INVALID_PW_REGEX',
    );
    expect(checkSignUpForm({ ...valid, passwordConfirm: 'Webtoon43' })).toEqual({
      passwordConfirm: 'PASSWORD_MISMATCH',
    });
  });

  it('checks the 6-digit code as typed', () => {
    expect(checkCode('')).toBe('CODE_REQUIRED');
    expect(checkCode('  ')).toBe('CODE_REQUIRED');
    expect(checkCode('12345')).toBe('CODE_FORMAT');
    expect(checkCode('12345a')).toBe('CODE_FORMAT');
    expect(checkCode('123 456')).toBeNull();
    expect(normalizeCode('123-456')).toBe('123456');
  });
});
