import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedCoinProducts } from '../src/db/seed/coin-products.js';
import * as wallet from '../src/modules/wallet/service.js';
import { createMember } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';

// Spec §7 POST /api/logger and POST /third-party/facebook/conversion (decisions 0261, 0262): the
// log line's bounds, and the conversion as a local stand-in of the configured endpoint receives it.

interface Received {
  path: string;
  body: { access_token: string; data: Record<string, unknown>[] };
}

/** The conversion endpoint's stand-in: records what it receives, answers with `status`. */
function standIn() {
  const received: Received[] = [];
  let status = 200;
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      res.writeHead(status, { 'content-type': 'application/json' }).end('{"events_received":1}');
    });
  });
  return {
    received,
    server,
    answerWith(next: number) {
      status = next;
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v23.0/pixel-1/events`;
    },
  };
}

const endpoint = standIn();
let t: TestApp;
let quiet: TestApp;
beforeAll(async () => {
  const url = await endpoint.listen();
  t = await createTestApp({ tracking: { facebook: { url, token: 'conversion-token-1' }, perMinute: 10_000 } });
  await seedCoinProducts(t.database.db);
  quiet = await createTestApp({ tracking: { facebook: undefined, perMinute: 3 } });
});
afterAll(async () => {
  await t.close();
  await quiet.close();
  await new Promise((resolve) => endpoint.server.close(resolve));
});
afterEach(async () => {
  expect(await wallet.checkLedger(t.database.db)).toEqual({ unbalanced: [], accounts: [], lots: [], members: [] });
});

type Member = Awaited<ReturnType<typeof createMember>>;
function post(url: string, payload: object, who?: Member, app: TestApp = t, extra: Record<string, string> = {}) {
  return app.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...brandHeaders(), ...(who?.headers ?? {}), ...extra },
    payload,
  });
}

const line = (over: object = {}) => ({
  logType: 'event',
  platform: 'WEB',
  date: '2026-11-28T09:00:00.000Z',
  url: 'https://delitoon.example/detail/4',
  action: 'page_view',
  data: { path: '/detail/4', measurement: true },
  ...over,
});

describe('POST /logger', () => {
  it('takes a bounded line from a visitor and a member', async () => {
    const visitor = await post('/logger', line());
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ result: 'SUCCESS', data: { logged: true } });
    const m = await createMember(t.database.db, t.config.auth);
    expect((await post('/logger', line({ logType: 'error', ip: '203.0.113.9' }), m)).json().data).toEqual({
      logged: true,
    });
  });

  it.each([
    ['a debug line (never sent)', { logType: 'debug' }],
    ['an unknown log type', { logType: 'trace' }],
    ['a NUL byte in a value', { data: { path: '/a\u0000b' } }],
    ['a NUL byte in the address', { url: 'https://delitoon.example/\u0000' }],
    ['a value past 512 characters', { data: { note: 'x'.repeat(513) } }],
    ['more than 20 fields', { data: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) }],
    ['a nested value', { data: { nested: { a: 1 } } }],
    ['an address past 2048 characters', { url: `https://delitoon.example/${'a'.repeat(2048)}` }],
    ['an address that is not http', { url: 'javascript:alert(1)' }],
    ['an action with spaces', { action: 'page view' }],
    ['a date that is not one', { date: 'yesterday' }],
    ['an unknown platform', { platform: 'DESKTOP' }],
    ['an unknown field', { level: 'info' }],
  ])('refuses %s with INVALID_PARAMETER', async (_name, over) => {
    const res = await post('/logger', line(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_PARAMETER');
  });

  it('limits the calls of one client address', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 5; i += 1) codes.push((await post('/logger', line(), undefined, quiet)).json().result);
    expect(codes.slice(0, 3)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
    const refused = await post('/logger', line(), undefined, quiet);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_REQUESTS');
  });
});

/** A member with one paid sandbox order of 12 coins. */
async function memberWithPaidOrder() {
  const m = await createMember(t.database.db, t.config.auth);
  const products = (
    await t.app.inject({ method: 'GET', url: '/api/v1/shop/products', headers: { ...brandHeaders(), ...m.headers } })
  ).json().data.products as { id: number; coins: number; firstPurchaseOnly: boolean }[];
  const product = products.find((p) => p.coins === 12 && !p.firstPurchaseOnly);
  if (!product) throw new Error('no product of 12 coins');
  const created = (
    await post(
      '/shop/orders',
      {
        productId: product.id,
        paymentMethod: 'SANDBOX',
        agreements: ['TERMS', 'NO_WITHDRAWAL_RIGHT'],
        idempotencyKey: randomUUID(),
      },
      m,
    )
  ).json().data;
  const order = (await post(`/shop/orders/${created.id}/sandbox`, { outcome: 'SUCCESS' }, m)).json().data;
  return { m, order: order as { id: number; amount: number; currency: string; productId: number; status: string } };
}

const pageView = (over: object = {}) => ({
  acToken: 'evt-0123456789',
  action: 'PageView',
  actionUrl: 'https://delitoon.example/home',
  ...over,
});

describe('POST /third-party/facebook/conversion', () => {
  it('sends a page view to the configured endpoint with its token, the trusted address and the agent', async () => {
    endpoint.received.length = 0;
    const res = await post('/third-party/facebook/conversion', pageView(), undefined, t, {
      'user-agent': 'Reader/1.0',
    });
    expect(res.json()).toEqual({ result: 'SUCCESS', data: { result: 'SENT' } });
    expect(endpoint.received).toHaveLength(1);
    const [sent] = endpoint.received;
    expect(sent?.path).toBe('/v23.0/pixel-1/events');
    expect(sent?.body.access_token).toBe('conversion-token-1');
    expect(sent?.body.data).toEqual([
      {
        event_name: 'PageView',
        event_time: expect.any(Number),
        event_id: 'evt-0123456789',
        event_source_url: 'https://delitoon.example/home',
        action_source: 'website',
        user_data: { client_ip_address: '127.0.0.1', client_user_agent: 'Reader/1.0' },
      },
    ]);
  });

  it('sends a member’s purchase with the order’s own figures and a hashed member id', async () => {
    const { m, order } = await memberWithPaidOrder();
    endpoint.received.length = 0;
    const body = pageView({
      action: 'Purchase',
      purchaseParamsRequest: { orderId: order.id, value: order.amount, currency: order.currency },
    });
    expect((await post('/third-party/facebook/conversion', body, m)).json().data).toEqual({ result: 'SENT' });
    const event = endpoint.received[0]?.body.data[0];
    expect(event?.custom_data).toEqual({
      value: order.amount / 100,
      currency: 'EUR',
      order_id: String(order.id),
      content_ids: [String(order.productId)],
      content_type: 'product',
    });
    expect(event?.user_data).toMatchObject({ external_id: [expect.stringMatching(/^[0-9a-f]{64}$/)] });
  });

  it('refuses a purchase that is not the caller’s paid order, or with other figures', async () => {
    const { m, order } = await memberWithPaidOrder();
    const other = await createMember(t.database.db, t.config.auth);
    const purchase = (over: object = {}) =>
      pageView({
        action: 'Purchase',
        purchaseParamsRequest: { orderId: order.id, value: order.amount, currency: order.currency, ...over },
      });
    endpoint.received.length = 0;
    expect((await post('/third-party/facebook/conversion', purchase(), other)).json().code).toBe('NOT_EXIST');
    expect((await post('/third-party/facebook/conversion', purchase())).json().code).toBe('NOT_LOGIN_USER');
    expect((await post('/third-party/facebook/conversion', purchase({ value: 1 }), m)).json().code).toBe(
      'INVALID_PARAMETER',
    );
    expect((await post('/third-party/facebook/conversion', purchase({ orderId: 2 ** 31 }), m)).json().code).toBe(
      'INVALID_PARAMETER',
    );
    expect(endpoint.received).toHaveLength(0);
  });

  it.each([
    ['a purchase without its figures', { action: 'Purchase' }],
    ['figures on a page view', { purchaseParamsRequest: { orderId: 1, value: 1, currency: 'EUR' } }],
    ['an unknown action', { action: 'AddToCart' }],
    ['a short action token', { acToken: 'abc' }],
    ['a NUL byte in the address', { actionUrl: 'https://delitoon.example/\u0000' }],
  ])('refuses %s with INVALID_PARAMETER', async (_name, over) => {
    const res = await post('/third-party/facebook/conversion', pageView(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_PARAMETER');
  });

  it('answers FAILED when the endpoint refuses, and SKIPPED when none is configured', async () => {
    endpoint.answerWith(500);
    try {
      expect((await post('/third-party/facebook/conversion', pageView())).json()).toEqual({
        result: 'SUCCESS',
        data: { result: 'FAILED' },
      });
    } finally {
      endpoint.answerWith(200);
    }
    const unconfigured = await createTestApp();
    try {
      const skipped = await post('/third-party/facebook/conversion', pageView(), undefined, unconfigured);
      expect(skipped.json()).toEqual({ result: 'SUCCESS', data: { result: 'SKIPPED' } });
    } finally {
      await unconfigured.close();
    }
  });
});
