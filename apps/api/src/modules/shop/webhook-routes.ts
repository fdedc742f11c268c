import { AppError } from '@balcony/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import type { Services } from '../../context.js';
import type { Db } from '../../db/client.js';
import { ok } from '../../http/envelope.js';
import * as shop from './service.js';

/**
 * POST /payments/stripe/webhook: Stripe's notifications, outside /api/v1 since Stripe sends none
 * of its headers. The raw body is checked against `Stripe-Signature` (HMAC with the webhook
 * secret, timestamp within the tolerance); anything else answers 400 and changes nothing.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{
  db: Db;
  services: Services;
  stripe: Stripe;
  webhookSecret: string;
  toleranceSeconds: number;
}> = async (app, { db, services, stripe, webhookSecret, toleranceSeconds }) => {
  // Only in this plugin: the signature is over the exact bytes Stripe sent.
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.post('/payments/stripe/webhook', async (request) => {
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new AppError('INVALID_PARAMETER');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret, toleranceSeconds);
    } catch {
      throw new AppError('INVALID_PARAMETER');
    }
    const session = event.type.startsWith('checkout.session.') ? (event.data.object as Stripe.Checkout.Session) : null;
    const outcome = session
      ? await shop.applyStripeEvent(
          { db, services, log: request.log },
          { id: event.id, type: event.type, sessionId: session.id, paid: session.payment_status === 'paid' },
        )
      : 'ignored';
    return ok({ received: true, outcome });
  });
};
