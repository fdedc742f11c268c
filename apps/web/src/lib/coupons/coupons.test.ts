import type { MemberCoupon } from '@balcony/contracts';
import { describe, expect, it } from 'vitest';
import { codeProblem, couponPath, discountedPrice, readCouponTab, shopDiscounts } from './coupons';

const coupon = (over: Partial<MemberCoupon>): MemberCoupon => ({
  id: 1,
  name: 'Spring',
  kind: 'DISCOUNT',
  status: 'UNUSED',
  coinType: null,
  coins: null,
  discountPercent: 20,
  discountAmount: null,
  minimumAmount: 499,
  currency: 'EUR',
  episode: null,
  registeredAt: '2026-01-01T00:00:00Z',
  expiresAt: null,
  usedAt: null,
  grantExpiresAt: null,
  orderId: null,
  ...over,
});

describe('the coupon screen', () => {
  it('has one address per tab and page', () => {
    expect(couponPath()).toBe('/coupon');
    expect(couponPath('used', 2)).toBe('/coupon?tab=used&page=2');
    expect(readCouponTab('used')).toBe('used');
    expect(readCouponTab(['used'])).toBe('usable');
    expect(readCouponTab(undefined)).toBe('usable');
  });

  it('refuses a blank code, and a shape no coupon has, before asking the api', () => {
    expect(codeProblem('  ')).toBe('INVALID_PARAMETER');
    expect(codeProblem('no such')).toBe('NOT_FOUND_COUPON');
    expect(codeProblem(' welcome-2026 ')).toBeNull();
  });
});

describe('the shop’s coupon picker', () => {
  it('offers unused discounts only', () => {
    const list = [
      coupon({ id: 1 }),
      coupon({ id: 2, status: 'PENDING' }),
      coupon({ id: 3, kind: 'COIN', status: 'USED' }),
      coupon({ id: 4, status: 'EXPIRED' }),
    ];
    expect(shopDiscounts(list).map((c) => c.id)).toEqual([1]);
  });

  it('shows what is left to pay, or nothing below the minimum', () => {
    expect(discountedPrice(coupon({}), 499)).toBe(400);
    expect(discountedPrice(coupon({}), 99)).toBeNull();
    expect(discountedPrice(coupon({ discountPercent: null, discountAmount: 150, minimumAmount: 0 }), 199)).toBe(49);
  });
});
