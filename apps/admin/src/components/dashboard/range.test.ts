import { describe, expect, it } from 'vitest';
import { addDays, fillDays, rangeOf, todayIn } from './range';

describe('the dashboard range', () => {
  const now = new Date('2026-03-01T20:00:00Z');

  it('is the last 30 days of the brand’s zone by default', () => {
    // Already 2 March in Taipei, still 1 March in Paris.
    expect(todayIn('Asia/Taipei', now)).toBe('2026-03-02');
    expect(rangeOf({}, 'Europe/Paris', now)).toEqual({
      from: addDays('2026-03-01', -29),
      to: '2026-03-01',
      brands: undefined,
      invalid: false,
    });
  });

  it('keeps a valid range and brands, and falls back on the default for one the api would refuse', () => {
    expect(rangeOf({ from: '2026-01-01', to: '2026-01-31', brands: 'all' }, 'Europe/Paris', now)).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-31',
      brands: 'all',
      invalid: false,
    });
    expect(rangeOf({ from: '2020-01-01', to: '2026-01-31' }, 'Europe/Paris', now)).toMatchObject({
      to: '2026-03-01',
      invalid: true,
    });
  });

  it('fills the days without figures with zeros', () => {
    const rows = fillDays([{ day: '2026-01-02', uses: 3 }], '2026-01-01', '2026-01-03', (day) => ({ day, uses: 0 }));
    expect(rows).toEqual([
      { day: '2026-01-01', uses: 0 },
      { day: '2026-01-02', uses: 3 },
      { day: '2026-01-03', uses: 0 },
    ]);
  });
});
