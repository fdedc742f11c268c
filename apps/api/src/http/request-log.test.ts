import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest } from './request-log.js';

/** A server logging at `level` into an array of parsed lines. */
async function loggedServer(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, next) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      next();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new OneLinePerRequest() });
  app.get('/ok', async () => ({ ok: true }));
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
});
