import { describe, expect, it } from 'vitest';
import { CALENDAR_KEYS, formatList, longWeekdayNames, scheduledWeekdays } from './dates';
import { pickLocale } from './pick-locale';

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

describe('pickLocale', () => {
  it('matches exactly, then by language, else English', () => {
    expect(pickLocale(['ja'])).toBe('ja');
    expect(pickLocale([undefined, '', 'fr-CA'])).toBe('fr');
    expect(pickLocale(['zh-Hant-TW'])).toBe('zh-TW');
    expect(pickLocale(['ko', 'de-AT'])).toBe('de');
    expect(pickLocale(['ko'])).toBe('en');
  });
});
