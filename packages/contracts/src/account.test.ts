import { describe, expect, it } from 'vitest';
import { countryCodeOf, PushSettingsRequest, ToggleParams, UpdateUserRequest, validateNickname } from './account.js';
import { PhoneNumber } from './inputs.js';

describe('validateNickname', () => {
  it('accepts 2 to 20 characters of any script, trimmed', () => {
    expect(validateNickname('  Mika  ')).toEqual({ ok: true, nickname: 'Mika' });
    expect(validateNickname('ab')).toEqual({ ok: true, nickname: 'ab' });
    expect(validateNickname('a'.repeat(20)).ok).toBe(true);
    expect(validateNickname('さくら').ok).toBe(true);
    expect(validateNickname('Élodie B.').ok).toBe(true);
    expect(validateNickname('นักอ่าน').ok).toBe(true);
  });

  it('counts characters as a reader sees them', () => {
    // Two family emoji (several code points each) are two characters; 20 of them fit.
    expect(validateNickname('👨‍👩‍👧👨‍👩‍👧').ok).toBe(true);
    expect(validateNickname('👍'.repeat(20)).ok).toBe(true);
    expect(validateNickname('👍'.repeat(21)).ok).toBe(false);
  });

  it('normalises to NFC', () => {
    const decomposed = 'Cle\u0301mence';
    expect(validateNickname(decomposed)).toEqual({ ok: true, nickname: 'Clémence' });
  });

  it('refuses too short or too long', () => {
    expect(validateNickname('a')).toEqual({ ok: false, code: 'INVALID_PARAMETER' });
    expect(validateNickname('  a  ').ok).toBe(false);
    expect(validateNickname('').ok).toBe(false);
    expect(validateNickname('a'.repeat(21)).ok).toBe(false);
  });

  it('refuses control, invisible and odd whitespace characters', () => {
    expect(validateNickname('ab\u0000cd').ok).toBe(false);
    expect(validateNickname('ab\ncd').ok).toBe(false);
    expect(validateNickname('ab\tcd').ok).toBe(false);
    expect(validateNickname('ab\u200bcd').ok).toBe(false); // zero-width space
    expect(validateNickname('ab\u202ecd').ok).toBe(false); // right-to-left override
    expect(validateNickname('ab\u00a0cd').ok).toBe(false); // no-break space
    expect(validateNickname('ab\u2028cd').ok).toBe(false); // line separator
    expect(validateNickname('ab  cd').ok).toBe(false);
    expect(validateNickname('ab cd').ok).toBe(true);
  });
});

describe('PhoneNumber', () => {
  it('accepts E.164 numbers only', () => {
    expect(PhoneNumber.safeParse('+33612345678').success).toBe(true);
    expect(PhoneNumber.safeParse('+821012345678').success).toBe(true);
    for (const bad of ['0612345678', '+33 6 12 34 56 78', '+0123456789', '+1234', '+1234567890123456', '33612345678']) {
      expect(PhoneNumber.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('request schemas', () => {
  it('PUT /user requires the part of its action', () => {
    expect(
      UpdateUserRequest.safeParse({ action: 'MAIL', refreshToken: 'r', agreeMailRequest: { isAgreeMail: true } }),
    ).toMatchObject({ success: true });
    expect(
      UpdateUserRequest.safeParse({ action: 'MAIL', refreshToken: 'r', profileRequest: { nickname: 'x' } }).success,
    ).toBe(false);
    expect(UpdateUserRequest.safeParse({ action: 'OTHER', refreshToken: 'r' }).success).toBe(false);
    expect(
      UpdateUserRequest.safeParse({
        action: 'ADULT',
        refreshToken: 'r',
        verifyAdultRequest: { birthedAt: '01.02.2000' },
      }).success,
    ).toBe(false);
  });

  it('toggle values are the words true and false', () => {
    expect(ToggleParams.parse({ value: 'true' })).toEqual({ value: true });
    expect(ToggleParams.parse({ value: 'false' })).toEqual({ value: false });
    expect(ToggleParams.safeParse({ value: 'yes' }).success).toBe(false);
  });

  it('push settings may be partial but only booleans of known switches', () => {
    expect(PushSettingsRequest.safeParse({}).success).toBe(true);
    expect(PushSettingsRequest.safeParse({ isAgreePushNight: true }).success).toBe(true);
    expect(PushSettingsRequest.safeParse({ isAgreePushNight: 'yes' }).success).toBe(false);
    expect(PushSettingsRequest.safeParse({ isAdult: true }).success).toBe(false);
  });
});

describe('countryCodeOf', () => {
  it('reads an alpha-2 code in any case, and nothing else', () => {
    expect(countryCodeOf(' kr ')).toBe('KR');
    expect(countryCodeOf(['jp', 'KR'])).toBe('JP');
    for (const unknown of [undefined, '', 'XX', 'T1', 'KOR', 'K', 'K\u0000'])
      expect(countryCodeOf(unknown)).toBeUndefined();
  });
});
