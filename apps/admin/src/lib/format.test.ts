import { describe, expect, it } from 'vitest';
import { formatInstant, isoToZonedLocal, zonedLocalToIso } from './format';
import { parseGiftTargets, parseIdList } from './gift-targets';
import { diffJson } from './json-diff';

describe('brand-zone times', () => {
  it('reads a datetime-local value in the brand zone, with its offset', () => {
    expect(zonedLocalToIso('2026-01-15T09:30', 'Europe/Paris')).toBe('2026-01-15T09:30:00+01:00');
    expect(zonedLocalToIso('2026-07-15T09:30', 'Europe/Paris')).toBe('2026-07-15T09:30:00+02:00');
    expect(zonedLocalToIso('2026-07-15T09:30', 'Asia/Tokyo')).toBe('2026-07-15T09:30:00+09:00');
    expect(zonedLocalToIso('2026-07-15T23:59:59', 'Asia/Bangkok')).toBe('2026-07-15T23:59:59+07:00');
    expect(zonedLocalToIso('nope', 'Asia/Tokyo')).toBeNull();
  });

  it('shows an instant back as the same wall-clock time', () => {
    expect(isoToZonedLocal('2026-01-15T08:30:00Z', 'Europe/Paris')).toBe('2026-01-15T09:30');
    expect(isoToZonedLocal('2026-07-15T00:30:00Z', 'Asia/Taipei')).toBe('2026-07-15T08:30');
    expect(isoToZonedLocal(null, 'Asia/Taipei')).toBe('');
  });
});

describe('gift recipients', () => {
  it('takes member ids and e-mail addresses, once each, and lists the rest', () => {
    expect(parseGiftTargets('12\nreader@example.com, 12 ; 7\nnot an address')).toEqual({
      targets: [
        { type: 'USER', userId: 12 },
        { type: 'MAIL', email: 'reader@example.com' },
        { type: 'USER', userId: 7 },
      ],
      invalid: ['not an address'],
    });
    expect(parseGiftTargets('0').invalid).toEqual(['0']);
  });

  it('reads episode ids as lists and ranges', () => {
    expect(parseIdList('12, 13 14')).toEqual([12, 13, 14]);
    expect(parseIdList('3-5,4')).toEqual([3, 4, 5]);
    expect(parseIdList('5-3')).toBeNull();
    expect(parseIdList('1-1000')).toBeNull();
    expect(parseIdList('a')).toBeNull();
  });
});

describe('diffJson', () => {
  it('lists each leaf by path with what happened to it', () => {
    expect(
      diffJson({ status: 'ACTIVE', roles: ['SUPPORT'], n: 1 }, { status: 'DISABLED', roles: ['SUPPORT'], m: {} }),
    ).toEqual([
      { path: 'status', before: '"ACTIVE"', after: '"DISABLED"', change: 'changed' },
      { path: 'roles[0]', before: '"SUPPORT"', after: '"SUPPORT"', change: 'same' },
      { path: 'n', before: '1', change: 'removed' },
      { path: 'm', after: '{}', change: 'added' },
    ]);
  });

  it('handles a creation, a deletion and plain values', () => {
    expect(diffJson(null, { a: { b: true } })).toEqual([{ path: 'a.b', after: 'true', change: 'added' }]);
    expect(diffJson('x', null)).toEqual([{ path: '(root)', before: '"x"', change: 'removed' }]);
    expect(diffJson(null, null)).toEqual([]);
  });
});

describe('formatInstant', () => {
  it('shows the date, time and zone of the brand', () => {
    const text = formatInstant('2026-01-15T08:30:00Z', 'en', 'Europe/Paris');
    expect(text).toContain('2026');
    expect(text).toContain('09:30');
    expect(text).toMatch(/GMT\+1|CET/);
    expect(formatInstant(null, 'en', 'Europe/Paris')).toBe('');
  });
});
