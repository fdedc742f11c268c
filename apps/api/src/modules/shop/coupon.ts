import { AppError } from '@balcony/contracts';
import { type MemberContext, withTransaction } from '../../context.js';
import * as coupons from '../coupons/service.js';
import * as repo from './repo.js';

// A member's discount coupon applied to a coin product order (issue 12, decision 0159). The order
// records the coupon and the discount; the coupon counts as used once that order is PAID, and is
// free again when it fails, is cancelled or refunded, so nothing here runs at payment time.

/**
 * Inserts the order at its price, or with the coupon's discount taken off when `couponId` is
 * given, in one transaction holding the coupon's row, so two orders cannot apply one coupon at
 * once. A coupon already held by a paid order is ALREADY_USED_COUPON; one held by an unpaid
 * sandbox order (a checkout left without an answer) moves to this order and that one is
 * cancelled, since no money can reach it; one held by an unpaid order of a real provider stays
 * with it (ALREADY_USED_COUPON) until its checkout ends. Null when the idempotency key already
 * made an order (the caller answers that one).
 */
export async function insertOrderApplyingCoupon(
  ctx: MemberContext,
  couponId: number | undefined,
  values: repo.NewOrder,
): Promise<repo.OrderRow | null> {
  if (couponId === undefined) return repo.insertOrderUnlessKeyTaken(ctx.db, values);
  return withTransaction(ctx, async (tx) => {
    const { discount } = await coupons.lockDiscount(tx, { memberCouponId: couponId, amount: values.amount });
    // A retry of the same key waited for the coupon behind the first attempt: it answers that order.
    if (await repo.findOrderByKey(tx.db, tx.user.id, values.idempotencyKey)) return null;
    for (const held of await repo.lockOrdersHoldingCoupon(tx.db, couponId)) {
      if (held.status === 'PAID' || held.provider !== 'SANDBOX') throw new AppError('ALREADY_USED_COUPON');
      await repo.updateOrder(tx.db, held.id, { status: 'CANCELLED' });
    }
    return repo.insertOrderUnlessKeyTaken(tx.db, {
      ...values,
      amount: values.amount - discount,
      discount,
      couponUserId: couponId,
    });
  });
}
