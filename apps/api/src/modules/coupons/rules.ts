import { createHash, randomInt } from 'node:crypto';
import {
  COUPON_CODE_ALPHABET,
  COUPON_CODE_SYMBOLS,
  type CoinType,
  type CouponKind,
  canonicalCouponCode,
  DAY_MS,
  type ErrorCode,
  formatGeneratedCode,
  type MemberCouponStatus,
  type OrderStatus,
  PRODUCT_BONUS_VALID_DAYS,
  PRODUCT_FREE_COIN_VALID_DAYS,
} from '@balcony/contracts';

// The coupon rules (decisions 0157–0160), pure so that they are tested on their own: how a code
// is stored and made, when a coupon may be registered, when what it gives expires, and which
// state a member's coupon is in.

/**
 * The stored form of a code: a SHA-256 of its canonical form. Looking a code up by this hash
 * through a unique index means no code is ever compared character by character, so the time of
 * an answer tells nothing about how close a guess came (decision 0158).
 */
export function codeHash(code: string): string {
  return createHash('sha256')
    .update(`balcony-coupon:v1:${canonicalCouponCode(code)}`)
    .digest('hex');
}

/** A fresh code of 80 random bits from the operating system, e.g. `7K2M-QX9D-0RTP-HB4C`. */
export function generateCode(): string {
  return formatGeneratedCode(Array.from({ length: COUPON_CODE_SYMBOLS }, () => randomInt(COUPON_CODE_ALPHABET.length)));
}

/** When a coupon may be registered: from `startsAt` (not yet: as unknown), until `endsAt`. */
export function registrationRefusal(
  coupon: { startsAt: Date | null; endsAt: Date | null },
  now: Date,
): 'NOT_FOUND_COUPON' | 'EXPIRED_COUPON' | null {
  if (coupon.startsAt && coupon.startsAt > now) return 'NOT_FOUND_COUPON';
  if (coupon.endsAt && coupon.endsAt <= now) return 'EXPIRED_COUPON';
  return null;
}

/** A code with no use left: a single-use code was used; a shared one ran out. */
export function exhaustedCode(code: { maxUses: number | null }): ErrorCode {
  return code.maxUses === 1 ? 'ALREADY_USED_COUPON' : 'SOLD_OUT_COUPON';
}

/**
 * When coins a coupon gives expire, as an admin's charge would: after `validDays` when given,
 * else BONUS after 90 days and FREE_COIN after 30; COIN and MILEAGE never.
 */
export function coinExpiry(coinType: CoinType, validDays: number | null, now: Date): Date | null {
  const days =
    validDays ??
    (coinType === 'BONUS' ? PRODUCT_BONUS_VALID_DAYS : coinType === 'FREE_COIN' ? PRODUCT_FREE_COIN_VALID_DAYS : null);
  return days === null ? null : new Date(now.getTime() + days * DAY_MS);
}

/** Until when a registered discount may be applied: `usableDays` after registering, never past the coupon's end. */
export function discountExpiry(
  coupon: { usableDays: number | null; endsAt: Date | null },
  registeredAt: Date,
): Date | null {
  const byDays = coupon.usableDays === null ? null : new Date(registeredAt.getTime() + coupon.usableDays * DAY_MS);
  if (byDays && coupon.endsAt) return new Date(Math.min(byDays.getTime(), coupon.endsAt.getTime()));
  return byDays ?? coupon.endsAt;
}

/**
 * A member's coupon as the list shows it. Coins and tickets are used when registered; a
 * discount is used once the charge it was applied to is paid, pending while that charge is
 * unpaid, and free again if the charge failed, was cancelled or refunded (decision 0159).
 */
export function memberCouponStatus(
  row: { kind: CouponKind; expiresAt: Date | null; holderStatus: OrderStatus | null },
  now: Date,
): MemberCouponStatus {
  if (row.kind !== 'DISCOUNT' || row.holderStatus === 'PAID') return 'USED';
  if (row.holderStatus === 'UNPAID') return 'PENDING';
  return row.expiresAt && row.expiresAt <= now ? 'EXPIRED' : 'UNUSED';
}
