import type { CoinBalance, CoinType } from '@balcony/contracts';

// The spending order of DESIGN §5, pure so that it is tested on its own: an episode is paid from
// free and bonus coins first, the lot that expires soonest first, then from paid coins, oldest
// first. Points (MILEAGE) never pay for episodes; they are only exchanged. The purchase statement
// (drizzle/0022, decision 0296) pays in this order in SQL; coins.test.ts holds the two together.

export interface OpenLot {
  id: number;
  ledger: CoinType;
  remaining: number;
  expiresAt: Date | null;
  createdAt: Date;
}

export interface Allocation {
  lotId: number;
  ledger: CoinType;
  amount: number;
}

/** Coin types that pay for episodes. */
export const SPENDABLE_LEDGERS: readonly CoinType[] = ['FREE_COIN', 'BONUS', 'COIN'];

const time = (d: Date | null) => d?.getTime() ?? Number.POSITIVE_INFINITY;

const soonestExpiringFirst = (a: OpenLot, b: OpenLot) =>
  time(a.expiresAt) - time(b.expiresAt) || a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id;
const oldestFirst = (a: OpenLot, b: OpenLot) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id;

const usable = (l: Pick<OpenLot, 'remaining' | 'expiresAt'>, now: Date) =>
  l.remaining > 0 && time(l.expiresAt) > now.getTime();

/** Lots in the order they are spent on episodes; expired and empty lots and points are left out. */
export function spendingOrder(lots: readonly OpenLot[], now: Date): OpenLot[] {
  const spendable = lots.filter((l) => usable(l, now) && SPENDABLE_LEDGERS.includes(l.ledger));
  return [
    ...spendable.filter((l) => l.ledger !== 'COIN').sort(soonestExpiringFirst),
    ...spendable.filter((l) => l.ledger === 'COIN').sort(oldestFirst),
  ];
}

function take(ordered: readonly OpenLot[], amount: number): Allocation[] | null {
  const out: Allocation[] = [];
  let left = amount;
  for (const lot of ordered) {
    if (left === 0) break;
    const taken = Math.min(left, lot.remaining);
    out.push({ lotId: lot.id, ledger: lot.ledger, amount: taken });
    left -= taken;
  }
  return left === 0 ? out : null;
}

/** Which lots of any one type give up `amount` (an admin's deduction): soonest expiring first. */
export function allocateDeduction(lots: readonly OpenLot[], amount: number, now: Date): Allocation[] | null {
  return take(lots.filter((l) => usable(l, now)).sort(soonestExpiringFirst), amount);
}

/** What is left in each lot once these allocations are taken out of it. */
export function afterAllocations<L extends Pick<OpenLot, 'id' | 'remaining'>>(
  lots: readonly L[],
  allocations: readonly Pick<Allocation, 'lotId' | 'amount'>[],
): L[] {
  const taken = new Map<number, number>();
  for (const a of allocations) taken.set(a.lotId, (taken.get(a.lotId) ?? 0) + a.amount);
  return lots.map((l) => ({ ...l, remaining: l.remaining - (taken.get(l.id) ?? 0) }));
}

const MAX_EXPIRING_SHOWN = 5;

/** Balances by type as they can be used now (unexpired coins left), and the soonest expiries. */
export function balanceFrom(
  lots: readonly Pick<OpenLot, 'ledger' | 'remaining' | 'expiresAt'>[],
  now: Date,
): CoinBalance {
  const open = lots.filter((l) => usable(l, now));
  const sum = (ledger: CoinType) => open.filter((l) => l.ledger === ledger).reduce((s, l) => s + l.remaining, 0);
  const coin = sum('COIN');
  const freeCoin = sum('FREE_COIN');
  const bonus = sum('BONUS');
  const expiring = open
    .filter((l): l is typeof l & { expiresAt: Date } => l.expiresAt !== null)
    .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime())
    .slice(0, MAX_EXPIRING_SHOWN)
    .map((l) => ({ type: l.ledger, amount: l.remaining, expiresAt: l.expiresAt.toISOString() }));
  return { coin, freeCoin, bonus, mileage: sum('MILEAGE'), total: coin + freeCoin + bonus, expiring };
}
