import { type CouponTab, discountOf, type MemberCoupon, validateCouponCode } from '@balcony/contracts';

// Pure rules of the coupon screens (spec §2 /coupon, §5 "coupon code non-empty"): the tab of the
// address, what the register form may send, and which discounts the shop's picker offers.

export const COUPON_TABS: readonly CouponTab[] = ['usable', 'used'];

/** /coupon lists the coupons to use; /coupon?tab=used those used or expired. */
export function couponPath(tab: CouponTab = 'usable', page = 1): string {
  const params = new URLSearchParams();
  if (tab !== 'usable') params.set('tab', tab);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/coupon?${query}` : '/coupon';
}

export function readCouponTab(value: string | string[] | undefined): CouponTab {
  return value === 'used' ? 'used' : 'usable';
}

/**
 * What the form may send: null when it may, else the code of the message to show at once
 * (a blank code is INVALID_PARAMETER, spec §5; another shape is as unknown as a wrong code).
 */
export function codeProblem(code: string): 'INVALID_PARAMETER' | 'NOT_FOUND_COUPON' | null {
  const check = validateCouponCode(code);
  return check.ok ? null : check.code === 'INVALID_PARAMETER' ? 'INVALID_PARAMETER' : 'NOT_FOUND_COUPON';
}

/** The member's discounts the shop may apply now: unused ones (a pending one is on another charge). */
export function shopDiscounts(coupons: readonly MemberCoupon[]): MemberCoupon[] {
  return coupons.filter((c) => c.kind === 'DISCOUNT' && c.status === 'UNUSED');
}

/** What a discount leaves to pay for a price, or null when the price is below its minimum. */
export function discountedPrice(coupon: MemberCoupon, price: number): number | null {
  const off = discountOf(
    {
      discountPercent: coupon.discountPercent,
      discountAmount: coupon.discountAmount,
      minimumAmount: coupon.minimumAmount ?? 0,
    },
    price,
  );
  return off === null ? null : price - off;
}
