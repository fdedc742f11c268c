import { describe, expect, it } from 'vitest';
import { daysUpTo, sumGains } from './events';

describe('event helpers', () => {
  it('sums gains by type, in first-seen order', () => {
    expect(
      sumGains([
        { type: 'FREE_COIN', amount: 2 },
        { type: 'ROULETTE_TICKET', amount: 1 },
        { type: 'FREE_COIN', amount: 3 },
      ]),
    ).toEqual([
      { type: 'FREE_COIN', amount: 5 },
      { type: 'ROULETTE_TICKET', amount: 1 },
    ]);
  });
  it('lists the days of the check-in strip across a month end', () => {
    expect(daysUpTo('2026-03-02', 4)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });
});
