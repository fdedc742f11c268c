import { type RegisterCouponResult, RegisterCouponResult as RegisterCouponResultSchema } from '@balcony/contracts';
import { frontFetch } from '@/components/session/front-fetch';

// The browser's coupon call, through the front proxy, its answer checked against the contract.
// Loaded by the register form only when a code is sent.

export function registerCoupon(code: string): Promise<RegisterCouponResult> {
  return frontFetch('/coupons', RegisterCouponResultSchema, { method: 'POST', body: { code } });
}
