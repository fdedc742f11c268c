import { COUPON_CODE_ALPHABET, DAY_MS } from '@balcony/contracts';
import { describe, expect, it } from 'vitest';
import {
  codeHash,
  coinExpiry,
  discountExpiry,
  exhaustedCode,
  generateCode,
  memberCouponStatus,
  registrationRefusal,
} from './rules.js';

const now = new Date('2026-06-01T12:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * DAY_MS);

describe('codes', () => {
  it('hash the canonical form: case, spaces and dashes make no other code', () => {
    expect(codeHash(' abcd-efgh ')).toBe(codeHash('ABCDEFGH'));
    expect(codeHash('ABCDEFGH')).not.toBe(codeHash('ABCDEFGI'));
    expect(codeHash('ABCDEFGH')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('are generated as 16 symbols of the 32-letter alphabet in groups of four, without repeats', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    expect(new Set(codes).size).toBe(2000);
    for (const code of codes) {
      expect(code).toMatch(/^(\w{4}-){3}\w{4}$/);
      expect([...code.replaceAll('-', '')].every((c) => COUPON_CODE_ALPHABET.includes(c))).toBe(true);
    }
    // Every symbol turns up: the draw covers the alphabet.
    expect(new Set(codes.join('').replaceAll('-', '')).size).toBe(32);
  });
});

describe('registration window and uses', () => {
  it('is unknown before it opens and expired once it ends', () => {
    expect(registrationRefusal({ startsAt: days(1), endsAt: null }, now)).toBe('NOT_FOUND_COUPON');
    expect(registrationRefusal({ startsAt: days(-1), endsAt: now }, now)).toBe('EXPIRED_COUPON');
    expect(registrationRefusal({ startsAt: null, endsAt: days(1) }, now)).toBeNull();
    expect(registrationRefusal({ startsAt: null, endsAt: null }, now)).toBeNull();
  });

  it('a single-use code is used, a shared one sold out', () => {
    expect(exhaustedCode({ maxUses: 1 })).toBe('ALREADY_USED_COUPON');
    expect(exhaustedCode({ maxUses: 50 })).toBe('SOLD_OUT_COUPON');
  });
});

describe('expiries', () => {
  it('coins: validDays, else 90 days for BONUS and 30 for FREE_COIN; COIN and MILEAGE never', () => {
    expect(coinExpiry('BONUS', null, now)).toEqual(days(90));
    expect(coinExpiry('FREE_COIN', null, now)).toEqual(days(30));
    expect(coinExpiry('BONUS', 7, now)).toEqual(days(7));
    expect(coinExpiry('COIN', null, now)).toBeNull();
    expect(coinExpiry('MILEAGE', null, now)).toBeNull();
    expect(coinExpiry('MILEAGE', 10, now)).toEqual(days(10));
  });

  it('a discount: usableDays after registering, never past the coupon’s end', () => {
    expect(discountExpiry({ usableDays: 30, endsAt: null }, now)).toEqual(days(30));
    expect(discountExpiry({ usableDays: 30, endsAt: days(5) }, now)).toEqual(days(5));
    expect(discountExpiry({ usableDays: null, endsAt: days(5) }, now)).toEqual(days(5));
    expect(discountExpiry({ usableDays: null, endsAt: null }, now)).toBeNull();
  });
});

describe('a member’s coupon status', () => {
  const discount = (holderStatus: Parameters<typeof memberCouponStatus>[0]['holderStatus'], expiresAt = days(1)) =>
    memberCouponStatus({ kind: 'DISCOUNT', expiresAt, holderStatus }, now);

  it('coins and tickets are used once registered', () => {
    for (const kind of ['COIN', 'EPISODE_RENT', 'EPISODE_POSSESSION'] as const)
      expect(memberCouponStatus({ kind, expiresAt: null, holderStatus: null }, now)).toBe('USED');
  });

  it('a discount is unused, pending on an unpaid charge, used once paid, free again after a failed one, expired when late', () => {
    expect(discount(null)).toBe('UNUSED');
    expect(discount('UNPAID')).toBe('PENDING');
    expect(discount('PAID')).toBe('USED');
    expect(discount('CANCELLED')).toBe('UNUSED');
    expect(discount('REFUNDED')).toBe('UNUSED');
    expect(discount(null, days(-1))).toBe('EXPIRED');
    expect(discount('PAID', days(-1))).toBe('USED');
  });
});
