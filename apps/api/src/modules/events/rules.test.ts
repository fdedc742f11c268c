import { describe, expect, it } from 'vitest';
import {
  addEarnAmount,
  audienceRefusal,
  combinedDiscount,
  currentStreak,
  dayIn,
  drawIndex,
  periodRefusal,
  previousDay,
  rewardExpiresAt,
  rewardsForReaction,
  rewardsForStamp,
  seedHash,
  spinSeed,
  streakAfter,
} from './rules.js';

describe('the brand day', () => {
  it('is the day in the brand zone, not UTC', () => {
    const at = new Date('2026-03-01T23:30:00Z');
    expect(dayIn('Europe/Paris', at)).toBe('2026-03-02');
    expect(dayIn('America/Los_Angeles', at)).toBe('2026-03-01');
    expect(dayIn('Asia/Tokyo', new Date('2026-03-01T14:59:00Z'))).toBe('2026-03-01');
    expect(dayIn('Asia/Tokyo', new Date('2026-03-01T15:00:00Z'))).toBe('2026-03-02');
  });
  it('steps back over months and leap days', () => {
    expect(previousDay('2028-03-01')).toBe('2028-02-29');
    expect(previousDay('2027-01-01')).toBe('2026-12-31');
  });
});

describe('streaks', () => {
  it('continue from yesterday or start again', () => {
    expect(streakAfter(null)).toBe(1);
    expect(streakAfter({ streak: 6 })).toBe(7);
  });
  it('is today’s, else yesterday’s while today is not stamped, else 0', () => {
    const stamps = [
      { day: '2026-03-01', streak: 1 },
      { day: '2026-03-02', streak: 2 },
    ];
    expect(currentStreak(stamps, '2026-03-02')).toBe(2);
    expect(currentStreak(stamps, '2026-03-03')).toBe(2);
    expect(currentStreak(stamps, '2026-03-04')).toBe(0);
  });
  it('earn the daily rewards every day and a streak reward on every Nth day in a row', () => {
    const daily = { id: 1, kind: 'freeEarn', streakDays: null };
    const weekly = { id: 2, kind: 'freeEarn', streakDays: 7 };
    const other = { id: 3, kind: 'addEarn', streakDays: null };
    const all = [daily, weekly, other];
    expect(rewardsForStamp(all, 1)).toEqual([daily]);
    expect(rewardsForStamp(all, 6)).toEqual([daily]);
    expect(rewardsForStamp(all, 7)).toEqual([daily, weekly]);
    expect(rewardsForStamp(all, 14)).toEqual([daily, weekly]);
    expect(rewardsForReaction(all)).toEqual([daily]);
  });
});

describe('the draw', () => {
  it('is the HMAC of the ticket under the event seed, and the same seed always draws the same prize', () => {
    const seed = spinSeed('secret', 42);
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(spinSeed('secret', 42)).toBe(seed);
    expect(spinSeed('secret', 43)).not.toBe(seed);
    expect(spinSeed('other', 42)).not.toBe(seed);
    expect(drawIndex(seed, [1, 2, 3])).toBe(drawIndex(seed, [1, 2, 3]));
    expect(seedHash('secret')).toBe('2bb80d537b1da3e38bd30361aa855686bde0eacd7162fef6a25fe97bf527a25b');
  });
  it('falls in each prize’s share of the wheel', () => {
    // 0x…0 mod 10 = 0 → first prize; 9 → the last unit of the wheel.
    expect(drawIndex('0000000000000000', [3, 7])).toBe(0);
    expect(drawIndex('0000000000000002', [3, 7])).toBe(0);
    expect(drawIndex('0000000000000003', [3, 7])).toBe(1);
    expect(drawIndex('0000000000000009', [3, 7])).toBe(1);
    expect(drawIndex('000000000000000a', [3, 7])).toBe(0);
  });
  it('follows the weights over many tickets', () => {
    const counts = [0, 0, 0];
    for (let t = 1; t <= 6000; t += 1) {
      const i = drawIndex(spinSeed('wheel', t), [1, 2, 3]);
      counts[i] = (counts[i] ?? 0) + 1;
    }
    expect(counts[0]).toBeGreaterThan(800);
    expect(counts[0]).toBeLessThan(1200);
    expect(counts[2]).toBeGreaterThan(2700);
    expect(counts[2]).toBeLessThan(3300);
  });
  it('refuses a wheel without positive weights', () => {
    expect(() => drawIndex('00', [])).toThrow();
    expect(() => drawIndex('00', [1, 0])).toThrow();
  });
});

describe('who may take part, and when', () => {
  const startsAt = new Date('2026-03-01T00:00:00Z');
  const adult = { isAdult: true, createdAt: new Date('2025-01-01') };
  const minor = { isAdult: false, createdAt: new Date('2025-01-01') };
  const newcomer = { isAdult: false, createdAt: new Date('2026-03-02') };
  it('by audience', () => {
    expect(audienceRefusal('ALL', minor, { startsAt })).toBeNull();
    expect(audienceRefusal('ADULT', minor, { startsAt })).toBe('UNAUTHORIZED_ADULT');
    expect(audienceRefusal('ADULT', adult, { startsAt })).toBeNull();
    expect(audienceRefusal('MINOR', adult, { startsAt })).toBe('UNAUTHORIZED_NON_ADULT');
    expect(audienceRefusal('MINOR', minor, { startsAt })).toBeNull();
    expect(audienceRefusal('NEW_MEMBER', minor, { startsAt })).toBe('UNAUTHORIZED_USER');
    expect(audienceRefusal('NEW_MEMBER', newcomer, { startsAt })).toBeNull();
  });
  it('inside the period, its end excluded', () => {
    const event = { startsAt, endsAt: new Date('2026-03-08T00:00:00Z') };
    expect(periodRefusal(event, new Date('2026-02-28T23:59:59Z'))).toBe('NOT_EVENT_PERIOD');
    expect(periodRefusal(event, startsAt)).toBeNull();
    expect(periodRefusal(event, event.endsAt)).toBe('NOT_EVENT_PERIOD');
  });
});

describe('what rewards are worth', () => {
  const at = new Date('2026-03-01T00:00:00Z');
  it('expire as the coin type says unless the event says', () => {
    expect(rewardExpiresAt('COIN', 5, at)).toBeNull();
    expect(rewardExpiresAt('MILEAGE', null, at)).toBeNull();
    expect(rewardExpiresAt('FREE_COIN', null, at)?.toISOString()).toBe('2026-03-31T00:00:00.000Z');
    expect(rewardExpiresAt('BONUS', 7, at)?.toISOString()).toBe('2026-03-08T00:00:00.000Z');
  });
  it('addEarn is a share of the paid coins, rounded down; discounts do not add up', () => {
    expect(addEarnAmount(10, 55)).toBe(5);
    expect(addEarnAmount(10, 9)).toBe(0);
    expect(combinedDiscount(10, [])).toBe(10);
    expect(combinedDiscount(10, [30, 20])).toBe(30);
  });
});
