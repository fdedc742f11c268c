import {
  AppError,
  type CoinType,
  DAY_MS,
  type GiftStatus,
  PRODUCT_BONUS_VALID_DAYS,
  PRODUCT_FREE_COIN_VALID_DAYS,
} from '@balcony/contracts';

// Pure rules of the gift box (docs/decisions/0161-gift-box.md), tested on their own.

/**
 * How long gifted coins stay valid once received: as long as the sender says, else as a coin
 * product's bonus (90 days) or free coins (30 days); paid COIN never expires and takes no
 * `validDays`; points only expire when the sender says so.
 */
export function giftCoinValidDays(coinType: CoinType, validDays: number | undefined): number | null {
  if (coinType === 'COIN') {
    if (validDays !== undefined) {
      throw new AppError('INVALID_PARAMETER', { field: 'validDays', reason: 'paid coins (COIN) never expire' });
    }
    return null;
  }
  if (validDays !== undefined) return validDays;
  if (coinType === 'BONUS') return PRODUCT_BONUS_VALID_DAYS;
  if (coinType === 'FREE_COIN') return PRODUCT_FREE_COIN_VALID_DAYS;
  return null;
}

/** When coins received at `receivedAt` expire. */
export function receivedCoinsExpireAt(receivedAt: Date, validDays: number | null): Date | null {
  return validDays === null ? null : new Date(receivedAt.getTime() + validDays * DAY_MS);
}

/** The form a MAIL target is kept and matched in. */
export function normalizeGiftEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface GiftFacts {
  userId: number | null;
  status: GiftStatus;
  expiresAt: Date;
}

/**
 * Why `memberId` cannot receive this gift now, as the code the member is told; null when they
 * can. Someone else's gift (a USER gift to another member, a MAIL gift to an address that is not
 * this member's confirmed one) is UN_MATCHED_GIFT_TARGET_TYPE; a gift already received is
 * ALREADY_GIVEN_GIFT; one that expired is gone from the box, NOT_FOUND_GIFT.
 */
export function refusalToReceive(
  gift: GiftFacts,
  memberId: number,
  now: Date,
): 'UN_MATCHED_GIFT_TARGET_TYPE' | 'ALREADY_GIVEN_GIFT' | 'NOT_FOUND_GIFT' | null {
  if (gift.userId !== memberId) return 'UN_MATCHED_GIFT_TARGET_TYPE';
  if (gift.status === 'RECEIVED') return 'ALREADY_GIVEN_GIFT';
  if (gift.status === 'EXPIRED' || gift.expiresAt <= now) return 'NOT_FOUND_GIFT';
  return null;
}

/** Whether `found` holds every one of `wanted` (an episode gift gives all its episodes or none). */
export function hasAllEpisodes(wanted: readonly number[], found: readonly { id: number }[]): boolean {
  const present = new Set(found.map((e) => e.id));
  return wanted.length > 0 && wanted.every((id) => present.has(id));
}
