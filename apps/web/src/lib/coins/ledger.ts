import type { CoinBalance, CoinLot, CoinType } from '@balcony/contracts';

// Pure rules of the transparent ledger (/my/coins, issue 12 item 6): the page adds the lots up
// itself and shows whether they make the balance the api (and the header) gives.

/** The coin types that pay for episodes, in the order the page lists their sums. */
export const SPENDABLE_TYPES = ['COIN', 'FREE_COIN', 'BONUS'] as const satisfies readonly CoinType[];

const BALANCE_FIELD = { COIN: 'coin', FREE_COIN: 'freeCoin', BONUS: 'bonus', MILEAGE: 'mileage' } as const;

export interface LedgerCheck {
  /** Per spendable type: what its OPEN lots hold and what the balance says. */
  types: { type: (typeof SPENDABLE_TYPES)[number]; inLots: number; balance: number }[];
  /** What the OPEN lots of coins hold in all (points not included). */
  inLots: number;
  /** The balance of the header: coins, free coins and bonus coins. */
  total: number;
  pointsInLots: number;
  points: number;
  /** Every sum equals its balance. */
  adds: boolean;
}

/** Sums the coins left in the OPEN lots, type by type, against the balance. */
export function checkLedger(
  lots: readonly Pick<CoinLot, 'coinType' | 'status' | 'remaining'>[],
  balance: CoinBalance,
): LedgerCheck {
  const held = (type: CoinType) =>
    lots.filter((l) => l.status === 'OPEN' && l.coinType === type).reduce((sum, l) => sum + l.remaining, 0);
  const types = SPENDABLE_TYPES.map((type) => ({ type, inLots: held(type), balance: balance[BALANCE_FIELD[type]] }));
  const inLots = types.reduce((sum, t) => sum + t.inLots, 0);
  const pointsInLots = held('MILEAGE');
  return {
    types,
    inLots,
    total: balance.total,
    pointsInLots,
    points: balance.mileage,
    adds: inLots === balance.total && pointsInLots === balance.mileage && types.every((t) => t.inLots === t.balance),
  };
}

/** The lots that hold coins (OPEN), then all the others (used up, expired, refunded), each in the api's order. */
export function splitLots<L extends Pick<CoinLot, 'status'>>(lots: readonly L[]): { held: L[]; closed: L[] } {
  return { held: lots.filter((l) => l.status === 'OPEN'), closed: lots.filter((l) => l.status !== 'OPEN') };
}
