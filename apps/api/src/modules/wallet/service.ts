import type { CoinBalance, CoinUsedResponse } from '@balcony/contracts';
import type { MemberContext } from '../../context.js';

// The coin wallet (DESIGN §5). The ledger (accounts, transfers, lots) is built by the coins issue;
// until then no coin can be charged or granted, so every member truly holds none and has used none.

export async function balance(_ctx: MemberContext): Promise<CoinBalance> {
  return { coin: 0, freeCoin: 0, bonus: 0, mileage: 0, total: 0 };
}

/** Coins used, newest first. */
export async function coinsUsed(_ctx: MemberContext): Promise<CoinUsedResponse> {
  return { total: 0, items: [] };
}
