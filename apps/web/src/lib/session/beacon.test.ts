import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));

// Requests come through apps/web/server.mjs, which stamps x-balcony-client-ip.
beforeAll(() => {
  vi.stubEnv('BALCONY_WEB_SERVER', '1');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

const { BEACON_MAX_BYTES, BEACON_RATE, createBeaconReceiver, createRateLimiter, readCapped } = await import('./beacon');

const { logDetails } = await import('../auth/log-codes');

const URL_HERE = 'http://127.0.0.1:3100/api/auth/_log';

function beacon(body: unknown, headers: Record<string, string> = {}): NextRequest {
  return new NextRequest(URL_HERE, {
    method: 'POST',
    headers: {
      host: '127.0.0.1:3100',
      origin: 'http://127.0.0.1:3100',
      'content-type': 'application/json',
      'x-balcony-client-ip': '203.0.113.7',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function receiver() {
  const lines: string[] = [];
  const receive = createBeaconReceiver({ allow: createRateLimiter(BEACON_RATE), log: (line) => lines.push(line) });
  return { lines, receive };
}

describe('POST /api/auth/_log', () => {
  it('logs a known failure on one JSON line and answers 204', async () => {
    const { lines, receive } = receiver();
    const response = await receive(beacon({ level: 'error', code: 'CLIENT_FETCH_ERROR', details: 'TypeError' }));
    expect(response.status).toBe(204);
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { level: 'error', msg: 'client auth log', code: 'CLIENT_FETCH_ERROR', details: 'TypeError' },
    ]);
    expect((await receive(beacon({ level: 'warn', code: 'NEED_TO_REFRESH' }))).status).toBe(204);
    expect(lines).toHaveLength(2);
  });

  it('drops debug beacons', async () => {
    const { lines, receive } = receiver();
    expect((await receive(beacon({ level: 'debug', code: 'CLIENT_FETCH_ERROR' }))).status).toBe(204);
    expect(lines).toEqual([]);
  });

  it.each([
    ['an unknown level', { level: 'fatal', code: 'CLIENT_FETCH_ERROR' }],
    ['an unknown code', { level: 'error', code: 'ANYTHING_I_LIKE' }],
    ['a code with a line break', { level: 'error', code: 'CLIENT_FETCH_ERROR\n{"level":"error"}' }],
    ['details with a line break', { level: 'error', code: 'CLIENT_FETCH_ERROR', details: 'a\n{"forged":1}' }],
    ['details too long', { level: 'error', code: 'CLIENT_FETCH_ERROR', details: 'x'.repeat(1001) }],
    ['another field', { level: 'error', code: 'CLIENT_FETCH_ERROR', user: 'admin' }],
    ['a number for a code', { level: 'error', code: 12 }],
    ['no JSON', 'level=error'],
  ])('refuses %s with 400 and logs nothing', async (_name, body) => {
    const { lines, receive } = receiver();
    expect((await receive(beacon(body))).status).toBe(400);
    expect(lines).toEqual([]);
  });

  it('refuses a body over 4 KB with 413, declared or not', async () => {
    const { lines, receive } = receiver();
    const big = JSON.stringify({ level: 'error', code: 'CLIENT_FETCH_ERROR', details: 'x'.repeat(BEACON_MAX_BYTES) });
    expect((await receive(beacon(big))).status).toBe(413);
    const streamed = new Request(URL_HERE, {
      method: 'POST',
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.headers.get('content-length')).toBeNull();
    expect(await readCapped(streamed, BEACON_MAX_BYTES)).toBeNull();
    expect(await readCapped(new Request(URL_HERE, { method: 'POST', body: 'ok' }), BEACON_MAX_BYTES)).toBe('ok');
    expect(lines).toEqual([]);
  });

  it('refuses a cross-site Origin with 403', async () => {
    const { lines, receive } = receiver();
    const response = await receive(
      beacon({ level: 'error', code: 'CLIENT_FETCH_ERROR' }, { origin: 'https://evil.example' }),
    );
    expect(response.status).toBe(403);
    expect(lines).toEqual([]);
  });

  it('takes a few beacons a minute from one address, then 429, while other addresses still log', async () => {
    const { lines, receive } = receiver();
    const ok = { level: 'warn', code: 'CLIENT_SESSION_ERROR' };
    for (let i = 0; i < BEACON_RATE.max; i++) expect((await receive(beacon(ok))).status).toBe(204);
    expect((await receive(beacon(ok))).status).toBe(429);
    // Another X-Forwarded-For changes nothing: only the address the web server stamped counts.
    expect((await receive(beacon(ok, { 'x-forwarded-for': '198.51.100.9' }))).status).toBe(429);
    expect((await receive(beacon(ok, { 'x-balcony-client-ip': '203.0.113.8' }))).status).toBe(204);
    expect(lines).toHaveLength(BEACON_RATE.max + 1);
  });
});

describe('the in-process rate limiter', () => {
  it('opens a new window after windowMs', () => {
    const allow = createRateLimiter({ max: 2, windowMs: 1000 });
    expect([allow('a', 0), allow('a', 10), allow('a', 20)]).toEqual([true, true, false]);
    expect(allow('a', 1000)).toBe(true);
  });

  it('holds at most maxKeys addresses, dropping those past their window first', () => {
    const allow = createRateLimiter({ max: 1, windowMs: 1000, maxKeys: 2 });
    expect([allow('a', 0), allow('b', 0)]).toEqual([true, true]);
    expect(allow('c', 10)).toBe(false);
    expect(allow('c', 1000)).toBe(true);
  });
});

describe('what the auth client sends', () => {
  it('puts details on one line within the limit, which the route accepts', async () => {
    expect(logDetails('TypeError: failed\n\tat fetch\r\n')).toBe('TypeError: failed at fetch ');
    expect(logDetails('x'.repeat(5000))).toHaveLength(1000);
    expect(logDetails(undefined)).toBeUndefined();
    const { receive } = receiver();
    const details = logDetails('漫'.repeat(5000));
    expect((await receive(beacon({ level: 'warn', code: 'CLIENT_FETCH_ERROR', details }))).status).toBe(204);
  });
});
