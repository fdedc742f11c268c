import Stripe from 'stripe';
import type { Checkout, PaymentProvider } from './providers.js';
import type { OrderRow } from './repo.js';

// Stripe Checkout (docs/decisions/0144-stripe-payments.md): a Checkout Session per order, paid on
// Stripe's page; the webhook `checkout.session.completed` (signature checked in routes.ts) marks
// the order paid. `apiUrl` points the client at another host (tests run a local stand-in).

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Seconds a webhook's signed timestamp may be old (Stripe's default is 300). */
  webhookToleranceSeconds: number;
  apiUrl: string | undefined;
}

/** Currencies Stripe counts in whole units; every other one of ours in hundredths (TWD included). */
const ZERO_DECIMAL = new Set(['JPY', 'KRW']);

/** An order's amount (in the brand currency's own minor unit) in the unit Stripe expects. */
export function stripeAmount(amount: number, currency: string, minorUnits: number): number {
  const stripeUnits = ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2;
  return amount * 10 ** (stripeUnits - minorUnits);
}

export function createStripeClient(settings: StripeSettings): Stripe {
  const url = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(url && {
      host: url.hostname,
      port: url.port || (url.protocol === 'http:' ? '80' : '443'),
      protocol: url.protocol === 'http:' ? 'http' : 'https',
    }),
  });
}

export function createStripeProvider(stripe: Stripe, minorUnitsOf: (currency: string) => number): PaymentProvider {
  return {
    method: 'STRIPE',
    async createCheckout(order: OrderRow, { webOrigin }): Promise<Checkout> {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: String(order.id),
          metadata: { orderId: String(order.id) },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currency.toLowerCase(),
                unit_amount: stripeAmount(order.amount, order.currency, minorUnitsOf(order.currency)),
                product_data: { name: order.productName },
              },
            },
          ],
          success_url: `${webOrigin}/shop/complete/${order.id}`,
          cancel_url: `${webOrigin}/shop/complete/${order.id}`,
        },
        { idempotencyKey: `balcony-order-${order.id}` },
      );
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
      return { checkoutUrl: session.url, providerRef: session.id };
    },
    async refund(order: OrderRow): Promise<void> {
      if (!order.providerRef) throw new Error(`order ${order.id} has no Stripe session`);
      const session = await stripe.checkout.sessions.retrieve(order.providerRef);
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new Error(`Stripe session ${order.providerRef} has no payment`);
      await stripe.refunds.create({ payment_intent: intent }, { idempotencyKey: `balcony-refund-${order.id}` });
    },
  };
}
