import { z } from 'zod';
import type { BrandConfig } from './brands.js';
import { CoinBalance, IdempotencyKey } from './coins.js';
import { DAY_MS, EXCHANGED_BONUS_VALID_DAYS, MILEAGE_EXCHANGE_UNIT, MILEAGE_MIN_EXCHANGE } from './constants.js';
import { validateMileageExchange } from './validators.js';

// Points (MILEAGE, spec §3 "points, symbol P"; §5, §9): earned on paid charges by the brand's
// rule, exchanged in units of 100 from 3000 at the brand's rate into bonus coins valid 30 days.
// The arithmetic lives here once: the api applies it, the exchange screen previews it
// (docs/decisions/0165-points-earned-on-paid-charges.md, 0166-exchanging-points.md).

/** The most points one exchange may name (far past any balance; keeps the input in range). */
export const MILEAGE_EXCHANGE_MAX = 100_000_000;

/**
 * Points a paid charge of `paidCoins` earns: the brand's `pointsEarnPercent` of their value at its
 * rate, rounded down (5 % at 20 points per coin: 1 point per paid coin, 140 coins → 140 P).
 */
export function pointsForCharge(
  brand: Pick<BrandConfig, 'pointsPerCoin' | 'pointsEarnPercent'>,
  paidCoins: number,
): number {
  return Math.floor((paidCoins * brand.pointsPerCoin * brand.pointsEarnPercent) / 100);
}

/** Bonus coins `points` buy at `pointsPerCoin` points each, rounded down. */
export function bonusCoinsFor(points: number, pointsPerCoin: number): number {
  return Math.floor(points / pointsPerCoin);
}

/** When bonus coins exchanged at `now` expire (spec §9: 30 days). */
export function exchangedBonusExpiry(now: Date): Date {
  return new Date(now.getTime() + EXCHANGED_BONUS_VALID_DAYS * DAY_MS);
}

/** The most points one exchange can take from `held`: whole units, none under the minimum. */
export function largestMileageExchange(held: number): number {
  if (held < MILEAGE_MIN_EXCHANGE) return 0;
  return held - (held % MILEAGE_EXCHANGE_UNIT);
}

const REFUSALS = ['EXCHANGE_MILEAGE_INSUFFICIENT', 'MILEAGE_INSUFFICIENT', 'INVALID_PARAMETER'] as const;

/** Why an exchange would be refused: the amount (minimum, unit), the balance, or an impossible number. */
export const MileageExchangeRefusal = z.enum(REFUSALS);
export type MileageExchangeRefusal = z.infer<typeof MileageExchangeRefusal>;

const isRefusal = (code: string): code is MileageExchangeRefusal => (REFUSALS as readonly string[]).includes(code);

/** What exchanging `points` would give now; nothing changes. */
export const MileageExchangeQuote = z.object({
  points: z.number().int(),
  /** Bonus coins credited (0 when refused). */
  bonusCoins: z.number().int(),
  /** When those bonus coins expire. */
  bonusExpiresAt: z.string(),
  /** Points held after the exchange (all of them when refused). */
  pointsLeft: z.number().int(),
  /** Null when the exchange would be made, else the code it would be refused with. */
  refusal: MileageExchangeRefusal.nullable(),
});
export type MileageExchangeQuote = z.infer<typeof MileageExchangeQuote>;

/**
 * The quote of exchanging `points` out of `held` at `pointsPerCoin`, as the api makes the
 * exchange: validateMileageExchange's refusal, else floor(points / rate) bonus coins valid
 * 30 days from `now`.
 */
export function quoteMileageExchange(input: {
  points: number;
  held: number;
  pointsPerCoin: number;
  now: Date;
}): MileageExchangeQuote {
  const check = validateMileageExchange(input.points, input.held);
  // validateMileageExchange answers only these three codes.
  const refusal = check.ok ? null : isRefusal(check.code) ? check.code : 'INVALID_PARAMETER';
  return {
    points: input.points,
    bonusCoins: refusal ? 0 : bonusCoinsFor(input.points, input.pointsPerCoin),
    bonusExpiresAt: exchangedBonusExpiry(input.now).toISOString(),
    pointsLeft: refusal ? input.held : input.held - input.points,
    refusal,
  };
}

/** GET /coin/mileage/exchange: `points` asks for a quote as well. */
export const MileageExchangeQuery = z.object({
  points: z.coerce.number().int().min(1).max(MILEAGE_EXCHANGE_MAX).optional(),
});
export type MileageExchangeQuery = z.infer<typeof MileageExchangeQuery>;

/** The exchange screen's facts: the points held, their soonest expiry, the brand's rule, and a quote. */
export const MileageExchangeInfo = z.object({
  /** Unexpired points held now. */
  mileage: z.number().int(),
  /** The points that expire first, and when; null when none expire. */
  soonestExpiry: z.object({ amount: z.number().int(), expiresAt: z.string() }).nullable(),
  /** The brand's rate: points per bonus coin. */
  pointsPerCoin: z.number().int(),
  minimum: z.number().int(),
  unit: z.number().int(),
  bonusValidDays: z.number().int(),
  /** The most points one exchange can take now (0 under the minimum). */
  maxPoints: z.number().int(),
  /** For `?points=`: what that exchange would give. */
  quote: MileageExchangeQuote.nullable(),
});
export type MileageExchangeInfo = z.infer<typeof MileageExchangeInfo>;

/** POST /coin/mileage/exchange: `key` is the attempt's own, so a retry or a double click applies once. */
export const MileageExchangeRequest = z.object({
  points: z.number().int().min(1).max(MILEAGE_EXCHANGE_MAX),
  key: IdempotencyKey,
});
export type MileageExchangeRequest = z.infer<typeof MileageExchangeRequest>;

/** What an exchange did (the same for a retried key), and the balances after it. */
export const MileageExchangeResult = z.object({
  points: z.number().int(),
  bonusCoins: z.number().int(),
  bonusExpiresAt: z.string(),
  balance: CoinBalance,
});
export type MileageExchangeResult = z.infer<typeof MileageExchangeResult>;
