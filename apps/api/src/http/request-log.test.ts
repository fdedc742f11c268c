import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest, SLOW_READ_MS } from './request-log.js';

/** A server logging at `level` into an array of parsed lines. */
async function loggedServer(level: string, readSample = 1) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, next) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      next();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new OneLinePerRequest(readSample) });
  app.get('/ok', async () => ({ ok: true }));
  app.post('/ok', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_READ_MS + 20));
    return { ok: true };
  });
  app.get('/broken', async () => {
    throw new Error('broken on purpose');
  });
  await app.ready();
  return { app, lines };
}

describe('request logs', () => {
  it('write one line per request, with what an operator looks for', async () => {
    const { app, lines } = await loggedServer('info');
    await app.inject({ url: '/ok?page=2' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      reqId: expect.any(String),
      req: { method: 'GET', url: '/ok?page=2' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });

  it('still log a failed request with its error', async () => {
    const { app, lines } = await loggedServer('info');
    await app.inject({ url: '/broken' });
    expect(lines.map((l) => l.msg)).toContain('broken on purpose');
    expect(lines.at(-1)).toMatchObject({ msg: 'request completed', res: { statusCode: 500 } });
  });

  it('add the incoming line at debug, to follow a request that never ends', async () => {
    const { app, lines } = await loggedServer('debug');
    await app.inject({ url: '/ok' });
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines[0]?.reqId).toBe(lines[1]?.reqId);
  });

  it('log one in every few quick successful reads when sampled, and every other answer', async () => {
    const { app, lines } = await loggedServer('info', 3);
    for (let i = 0; i < 6; i++) await app.inject({ url: `/ok?read=${i}` });
    expect(lines.map((l) => (l.req as { url: string }).url)).toEqual(['/ok?read=0', '/ok?read=3']);
    lines.length = 0;
    await app.inject({ method: 'POST', url: '/ok' });
    await app.inject({ url: '/missing' });
    await app.inject({ url: '/broken' });
    await app.inject({ url: '/slow' });
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(
      completed.map((l) => [(l.req as { url: string }).url, (l.res as { statusCode: number }).statusCode]),
    ).toEqual([
      ['/ok', 200],
      ['/missing', 404],
      ['/broken', 500],
      ['/slow', 200],
    ]);
  });
});
