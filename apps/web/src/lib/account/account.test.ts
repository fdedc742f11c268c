import { BIRTHDAY_PICKER_YEARS, SMS_CODE_TTL_MS, WITHDRAWAL_REASON_MAX_LENGTH } from '@balcony/contracts';
import { describe, expect, it } from 'vitest';
import { birthdayPickerYears, clampDay, daysInMonth, monthWeeks, toIsoDate } from './birthday';
import { cookieAssignment, readCookie } from './client-cookies';
import { countdownParts, formatCountdown, remainingMs } from './countdown';
import { checkPasswordForm, passwordRuleStates } from './password';
import { COUNTRY_CALLING_CODES, toE164 } from './phone';
import { WITHDRAWAL_REASONS, withdrawalReasonText } from './withdrawal';

describe('birthday picker', () => {
  it('offers next year, this year and the 100 years before, newest first', () => {
    const years = birthdayPickerYears(new Date('2025-06-15T12:00:00Z'), 'Europe/Paris');
    expect(years).toHaveLength(BIRTHDAY_PICKER_YEARS + 2);
    expect(years[0]).toBe(2026);
    expect(years[1]).toBe(2025);
    expect(years.at(-1)).toBe(1925);
  });

  it("counts years in the brand's zone", () => {
    // 31 December 23:30 UTC is already New Year in Tokyo.
    const now = new Date('2025-12-31T23:30:00Z');
    expect(birthdayPickerYears(now, 'Asia/Tokyo')[1]).toBe(2026);
    expect(birthdayPickerYears(now, 'Europe/London')[1]).toBe(2025);
  });

  it('knows month lengths, leap years included', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2025, 4)).toBe(30);
    expect(daysInMonth(2025, 12)).toBe(31);
  });

  it('lays a month out in Monday-first weeks', () => {
    // 1 September 2025 is a Monday; 1 June 2025 a Sunday.
    const september = monthWeeks(2025, 9);
    expect(september[0]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(september.flat().filter((d) => d !== null)).toHaveLength(30);
    const june = monthWeeks(2025, 6);
    expect(june[0]).toEqual([null, null, null, null, null, null, 1]);
    expect(june.every((week) => week.length === 7)).toBe(true);
    expect(june.at(-1)?.at(-1)).toBe(null);
  });

  it('keeps the day inside a shorter month, and writes yyyy-MM-dd', () => {
    expect(clampDay(2023, 2, 31)).toBe(28);
    expect(clampDay(2023, 3, 31)).toBe(31);
    expect(toIsoDate({ year: 1999, month: 3, day: 7 })).toBe('1999-03-07');
  });
});

describe('SMS code countdown', () => {
  it('starts at 10:00 and ends at 00:00', () => {
    expect(formatCountdown(SMS_CODE_TTL_MS)).toBe('10:00');
    expect(formatCountdown(SMS_CODE_TTL_MS - 1)).toBe('10:00');
    expect(formatCountdown(SMS_CODE_TTL_MS - 1000)).toBe('09:59');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5000)).toBe('00:00');
  });

  it('counts down to zero, never below', () => {
    expect(remainingMs(10_000, 4_000)).toBe(6_000);
    expect(remainingMs(10_000, 12_000)).toBe(0);
    expect(countdownParts(125_400)).toEqual({ minutes: 2, seconds: 6 });
  });
});

describe('phone numbers', () => {
  it('builds E.164 from a country code and a national number', () => {
    expect(toE164('33', '06 12 34 56 78')).toBe('+33612345678');
    expect(toE164('33', '6.12.34.56.78')).toBe('+33612345678');
    expect(toE164('81', '090-1234-5678')).toBe('+819012345678');
    expect(toE164('886', '(0912) 345 678')).toBe('+886912345678');
  });

  it('takes a number typed with its own international prefix as complete', () => {
    expect(toE164('33', '+49 151 2345 6789')).toBe('+4915123456789');
    expect(toE164('33', '0049 151 2345 6789')).toBe('+4915123456789');
  });

  it('refuses what cannot be a number', () => {
    expect(toE164('33', '')).toBeNull();
    expect(toE164('33', '12')).toBeNull();
    expect(toE164('33', 'abc')).toBeNull();
    expect(toE164('33', '1234567890123456')).toBeNull();
  });

  it('lists each region once', () => {
    const regions = COUNTRY_CALLING_CODES.map((c) => c.region);
    expect(new Set(regions).size).toBe(regions.length);
  });
});

describe('password form', () => {
  it('shows each rule as it is met', () => {
    expect(passwordRuleStates('')).toEqual([
      { rule: 'length', met: false },
      { rule: 'classes', met: false },
      { rule: 'noSpaces', met: false },
    ]);
    expect(passwordRuleStates('abcdefg1').every((s) => s.met)).toBe(true);
    expect(passwordRuleStates('abcdefg1', 'abcdefg1').find((s) => s.rule === 'differs')?.met).toBe(false);
    expect(passwordRuleStates('abcdefg2', 'abcdefg1').find((s) => s.rule === 'differs')?.met).toBe(true);
  });

  it('reports the first problem with its field', () => {
    expect(checkPasswordForm({ oldPassword: '', newPassword: 'x', confirm: 'x' })).toEqual({
      field: 'oldPassword',
      code: 'INVALID_PASSWORD',
    });
    expect(checkPasswordForm({ newPassword: '', confirm: '' })).toEqual({
      field: 'newPassword',
      code: 'INVALID_PASSWORD',
    });
    expect(checkPasswordForm({ newPassword: 'short1', confirm: 'short1' })).toEqual({
      field: 'newPassword',
      code: 'INVALID_PW_REGEX',
    });
    expect(checkPasswordForm({ oldPassword: 'Webtoon123', newPassword: 'Webtoon123', confirm: 'Webtoon123' })).toEqual({
      field: 'newPassword',
      code: 'EQUAL_PASSWORD',
    });
    expect(checkPasswordForm({ newPassword: 'Webtoon123', confirm: 'Webtoon124' })).toEqual({
      field: 'confirm',
      code: 'PASSWORD_MISMATCH',
    });
    expect(
      checkPasswordForm({ oldPassword: 'old-pass1', newPassword: 'Webtoon123', confirm: 'Webtoon123' }),
    ).toBeNull();
  });
});

describe('withdrawal reason', () => {
  it('sends the chosen reason with the reader’s words', () => {
    expect(withdrawalReasonText('PRIVACY', '')).toBe('PRIVACY');
    expect(withdrawalReasonText('OTHER', '  too   many\nads ')).toBe('OTHER: too many ads');
  });

  it('stays within the api limit', () => {
    for (const reason of WITHDRAWAL_REASONS) {
      expect(withdrawalReasonText(reason, 'x'.repeat(2000)).length).toBeLessThanOrEqual(WITHDRAWAL_REASON_MAX_LENGTH);
    }
  });
});

describe('client cookies', () => {
  it('writes a site-wide Lax cookie with its lifetime', () => {
    expect(cookieAssignment('adult_popup', 'Y', 86400, false)).toBe(
      'adult_popup=Y; Path=/; Max-Age=86400; SameSite=Lax',
    );
    expect(cookieAssignment('a', 'b c', 10, true)).toBe('a=b%20c; Path=/; Max-Age=10; SameSite=Lax; Secure');
  });

  it('reads one cookie among others', () => {
    expect(readCookie('fp=1; adult_popup=N; x=a=b', 'adult_popup')).toBe('N');
    expect(readCookie('fp=1; x=a=b', 'x')).toBe('a=b');
    expect(readCookie('', 'adult_popup')).toBeUndefined();
  });
});
