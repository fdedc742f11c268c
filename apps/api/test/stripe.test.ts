import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCoinProducts } from '../src/db/seed/coin-products.js';
import { checkLedger } from '../src/modules/wallet/service.js';
import { createMember } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';
import { type StripeStandIn, startStripeStandIn } from './support/stripe-stand-in.js';

// Stripe Checkout through the `stripe` client against a local stand-in of its API, and signed
// webhooks made with the package's own test-header helper (decision 0144). No network.

const WEBHOOK_SECRET = 'whsec_test_balcony';
/** The first of the web's origins: where a payment comes back to when the reader's is not one of them. */
const WEB = 'https://delitoon.example';
const stripe = new Stripe('sk_test_balcony');
let t: TestApp;
let standIn: StripeStandIn;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    webOrigins: [WEB, 'https://bom.example:8443'],
    payments: {
      sandbox: true,
      stripe: {
        secretKey: 'sk_test_balcony',
        webhookSecret: WEBHOOK_SECRET,
        webhookToleranceSeconds: 300,
        apiUrl: standIn.url,
      },
    },
  });
  await seedCoinProducts(t.database.db);
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

type Member = Awaited<ReturnType<typeof createMember>>;
const api = (method: 'GET' | 'POST', url: string, who: Member | undefined, payload?: object, brand?: string) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...brandHeaders(brand), ...(who?.headers ?? {}) },
    ...(payload ? { payload } : {}),
  });

async function stripeOrder(who: Member, coins = 30, brand?: string, extra: { body?: object; origin?: string } = {}) {
  const products = (await api('GET', '/shop/products', who, undefined, brand)).json().data.products;
  const product = products.find(
    (p: { coins: number; firstPurchaseOnly: boolean }) => p.coins === coins && !p.firstPurchaseOnly,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/shop/orders',
    headers: { ...brandHeaders(brand), ...who.headers, ...(extra.origin ? { origin: extra.origin } : {}) },
    payload: {
      productId: product.id,
      paymentMethod: 'STRIPE',
      agreements: ['TERMS', 'NO_WITHDRAWAL_RIGHT'],
      idempotencyKey: randomUUID(),
      ...extra.body,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The stand-in's session id of an order: the last one its checkout page was made for. */
function sessionOf(checkoutUrl: string): string {
  return checkoutUrl.split('/').pop() ?? '';
}

function webhook(event: object, opts: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? WEBHOOK_SECRET,
    ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
  });
  return t.app.inject({
    method: 'POST',
    url: '/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}
const completed = (sessionId: string, id = `evt_${randomUUID()}`) => ({
  id,
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid' } },
});
const balance = async (who: Member) => (await api('GET', '/coin', who)).json().data;

describe('Stripe Checkout', () => {
  it('offers Stripe beside the sandbox and opens a Checkout Session priced in Stripe’s unit', async () => {
    const m = await createMember(t.database.db, t.config.auth);
    expect((await api('GET', '/shop/products', m)).json().data.paymentMethods).toEqual(['SANDBOX', 'STRIPE']);
    const order = await stripeOrder(m);
    expect(order).toMatchObject({ status: 'UNPAID', paymentMethod: 'STRIPE', amount: 499, currency: 'EUR' });
    expect(order.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const sent = standIn.requests.filter((r) => r.path === '/v1/checkout/sessions').pop();
    expect(sent?.form.get('line_items[0][price_data][unit_amount]')).toBe('499');
    expect(sent?.form.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(sent?.form.get('success_url')).toBe(`${WEB}/shop/complete/${order.id}`);
    expect(sent?.idempotencyKey).toBe(`balcony-order-${order.id}`);

    // TWD has no minor unit on the brand, two in Stripe's API.
    const tw = await createMember(t.database.db, t.config.auth, { brandId: 'bom-tw' });
    await stripeOrder(tw, 30, 'bom-tw');
    expect(
      standIn.requests
        .filter((r) => r.path === '/v1/checkout/sessions')
        .pop()
        ?.form.get('line_items[0][price_data][unit_amount]'),
    ).toBe('15000');
  });

  it('credits an order once for a webhook delivered five times', async () => {
    const m = await createMember(t.database.db, t.config.auth);
    const order = await stripeOrder(m);
    const event = completed(sessionOf(order.checkoutUrl));
    const answers = await Promise.all(Array.from({ length: 5 }, () => webhook(event)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.json().data.outcome === 'applied')).toHaveLength(1);
    // Stripe may also send the same completion under another event id: still one charge.
    expect((await webhook(completed(sessionOf(order.checkoutUrl)))).statusCode).toBe(200);
    expect(await balance(m)).toMatchObject({ coin: 30, bonus: 5 });
    expect((await api('GET', `/shop/orders/${order.id}`, m)).json().data).toMatchObject({
      status: 'PAID',
      purchaseCount: 1,
    });
    expect(await checkLedger(t.database.db)).toEqual({ unbalanced: [], accounts: [], lots: [], members: [] });
  });

  it('refuses a webhook with a wrong signature or older than the tolerance, and changes nothing', async () => {
    const m = await createMember(t.database.db, t.config.auth);
    const order = await stripeOrder(m);
    const event = completed(sessionOf(order.checkoutUrl));
    const forged = await webhook(event, { secret: 'whsec_someone_else' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ result: 'FAIL', code: 'INVALID_PARAMETER' });
    const old = await webhook(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(old.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await balance(m)).total).toBe(0);
    expect((await api('GET', `/shop/orders/${order.id}`, m)).json().data.status).toBe('UNPAID');
  });

  it('cancels an order whose session expired, and refunds through Stripe', async () => {
    const m = await createMember(t.database.db, t.config.auth);
    const expired = await stripeOrder(m);
    await webhook({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'checkout.session.expired',
      data: { object: { id: sessionOf(expired.checkoutUrl), object: 'checkout.session', payment_status: 'unpaid' } },
    });
    expect((await api('GET', `/shop/orders/${expired.id}`, m)).json().data.status).toBe('CANCELLED');

    const paid = await stripeOrder(m, 12);
    await webhook(completed(sessionOf(paid.checkoutUrl)));
    const refunded = await api('POST', `/shop/orders/${paid.id}/refund`, m);
    expect(refunded.json().data.status).toBe('REFUNDED');
    const refund = standIn.requests.filter((r) => r.path === '/v1/refunds').pop();
    expect(refund?.form.get('payment_intent')).toBe(`pi_for_${sessionOf(paid.checkoutUrl)}`);
    expect((await balance(m)).total).toBe(0);
    expect(await checkLedger(t.database.db)).toEqual({ unbalanced: [], accounts: [], lots: [], members: [] });
  });
});

describe('where Stripe Checkout sends the reader back', () => {
  /** The success and cancel addresses of the last Checkout Session made. */
  const returns = () => {
    const sent = standIn.requests.filter((r) => r.path === '/v1/checkout/sessions').pop();
    return [sent?.form.get('success_url'), sent?.form.get('cancel_url')];
  };

  it('to the web origin the reader is on, as the web sends it or the Origin header says', async () => {
    const m = await createMember(t.database.db, t.config.auth);
    const sent = await stripeOrder(m, 30, undefined, { body: { webOrigin: 'https://bom.example:8443' } });
    expect(returns()).toEqual([
      `https://bom.example:8443/shop/complete/${sent.id}`,
      `https://bom.example:8443/shop/complete/${sent.id}`,
    ]);
    const byHeader = await stripeOrder(m, 30, undefined, { origin: 'https://bom.example:8443' });
    expect(returns()[0]).toBe(`https://bom.example:8443/shop/complete/${byHeader.id}`);
    const none = await stripeOrder(m);
    expect(returns()[0]).toBe(`${WEB}/shop/complete/${none.id}`);
  });

  it('to the first web origin for any other origin: another host or port, a script, a user-info trick', async () => {
    const m = await createMember(t.database.db, t.config.auth);
    for (const forged of [
      'https://evil.example',
      'https://delitoon.example.evil.example',
      'javascript:alert(document.cookie)',
      'https://delitoon.example@evil.example',
      'https://bom.example:9999',
      'http://delitoon.example',
      'https://bom.example:8443/shop',
    ]) {
      const inBody = await stripeOrder(m, 30, undefined, { body: { webOrigin: forged } });
      expect(returns(), forged).toEqual([`${WEB}/shop/complete/${inBody.id}`, `${WEB}/shop/complete/${inBody.id}`]);
      const inHeader = await stripeOrder(m, 30, undefined, { origin: forged });
      expect(returns()[0], forged).toBe(`${WEB}/shop/complete/${inHeader.id}`);
    }
    // An allowed Origin header does not make a forged body field count.
    const both = await stripeOrder(m, 30, undefined, {
      body: { webOrigin: 'https://evil.example' },
      origin: 'https://bom.example:8443',
    });
    expect(returns()[0]).toBe(`${WEB}/shop/complete/${both.id}`);
  });
});
