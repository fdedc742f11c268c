import type { CoinBalance, CoinLot } from '@balcony/contracts';
import { describe, expect, it } from 'vitest';
import { checkLedger, splitLots } from './ledger';

const lot = (coinType: CoinLot['coinType'], remaining: number, status: CoinLot['status'] = 'OPEN') => ({
  coinType,
  remaining,
  status,
});
const balance = (b: Partial<CoinBalance>): CoinBalance => {
  const coin = b.coin ?? 0;
  const freeCoin = b.freeCoin ?? 0;
  const bonus = b.bonus ?? 0;
  return { coin, freeCoin, bonus, mileage: b.mileage ?? 0, total: coin + freeCoin + bonus, expiring: [] };
};

describe('the ledger check', () => {
  it('adds up the open lots by type, leaving expired, spent and refunded ones and points out of the coins', () => {
    const lots = [
      lot('COIN', 27),
      lot('COIN', 0, 'REFUNDED'),
      lot('BONUS', 5),
      lot('BONUS', 10),
      lot('FREE_COIN', 7, 'EXPIRED'),
      lot('FREE_COIN', 4),
      lot('MILEAGE', 300),
    ];
    const check = checkLedger(lots, balance({ coin: 27, freeCoin: 4, bonus: 15, mileage: 300 }));
    expect(check).toMatchObject({ inLots: 46, total: 46, pointsInLots: 300, points: 300, adds: true });
    expect(check.types).toEqual([
      { type: 'COIN', inLots: 27, balance: 27 },
      { type: 'FREE_COIN', inLots: 4, balance: 4 },
      { type: 'BONUS', inLots: 15, balance: 15 },
    ]);
  });

  it('says so when the lots do not make the balance, in all or for one type', () => {
    expect(checkLedger([lot('COIN', 5)], balance({ coin: 6 })).adds).toBe(false);
    // Same total, types swapped.
    expect(checkLedger([lot('COIN', 5)], balance({ bonus: 5 })).adds).toBe(false);
    expect(checkLedger([lot('MILEAGE', 5)], balance({})).adds).toBe(false);
    expect(checkLedger([], balance({})).adds).toBe(true);
  });

  it('splits the lots holding coins from the others, keeping their order', () => {
    const lots = [lot('BONUS', 1), lot('COIN', 0, 'SPENT'), lot('COIN', 3), lot('FREE_COIN', 2, 'EXPIRED')];
    const { held, closed } = splitLots(lots);
    expect(held).toEqual([lots[0], lots[2]]);
    expect(closed).toEqual([lots[1], lots[3]]);
  });
});
