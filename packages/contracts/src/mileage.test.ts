import { describe, expect, it } from 'vitest';
import { BRANDS } from './brands.js';
import { DAY_MS, MILEAGE_EXCHANGE_UNIT, MILEAGE_MIN_EXCHANGE } from './constants.js';
import {
  bonusCoinsFor,
  largestMileageExchange,
  MileageExchangeQuery,
  MileageExchangeRequest,
  pointsForCharge,
  quoteMileageExchange,
} from './mileage.js';

const now = new Date('2026-11-25T10:00:00Z');
const in30Days = new Date(now.getTime() + 30 * DAY_MS).toISOString();

describe('points earned on a paid charge', () => {
  const brand = { pointsPerCoin: 20, pointsEarnPercent: 5 };

  it('gives 5 % of the paid coins’ value back: one point per paid coin at 20 points per coin', () => {
    expect(pointsForCharge(brand, 140)).toBe(140);
    expect(pointsForCharge(brand, 5)).toBe(5);
    // 140 P buy 7 bonus coins: 5 % of 140 paid coins.
    expect(bonusCoinsFor(pointsForCharge(brand, 140), brand.pointsPerCoin)).toBe(7);
  });

  it('rounds down, and gives nothing when the brand turns earning off', () => {
    expect(pointsForCharge({ pointsPerCoin: 20, pointsEarnPercent: 3 }, 30)).toBe(18);
    expect(pointsForCharge({ pointsPerCoin: 20, pointsEarnPercent: 3 }, 1)).toBe(0);
    expect(pointsForCharge({ pointsPerCoin: 20, pointsEarnPercent: 0 }, 140)).toBe(0);
  });

  it.each(Object.values(BRANDS))('$id earns whole points and keeps them 180 days', (b) => {
    expect(Number.isInteger(b.pointsEarnPercent)).toBe(true);
    expect(b.pointsEarnPercent).toBeGreaterThanOrEqual(0);
    expect(b.pointsValidDays).toBe(180);
  });
});

describe('the exchange', () => {
  it.each(Object.values(BRANDS))('$id’s rate divides the unit, so an exchange never loses a point', (b) => {
    expect(MILEAGE_EXCHANGE_UNIT % b.pointsPerCoin).toBe(0);
    expect(MILEAGE_MIN_EXCHANGE % b.pointsPerCoin).toBe(0);
  });

  it('quotes 3000 points as 150 bonus coins valid 30 days, and what is left', () => {
    expect(quoteMileageExchange({ points: 3000, held: 3140, pointsPerCoin: 20, now })).toEqual({
      points: 3000,
      bonusCoins: 150,
      bonusExpiresAt: in30Days,
      pointsLeft: 140,
      refusal: null,
    });
    expect(quoteMileageExchange({ points: 3100, held: 3100, pointsPerCoin: 20, now })).toMatchObject({
      bonusCoins: 155,
      pointsLeft: 0,
      refusal: null,
    });
  });

  it('refuses 2999 and 3001 as amounts, more than held as points missing, and gives nothing then', () => {
    const quote = (points: number, held = 10_000) => quoteMileageExchange({ points, held, pointsPerCoin: 20, now });
    expect(quote(2999)).toMatchObject({ refusal: 'EXCHANGE_MILEAGE_INSUFFICIENT', bonusCoins: 0, pointsLeft: 10_000 });
    expect(quote(3001)).toMatchObject({ refusal: 'EXCHANGE_MILEAGE_INSUFFICIENT', bonusCoins: 0 });
    expect(quote(3100, 3099)).toMatchObject({ refusal: 'MILEAGE_INSUFFICIENT', bonusCoins: 0, pointsLeft: 3099 });
    expect(quote(0).refusal).toBe('INVALID_PARAMETER');
  });

  it('offers at most the points held in whole units, and nothing under the minimum', () => {
    expect(largestMileageExchange(2999)).toBe(0);
    expect(largestMileageExchange(3000)).toBe(3000);
    expect(largestMileageExchange(3199)).toBe(3100);
    expect(largestMileageExchange(0)).toBe(0);
  });

  it('takes a whole number of points and a client key, and reads a quote from the query string', () => {
    expect(MileageExchangeRequest.safeParse({ points: 3000, key: 'exchange-1' }).success).toBe(true);
    expect(MileageExchangeRequest.safeParse({ points: 3000.5, key: 'exchange-1' }).success).toBe(false);
    expect(MileageExchangeRequest.safeParse({ points: 3000, key: 'short' }).success).toBe(false);
    expect(MileageExchangeQuery.parse({ points: '3100' })).toEqual({ points: 3100 });
    expect(MileageExchangeQuery.parse({})).toEqual({});
    expect(MileageExchangeQuery.safeParse({ points: '-5' }).success).toBe(false);
  });
});
