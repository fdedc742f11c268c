import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createSeries } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';

// Every answer is the envelope with a catalogue code and echoes nothing back (issue 8): also the
// ones Fastify and Node's HTTP parser give before any route runs, and input the database could
// not store (ids past 2^31 - 1, NUL bytes).

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

const BRAND = Object.entries(brandHeaders())
  .map(([k, v]) => `${k}: ${v}\r\n`)
  .join('');

/** Sends raw bytes, as a client that does not follow the rules would, and reads the whole answer. */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let out = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      out += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = out.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

function expectEnvelope(answer: { status: number; headers: string; body: string }, status: number, echo?: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers.toLowerCase()).toContain('content-type: application/json');
  expect(JSON.parse(answer.body)).toEqual({ result: 'FAIL', code: 'INVALID_PARAMETER', message: expect.any(String) });
  if (echo) expect(answer.body).not.toContain(echo);
}

describe('answers given before any route', () => {
  it('a very long path parameter: 414, without the URL', async () => {
    const id = '9'.repeat(5000);
    const answer = await raw(`GET /api/v1/contents/${id} HTTP/1.1\r\nHost: api\r\n${BRAND}Connection: close\r\n\r\n`);
    expectEnvelope(answer, 414, id);
  });

  it('a URL that is not valid percent-encoding: 400', async () => {
    const answer = await raw(`GET /api/v1/contents/%ff HTTP/1.1\r\nHost: api\r\n${BRAND}Connection: close\r\n\r\n`);
    expectEnvelope(answer, 400, '%ff');
  });

  it('headers past the server limit: 431', async () => {
    const big = 'a'.repeat(20_000);
    const answer = await raw(`GET /api/v1/contents/1 HTTP/1.1\r\nHost: api\r\nX-Big: ${big}\r\n${BRAND}\r\n`);
    expectEnvelope(answer, 431, big);
  });

  it('a request line that is not HTTP: 400', async () => {
    expectEnvelope(await raw('NOT HTTP AT ALL\r\n\r\n'), 400);
  });

  it('a CORS preflight without the method it asks for: 400 in the envelope, not text', async () => {
    const answer = await raw(
      `OPTIONS /api/v1/contents/1 HTTP/1.1\r\nHost: api\r\nOrigin: http://localhost:3000\r\nConnection: close\r\n\r\n`,
    );
    expectEnvelope(answer, 400);
  });

  it('a proper preflight still passes', async () => {
    const answer = await raw(
      'OPTIONS /api/v1/contents/1 HTTP/1.1\r\nHost: api\r\nOrigin: http://localhost:3000\r\n' +
        'Access-Control-Request-Method: GET\r\nConnection: close\r\n\r\n',
    );
    expect(answer.status).toBe(204);
    expect(answer.headers.toLowerCase()).toContain('access-control-allow-origin: http://localhost:3000');
  });
});

describe('input the database cannot store', () => {
  const PAST_INT4 = '2147483648';
  let member: Awaited<ReturnType<typeof createMember>>;
  beforeAll(async () => {
    await createSeries(t.database.db);
    member = await createMember(t.database.db, t.config.auth);
  });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...brandHeaders(), ...member.headers },
      ...(payload && { payload }),
    });

  it.each([
    ['GET', `/contents/${PAST_INT4}`],
    ['GET', `/episodes/${PAST_INT4}/viewer`],
    ['PUT', `/episodes/${PAST_INT4}/progress`, { page: 0, offset: 0 }],
    ['PUT', `/favorites/${PAST_INT4}`],
    ['DELETE', `/favorites/${PAST_INT4}`],
    ['GET', `/library/my?page=${'9'.repeat(30)}`],
    ['POST', '/auth/local/signup/verify', { userId: 2 ** 31, signUpId: 1, code: '123456' }],
    ['POST', '/user/mail/auth', { userId: 2 ** 31 }],
    ['POST', '/auth/local/reset/password', { userId: 2 ** 31, uuid: 'x', newPassword: 'Webtoon123' }],
    ['GET', '/search?q=a%00b'],
    ['POST', '/auth/local/login', { email: 'a\u0000b@example.com', password: 'Webtoon123' }],
    ['POST', '/auth/local/reset/mail', { email: 'a\u0000b@example.com' }],
    [
      'POST',
      '/auth/local/signup',
      { email: 'a@example.com', password: 'Web\u0000toon123', passwordConfirm: 'Web\u0000toon123', agreeTerms: true },
    ],
  ] as const)('%s %s answers INVALID_PARAMETER', async (method, url, payload?: object) => {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ result: 'FAIL', code: 'INVALID_PARAMETER', message: expect.any(String) });
  });

  it('still takes the largest id the column holds', async () => {
    const res = await call('GET', '/contents/2147483647');
    expect(res.json().code).toBe('NOT_EXIST');
  });
});
