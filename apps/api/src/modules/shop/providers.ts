import type { PaymentMethod } from '@balcony/contracts';
import type { OrderRow } from './repo.js';

// Payment providers behind one interface (DESIGN §5): the shop asks a provider for a checkout
// page and, on a refund, to give the money back. A provider that confirms payments by webhook
// (Stripe) has its route in routes.ts; the sandbox is confirmed by its own checkout page.

export interface Checkout {
  /** Where the member's browser goes to pay: the provider's page, or a path of the web (sandbox). */
  checkoutUrl: string;
  /** The provider's id of this payment (unique). */
  providerRef: string;
}

export interface PaymentProvider {
  readonly method: PaymentMethod;
  /** `webOrigin`: where the member's browser comes back to, already checked against the web's origins. */
  createCheckout(order: OrderRow, urls: { webOrigin: string }): Promise<Checkout>;
  refund(order: OrderRow): Promise<void>;
}

export type PaymentProviders = ReadonlyMap<PaymentMethod, PaymentProvider>;

/**
 * The default provider: no money moves. Its checkout is the web's page /shop/checkout/{order} on
 * the web origin the member is on, which offers success, failure and cancel
 * (POST /shop/orders/{id}/sandbox).
 */
export function createSandboxProvider(): PaymentProvider {
  return {
    method: 'SANDBOX',
    async createCheckout(order, { webOrigin }) {
      return { checkoutUrl: sandboxCheckoutUrl(webOrigin, order.id), providerRef: `sandbox_${order.id}` };
    },
    async refund() {
      // Nothing was taken, so nothing is given back; the order still turns REFUNDED.
    },
  };
}

export function sandboxCheckoutUrl(webOrigin: string, orderId: number): string {
  return `${webOrigin}/shop/checkout/${orderId}`;
}
