import { describe, expect, it } from 'vitest';
import { pickLocale } from '../i18n/pick-locale';
import { contentSecurityPolicy } from './csp';
import { CALENDAR_KEYS, formatList, longWeekdayNames, scheduledWeekdays } from './dates';
import { excerpt } from './metadata';
import { parseId } from './params';
import { safeHref } from './safe-href';

describe('safeHref', () => {
  it('keeps site paths and https links, drops everything else', () => {
    expect(safeHref('/detail/3')).toBe('/detail/3');
    expect(safeHref('https://example.com/x')).toBe('https://example.com/x');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('/\\evil.example')).toBeNull();
    expect(safeHref('/\t/evil.example')).toBeNull();
    expect(safeHref('/.//evil.example')).toBeNull();
    expect(safeHref('http://example.com')).toBeNull();
    expect(safeHref('not a url')).toBeNull();
  });
});

describe('parseId', () => {
  it('accepts plain positive integers only', () => {
    expect(parseId('12')).toBe(12);
    for (const raw of ['0', '012', '0x1A', '1e3', '12abc', '-1', '']) expect(parseId(raw), raw).toBeNull();
  });
});

describe('dates', () => {
  it('names weekdays in the brand locale and joins them as a list', () => {
    const fr = longWeekdayNames('fr');
    expect(fr.MONDAY).toBe('lundi');
    expect(formatList('fr', [fr.MONDAY, fr.THURSDAY])).toBe('lundi et jeudi');
    expect(longWeekdayNames('ja').SUNDAY).toBe('日曜日');
  });

  it('orders the calendar Monday to Sunday, then TEN', () => {
    expect(CALENDAR_KEYS).toEqual([
      'MONDAY',
      'TUESDAY',
      'WEDNESDAY',
      'THURSDAY',
      'FRIDAY',
      'SATURDAY',
      'SUNDAY',
      'TEN',
    ]);
    expect(scheduledWeekdays(['SUNDAY', 'TEN', 'MONDAY'])).toEqual(['MONDAY', 'SUNDAY']);
  });
});

describe('excerpt', () => {
  it('cuts long text at a word and keeps short text whole', () => {
    expect(excerpt('  short\n text ')).toBe('short text');
    const cut = excerpt(`${'word '.repeat(60)}end`, 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut.endsWith('word…')).toBe(true);
  });
});

describe('pickLocale', () => {
  it('matches exactly, then by language, else English', () => {
    expect(pickLocale(['ja'])).toBe('ja');
    expect(pickLocale([undefined, '', 'fr-CA'])).toBe('fr');
    expect(pickLocale(['zh-Hant-TW'])).toBe('zh-TW');
    expect(pickLocale(['ko', 'de-AT'])).toBe('de');
    expect(pickLocale(['ko'])).toBe('en');
  });
});

describe('contentSecurityPolicy', () => {
  it('allows scripts only with the nonce and forbids framing', () => {
    const policy = contentSecurityPolicy('abc', false);
    expect(policy).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-eval');
    expect(contentSecurityPolicy('abc', true)).toContain("'unsafe-eval'");
  });
});
