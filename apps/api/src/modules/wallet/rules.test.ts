import { describe, expect, it } from 'vitest';
import { afterAllocations, allocateDeduction, balanceFrom, type OpenLot, spendingOrder } from './rules.js';

const now = new Date('2026-11-25T12:00:00Z');
const day = (n: number) => new Date(now.getTime() + n * 86_400_000);
const lot = (
  id: number,
  ledger: OpenLot['ledger'],
  remaining: number,
  expiresAt: Date | null,
  createdAt = day(-10),
) => ({
  id,
  ledger,
  remaining,
  expiresAt,
  createdAt,
});

describe('spending order', () => {
  it('spends free and bonus coins soonest-expiring first, then paid coins oldest first, never points', () => {
    const lots = [
      lot(1, 'COIN', 10, null, day(-5)),
      lot(2, 'BONUS', 5, day(20)),
      lot(3, 'FREE_COIN', 5, day(3)),
      lot(4, 'COIN', 10, null, day(-9)),
      lot(5, 'MILEAGE', 5000, day(100)),
      lot(6, 'BONUS', 5, null),
    ];
    expect(spendingOrder(lots, now).map((l) => l.id)).toEqual([3, 2, 6, 4, 1]);
  });

  it('leaves out expired and empty lots', () => {
    const lots = [lot(1, 'BONUS', 5, day(-1)), lot(2, 'FREE_COIN', 0, day(3)), lot(3, 'COIN', 4, null)];
    expect(spendingOrder(lots, now).map((l) => l.id)).toEqual([3]);
    // Expiring exactly now is expired.
    expect(spendingOrder([lot(4, 'BONUS', 5, now)], now)).toEqual([]);
  });
});

describe('allocateDeduction', () => {
  it('takes one type of coins, points included, soonest expiring first', () => {
    const lots = [lot(1, 'MILEAGE', 100, null), lot(2, 'MILEAGE', 50, day(1)), lot(3, 'MILEAGE', 80, day(-1))];
    expect(allocateDeduction(lots, 120, now)).toEqual([
      { lotId: 2, ledger: 'MILEAGE', amount: 50 },
      { lotId: 1, ledger: 'MILEAGE', amount: 70 },
    ]);
    expect(allocateDeduction(lots, 151, now)).toBeNull();
  });
});

describe('the balance after a payment', () => {
  it('counts the coins left in unexpired lots, points apart, and lists the soonest expiries', () => {
    const lots = [
      lot(1, 'COIN', 10, null),
      lot(2, 'BONUS', 5, day(20)),
      lot(3, 'FREE_COIN', 5, day(3)),
      lot(4, 'FREE_COIN', 7, day(-1)),
      lot(5, 'MILEAGE', 500, day(100)),
    ];
    const paid = afterAllocations(lots, [
      { lotId: 3, amount: 5 },
      { lotId: 2, amount: 3 },
    ]);
    expect(paid.map((l) => l.remaining)).toEqual([10, 2, 0, 7, 500]);
    expect(balanceFrom(paid, now)).toEqual({
      coin: 10,
      freeCoin: 0,
      bonus: 2,
      mileage: 500,
      total: 12,
      expiring: [
        { type: 'BONUS', amount: 2, expiresAt: day(20).toISOString() },
        { type: 'MILEAGE', amount: 500, expiresAt: day(100).toISOString() },
      ],
    });
  });
});
