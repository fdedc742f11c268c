import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the part of Stripe's API the shop calls (Checkout Sessions and refunds),
// so that tests drive the real `stripe` client over HTTP without the network.

export interface StandInRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
}

export interface StripeStandIn {
  url: string;
  requests: StandInRequest[];
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  let n = 0;
  const server = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const form = new URLSearchParams(await bodyOf(req));
    const key = req.headers['idempotency-key'];
    requests.push({ method: req.method ?? '', path, form, idempotencyKey: typeof key === 'string' ? key : undefined });
    const send = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++n}` });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${++n}`;
      return send(200, {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        payment_status: 'unpaid',
        payment_intent: null,
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]'),
      });
    }
    const session = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    if (req.method === 'GET' && session) {
      return send(200, { id: session[1], object: 'checkout.session', payment_intent: `pi_for_${session[1]}` });
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      return send(200, {
        id: `re_test_${++n}`,
        object: 'refund',
        status: 'succeeded',
        payment_intent: form.get('payment_intent'),
      });
    }
    send(404, { error: { type: 'invalid_request_error', message: `no route ${req.method} ${path}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
