import { describe, expect, it } from 'vitest';
import {
  ageOn,
  ChangePasswordRequest,
  CommentInput,
  commentInput,
  DENIED_EMAIL_DOMAINS,
  EmailLoginRequest,
  firstErrorCode,
  isEmpty,
  isOfAge,
  normalizeCouponCode,
  passwordChecks,
  SignUpRequest,
  validateBirthday,
  validateComment,
  validateContactImages,
  validateCouponCode,
  validateEmailFormat,
  validateLoginPassword,
  validateMileageExchange,
  validateNewPassword,
  validatePassword,
  validatePasswordConfirmation,
  validateRequiredAgreements,
  validateSignUpEmail,
} from './validators.js';

const ok = { ok: true };
const failed = (code: string) => ({ ok: false, code });

describe('isEmpty (spec §5)', () => {
  it.each([null, undefined, 'null', 'undefined', '', []])('%j is empty', (v) => {
    expect(isEmpty(v)).toBe(true);
  });

  it.each([0, false, ' ', 'a', 'Null', [0], {}, Number.NaN])('%j is a value', (v) => {
    expect(isEmpty(v)).toBe(false);
  });
});

describe('sign-up e-mail', () => {
  it.each(['reader@example.com', 'First.Last+tag@Example.COM', 'a@b.co', "o'brien@mail.example.fr"])(
    'accepts %s',
    (email) => expect(validateSignUpEmail(email)).toEqual(ok),
  );

  it('asks for an address when blank', () => {
    expect(validateSignUpEmail('')).toEqual(failed('EMPTY_EMAIL'));
    expect(validateSignUpEmail('   ')).toEqual(failed('EMPTY_EMAIL'));
  });

  it.each(['not-an-email', 'a@b', '@example.com', 'a@', 'a..b@example.com', '.a@example.com', 'a b@example.com'])(
    'refuses the malformed %j with INVALID_MAIL_FORM',
    (email) => expect(validateSignUpEmail(email)).toEqual(failed('INVALID_MAIL_FORM')),
  );

  it('refuses a comma with INVALID_EMAIL, even where the rest is malformed', () => {
    expect(validateSignUpEmail('a,b@example.com')).toEqual(failed('INVALID_EMAIL'));
    expect(validateSignUpEmail('a@example.com,b@example.com')).toEqual(failed('INVALID_EMAIL'));
    expect(validateSignUpEmail(',')).toEqual(failed('INVALID_EMAIL'));
  });

  it('refuses denied domains whatever their case, and their subdomains', () => {
    expect(DENIED_EMAIL_DOMAINS).toContain('mailinator.com');
    expect(validateSignUpEmail('x@mailinator.com')).toEqual(failed('INVALID_EMAIL'));
    expect(validateSignUpEmail('x@MaIlInAtOr.CoM')).toEqual(failed('INVALID_EMAIL'));
    expect(validateSignUpEmail('x@eu.yopmail.fr')).toEqual(failed('INVALID_EMAIL'));
    expect(validateSignUpEmail('x@notmailinator.com')).toEqual(ok);
  });

  it('checks only the format at login', () => {
    expect(validateEmailFormat('x@mailinator.com')).toEqual(ok);
    expect(validateEmailFormat('nope')).toEqual(failed('INVALID_MAIL_FORM'));
  });
});

describe('passwords', () => {
  it('asks for a password when empty', () => {
    expect(validatePassword('')).toEqual(failed('INVALID_PASSWORD'));
  });

  it('needs 8 to 20 characters', () => {
    expect(validatePassword('abcdef1')).toEqual(failed('INVALID_PW_REGEX')); // 7
    expect(validatePassword('abcdefg1')).toEqual(ok); // 8
    expect(validatePassword(`${'a'.repeat(19)}1`)).toEqual(ok); // 20
    expect(validatePassword(`${'a'.repeat(20)}1`)).toEqual(failed('INVALID_PW_REGEX')); // 21
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validatePassword('😀😀😀😀😀😀😀a')).toEqual(ok); // 8 characters, 15 units
    expect(validatePassword(`${'😀'.repeat(19)}a`)).toEqual(ok); // 20 characters, 39 units
  });

  it.each(['abcdefgh', 'ABCDEFGH', 'AbCdEfGh', '12345678', '!@#$%^&*'])('refuses %s: one class only', (pw) => {
    expect(validatePassword(pw)).toEqual(failed('INVALID_PW_REGEX'));
  });

  it.each(['abcdefg1', 'abcdefg!', '1234567!', 'Webtoon123', 'éèàçùâêî1'])('accepts %s: two classes or more', (pw) => {
    expect(validatePassword(pw)).toEqual(ok);
  });

  it('refuses spaces and control characters', () => {
    expect(validatePassword('abc defg1')).toEqual(failed('INVALID_PW_REGEX'));
    expect(validatePassword('abcdefg1\t')).toEqual(failed('INVALID_PW_REGEX'));
  });

  it('lets the older 6-character passwords log in', () => {
    expect(validateLoginPassword('')).toEqual(failed('INVALID_PASSWORD'));
    expect(validateLoginPassword('abcde')).toEqual(failed('INVALID_PW_REGEX'));
    expect(validateLoginPassword('abcdef')).toEqual(ok);
    expect(validateLoginPassword('a'.repeat(20))).toEqual(ok);
    expect(validateLoginPassword('a'.repeat(21))).toEqual(failed('INVALID_PW_REGEX'));
  });

  it('needs a matching confirmation', () => {
    expect(validatePasswordConfirmation('Webtoon123', 'Webtoon123')).toEqual(ok);
    expect(validatePasswordConfirmation('Webtoon123', 'Webtoon124')).toEqual(failed('INVALID_PARAMETER'));
    expect(validatePasswordConfirmation('Webtoon123', '')).toEqual(failed('INVALID_PARAMETER'));
  });

  it('needs a new password different from the old one', () => {
    expect(validateNewPassword('Webtoon123', 'Webtoon123')).toEqual(failed('EQUAL_PASSWORD'));
    expect(validateNewPassword('Webtoon123', 'webtoon123')).toEqual(ok);
  });

  it('reports each rule on its own for live feedback', () => {
    expect(passwordChecks('')).toEqual({ length: false, classes: false, noSpaces: true });
    expect(passwordChecks('abcdefgh')).toEqual({ length: true, classes: false, noSpaces: true });
    expect(passwordChecks('abc1')).toEqual({ length: false, classes: true, noSpaces: true });
    expect(passwordChecks('abc defg1')).toEqual({ length: true, classes: true, noSpaces: false });
    expect(passwordChecks('!!!!1111')).toEqual({ length: true, classes: true, noSpaces: true });
    expect(passwordChecks(`${'a'.repeat(20)}1`).length).toBe(false);
  });

  it('agrees with validatePassword: all rules met is valid', () => {
    for (const pw of ['abcdefg1', 'abc defg1', 'abcdefgh', 'Webtoon!', '12345678', 'a1', `${'😀'.repeat(19)}a`]) {
      const c = passwordChecks(pw);
      expect(validatePassword(pw).ok, pw).toBe(c.length && c.classes && c.noSpaces);
    }
  });
});

describe('comments', () => {
  it.each(['', '   ', '\n\t '])('refuses the blank %j', (text) => {
    expect(validateComment(text, [])).toEqual(failed('INVALID_PARAMETER'));
  });

  it('allows 500 characters and refuses 501', () => {
    expect(validateComment('x'.repeat(500), [])).toEqual(ok);
    expect(validateComment('x'.repeat(501), [])).toEqual(failed('INVALID_PARAMETER'));
  });

  it('counts an emoji, even a joined one, as one character', () => {
    expect(validateComment('😀'.repeat(500), [])).toEqual(ok);
    expect(validateComment('😀'.repeat(501), [])).toEqual(failed('INVALID_PARAMETER'));
    expect(validateComment('👨‍👩‍👧'.repeat(500), [])).toEqual(ok);
  });

  it('measures the trimmed text', () => {
    expect(validateComment(`  ${'x'.repeat(500)}  `, [])).toEqual(ok);
  });

  it('refuses prohibited words whatever their case or width, also inside words', () => {
    const words = ['spoiler', ' '];
    expect(validateComment('No SPOILER please', words)).toEqual(failed('INVALID_PARAMETER'));
    expect(validateComment('spoilers ahead', words)).toEqual(failed('INVALID_PARAMETER'));
    expect(validateComment('ＳＰＯＩＬＥＲ', words)).toEqual(failed('INVALID_PARAMETER'));
    expect(validateComment('A lovely episode', words)).toEqual(ok);
  });
});

describe('coupon codes', () => {
  it('refuses a blank code', () => {
    expect(validateCouponCode('')).toEqual(failed('INVALID_PARAMETER'));
    expect(validateCouponCode('   ')).toEqual(failed('INVALID_PARAMETER'));
  });

  it('accepts 4 to 32 of A–Z, 0–9 and "-", in any case', () => {
    expect(validateCouponCode('ABCD')).toEqual(ok);
    expect(validateCouponCode(' welcome-2026 ')).toEqual(ok);
    expect(validateCouponCode('A'.repeat(32))).toEqual(ok);
  });

  it('answers NOT_FOUND_COUPON for a shape no coupon has', () => {
    expect(validateCouponCode('ABC')).toEqual(failed('NOT_FOUND_COUPON'));
    expect(validateCouponCode('A'.repeat(33))).toEqual(failed('NOT_FOUND_COUPON'));
    expect(validateCouponCode('WEL COME')).toEqual(failed('NOT_FOUND_COUPON'));
    expect(validateCouponCode('ÉTÉ2026')).toEqual(failed('NOT_FOUND_COUPON'));
  });

  it('normalises to trimmed upper case', () => {
    expect(normalizeCouponCode(' welcome-2026 ')).toBe('WELCOME-2026');
  });
});

describe('points exchange', () => {
  it('needs at least 3000 points', () => {
    expect(validateMileageExchange(2999, 10_000)).toEqual(failed('EXCHANGE_MILEAGE_INSUFFICIENT'));
    expect(validateMileageExchange(100, 10_000)).toEqual(failed('EXCHANGE_MILEAGE_INSUFFICIENT'));
    expect(validateMileageExchange(3000, 10_000)).toEqual(ok);
  });

  it('exchanges in units of 100: an amount between two units is not enough for the next one', () => {
    expect(validateMileageExchange(3100, 10_000)).toEqual(ok);
    expect(validateMileageExchange(3050, 10_000)).toEqual(failed('EXCHANGE_MILEAGE_INSUFFICIENT'));
    expect(validateMileageExchange(3001, 10_000)).toEqual(failed('EXCHANGE_MILEAGE_INSUFFICIENT'));
    // Checked before the balance: 3001 is refused as an amount even to a member who holds less.
    expect(validateMileageExchange(3001, 100)).toEqual(failed('EXCHANGE_MILEAGE_INSUFFICIENT'));
  });

  it.each([0, -3000, 3000.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d', (points) => {
    expect(validateMileageExchange(points, 10_000)).toEqual(failed('INVALID_PARAMETER'));
  });

  it('cannot exceed the balance', () => {
    expect(validateMileageExchange(3000, 3000)).toEqual(ok);
    expect(validateMileageExchange(3100, 3099)).toEqual(failed('MILEAGE_INSUFFICIENT'));
  });
});

describe('birthday and age', () => {
  const now = new Date('2026-06-15T12:00:00Z');

  it('counts completed years', () => {
    expect(ageOn('2008-06-15', now, 'Europe/Paris')).toBe(18);
    expect(ageOn('2008-06-16', now, 'Europe/Paris')).toBe(17);
    expect(ageOn(new Date(Date.UTC(2008, 5, 15)), now, 'Europe/Paris')).toBe(18);
    expect(isOfAge('2008-06-15', 18, now, 'Europe/Paris')).toBe(true);
    expect(isOfAge('2008-06-16', 18, now, 'Europe/Paris')).toBe(false);
  });

  it('uses the brand adult age (20 on the Thai brand)', () => {
    expect(isOfAge('2007-06-15', 20, now, 'Asia/Bangkok')).toBe(false);
    expect(isOfAge('2006-06-15', 20, now, 'Asia/Bangkok')).toBe(true);
  });

  it('reads today in the brand time zone', () => {
    const lateOn14th = new Date('2026-06-14T23:30:00Z');
    expect(ageOn('2008-06-15', lateOn14th, 'UTC')).toBe(17);
    expect(ageOn('2008-06-15', lateOn14th, 'Asia/Tokyo')).toBe(18);
  });

  it('ages someone born on 29 February on 1 March in other years', () => {
    expect(ageOn('2008-02-29', new Date('2026-02-28T12:00:00Z'), 'UTC')).toBe(17);
    expect(ageOn('2008-02-29', new Date('2026-03-01T12:00:00Z'), 'UTC')).toBe(18);
  });

  it('accepts a real, past date within the picker range', () => {
    expect(validateBirthday('2000-01-31', now, 'Europe/Paris')).toEqual(ok);
    expect(validateBirthday('2026-06-15', now, 'Europe/Paris')).toEqual(ok);
    expect(validateBirthday('1926-01-01', now, 'Europe/Paris')).toEqual(ok);
    // Under age is valid input: the popup asks to confirm instead (spec §4).
    expect(validateBirthday('2015-03-03', now, 'Europe/Paris')).toEqual(ok);
  });

  it.each(['2026-06-16', '2001-02-29', '2000-13-01', '2000-1-5', 'yesterday', '', '1925-12-31'])(
    'refuses %j',
    (birth) => expect(validateBirthday(birth, now, 'Europe/Paris')).toEqual(failed('INVALID_PARAMETER')),
  );

  it('refuses an invalid Date', () => {
    expect(validateBirthday(new Date('nope'), now, 'Europe/Paris')).toEqual(failed('INVALID_PARAMETER'));
    expect(ageOn(new Date('nope'), now, 'Europe/Paris')).toBeNaN();
  });

  it('judges "future" in the brand time zone', () => {
    const lateOn14th = new Date('2026-06-14T23:30:00Z');
    expect(validateBirthday('2026-06-15', lateOn14th, 'UTC')).toEqual(failed('INVALID_PARAMETER'));
    expect(validateBirthday('2026-06-15', lateOn14th, 'Asia/Tokyo')).toEqual(ok);
  });
});

describe('contact images', () => {
  const MB = 1024 * 1024;
  const png = (size = MB) => ({ size, type: 'image/png' });

  it('accepts up to 3 images of up to 3 MB', () => {
    expect(validateContactImages([])).toEqual(ok);
    expect(validateContactImages([png(), png(), png(3 * MB)])).toEqual(ok);
    expect(validateContactImages([{ size: MB, type: 'IMAGE/JPEG' }])).toEqual(ok);
  });

  it('refuses a fourth image, a larger or empty file, and non-images', () => {
    expect(validateContactImages([png(), png(), png(), png()])).toEqual(failed('INVALID_PARAMETER'));
    expect(validateContactImages([png(3 * MB + 1)])).toEqual(failed('INVALID_PARAMETER'));
    expect(validateContactImages([png(0)])).toEqual(failed('INVALID_PARAMETER'));
    expect(validateContactImages([{ size: MB, type: 'application/pdf' }])).toEqual(failed('INVALID_PARAMETER'));
    expect(validateContactImages([{ size: MB, type: 'image/svg+xml' }])).toEqual(failed('INVALID_PARAMETER'));
  });
});

describe('shop agreements', () => {
  it('needs every required box checked', () => {
    expect(
      validateRequiredAgreements([
        { required: true, checked: true },
        { required: false, checked: false },
      ]),
    ).toEqual(ok);
    expect(validateRequiredAgreements([{ required: true, checked: false }])).toEqual(failed('INVALID_PARAMETER'));
  });
});

describe('request schemas', () => {
  const signUp = {
    email: ' reader@example.com ',
    password: 'Webtoon123',
    passwordConfirm: 'Webtoon123',
    agreeTerms: true,
  };
  const codeOf = (result: { success: boolean; error?: Parameters<typeof firstErrorCode>[0] }) =>
    result.error ? firstErrorCode(result.error) : undefined;

  it('parses a valid sign-up and trims the address', () => {
    expect(SignUpRequest.parse(signUp)).toEqual({ ...signUp, email: 'reader@example.com' });
    expect(SignUpRequest.parse({ ...signUp, agreeMail: true }).agreeMail).toBe(true);
  });

  it('reports the catalogue code of the first failing field', () => {
    expect(codeOf(SignUpRequest.safeParse({ ...signUp, email: 'a,b@example.com', password: 'x' }))).toBe(
      'INVALID_EMAIL',
    );
    const weak = SignUpRequest.safeParse({ ...signUp, password: 'short1', passwordConfirm: 'short1' });
    expect(weak.error?.issues).toHaveLength(1);
    expect(weak.error?.issues[0]).toMatchObject({ path: ['password'], message: 'INVALID_PW_REGEX' });
    const mismatch = SignUpRequest.safeParse({ ...signUp, passwordConfirm: 'Webtoon124' });
    expect(mismatch.error?.issues[0]).toMatchObject({ path: ['passwordConfirm'], message: 'INVALID_PARAMETER' });
  });

  it('answers INVALID_PARAMETER for missing consent or wrong types', () => {
    expect(codeOf(SignUpRequest.safeParse({ ...signUp, agreeTerms: false }))).toBe('INVALID_PARAMETER');
    expect(codeOf(SignUpRequest.safeParse({ ...signUp, email: 42 }))).toBe('INVALID_PARAMETER');
    expect(codeOf(SignUpRequest.safeParse({}))).toBe('INVALID_PARAMETER');
  });

  it('checks e-mail logins', () => {
    expect(EmailLoginRequest.safeParse({ email: 'reader@example.com', password: 'abcdef' }).success).toBe(true);
    expect(codeOf(EmailLoginRequest.safeParse({ email: 'nope', password: 'abcdef' }))).toBe('INVALID_MAIL_FORM');
    expect(codeOf(EmailLoginRequest.safeParse({ email: 'reader@example.com', password: '' }))).toBe('INVALID_PASSWORD');
  });

  it('checks password changes', () => {
    expect(ChangePasswordRequest.safeParse({ oldPassword: 'Webtoon123', newPassword: 'Other12345' }).success).toBe(
      true,
    );
    expect(codeOf(ChangePasswordRequest.safeParse({ oldPassword: '', newPassword: 'Other12345' }))).toBe(
      'INVALID_PASSWORD',
    );
    expect(codeOf(ChangePasswordRequest.safeParse({ oldPassword: 'Webtoon123', newPassword: 'Webtoon123' }))).toBe(
      'EQUAL_PASSWORD',
    );
    expect(codeOf(ChangePasswordRequest.safeParse({ oldPassword: 'Webtoon123', newPassword: 'weakpass' }))).toBe(
      'INVALID_PW_REGEX',
    );
  });

  it('checks comments, with a prohibited-word list when given', () => {
    expect(CommentInput.safeParse({ content: 'Great episode' }).success).toBe(true);
    expect(codeOf(CommentInput.safeParse({ content: '  ' }))).toBe('INVALID_PARAMETER');
    expect(commentInput(['spoiler']).safeParse({ content: 'Spoiler: he dies' }).success).toBe(false);
  });
});
