import type { Order, PaymentRecord } from '@balcony/contracts';

// What the shop's complete page does with an order: which state it shows, and the payment record
// of spec §3 it keeps until the conversion event is sent.

export type OrderView = 'paid' | 'pending' | 'failed' | 'cancelled' | 'refunded';

export function orderView(status: Order['status']): OrderView {
  switch (status) {
    case 'PAID':
      return 'paid';
    case 'UNPAID':
      return 'pending';
    case 'FAILED':
      return 'failed';
    case 'CANCELLED':
      return 'cancelled';
    case 'REFUNDED':
      return 'refunded';
  }
}

/** A Stripe redirect can arrive before its webhook: the page asks again every second, for 20 s. */
export const ORDER_POLL = { intervalMs: 1000, timeoutMs: 20_000 } as const;

/** The seven values of spec §3's payment record for a paid order; `coupon` is the member's coupon applied, if any. */
export function paymentRecordOf(order: Order): PaymentRecord {
  return {
    transactionId: String(order.id),
    amount: order.amount,
    currency: order.currency,
    paymentType: order.paymentMethod,
    coupon: order.couponId === null ? '' : String(order.couponId),
    itemId: String(order.productId),
    itemName: order.productName,
  };
}

/** Every coin the order credits. */
export function orderCoins(order: Pick<Order, 'coins' | 'bonusCoins' | 'freeCoins'>): number {
  return order.coins + order.bonusCoins + order.freeCoins;
}
