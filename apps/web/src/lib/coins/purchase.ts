import type { ErrorCode } from '@balcony/contracts';

// What a failed episode purchase leads to (spec §8 purchase codes and their follow-ups).

export type PurchaseFailure =
  /** COIN_INSUFFICIENT: to the shop, and back to the episode after charging. */
  | { kind: 'shop' }
  /** The session is gone: log in and come back. */
  | { kind: 'login' }
  /** Anything else is said in a toast. */
  | { kind: 'message'; code: string };

const LOGIN_CODES: ReadonlySet<string> = new Set([
  'NOT_LOGIN_USER',
  'MALFORMED_JWT',
  'EXPIRED_REFRESH_TOKEN',
  'NOT_FOUND_REFRESH_TOKEN',
  'NOT_FOUND_ACCESS_TOKEN',
]);

export function purchaseFailure(code: ErrorCode | 'CLIENT_FETCH_ERROR'): PurchaseFailure {
  if (code === 'COIN_INSUFFICIENT') return { kind: 'shop' };
  if (LOGIN_CODES.has(code)) return { kind: 'login' };
  return { kind: 'message', code };
}

/** The balance after paying `price`, or how many coins are missing (a negative number). */
export function balanceAfter(balance: number, price: number): number {
  return balance - price;
}
