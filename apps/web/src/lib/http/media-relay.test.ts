import { createServer, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMediaRelay, mediaTarget } from '../../../media-relay.mjs';

// The production server's image relay (decision 0299), between a browser and a stand-in api that
// records what reached it; whatever the relay leaves is answered "next", as Next.js would.

const IMAGE = Buffer.alloc(5000, 9);
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
/** Connections that have answered once: `/media/reset-once` drops the first it meets again. */
const served = new WeakSet<object>();
let resets = 0;
/** Settles when the relay lets go of the api's answer it was waiting for at /media/slow-leave. */
let released: Promise<void> = Promise.resolve();
let release = () => {};
let api: ReturnType<typeof createServer>;
let web: ReturnType<typeof createServer>;
let port: number;

function listen(server: ReturnType<typeof createServer>): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  api = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    if (req.url?.startsWith('/media/slow-leave')) return void req.socket.on('close', () => release());
    if (req.url?.startsWith('/media/slow')) return; // never answers
    if (req.url?.startsWith('/media/reset-once') && served.has(req.socket) && resets === 0) {
      resets += 1;
      req.socket.destroy(); // as an api closing an idle kept-alive connection at that moment
      return;
    }
    served.add(req.socket);
    if (req.headers['if-none-match'] === '"v1"') return res.writeHead(304, { etag: '"v1"' }).end();
    res.writeHead(200, {
      'content-type': 'image/webp',
      'content-length': IMAGE.length,
      'cache-control': 'public, max-age=31536000, immutable',
      etag: '"v1"',
      vary: 'Accept',
      'set-cookie': 'api=1',
      'x-request-id': 'inside',
    });
    res.end(req.method === 'HEAD' ? undefined : IMAGE);
  });
  const apiUrl = await listen(api);
  const relay = createMediaRelay({ apiUrl, timeoutMs: 300 });
  web = createServer(async (req, res) => {
    if (await relay(req, res)) return;
    res.end('next');
  });
  port = Number(new URL(await listen(web)).port);
});

afterAll(() => {
  web.close();
  api.close();
});

/** A raw request: the path goes out exactly as written, `..` included. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the web server relays images to the api', () => {
  it('answers the image with its length and cache headers, and only them', async () => {
    const answer = await get('/media/demo/banners/a.png?w=750', { accept: 'image/avif,image/webp,*/*' });
    expect(answer.status).toBe(200);
    expect(answer.body.equals(IMAGE)).toBe(true);
    expect(answer.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(IMAGE.length),
      'cache-control': 'public, max-age=31536000, immutable',
      etag: '"v1"',
      'x-content-type-options': 'nosniff',
    });
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.headers['x-request-id']).toBeUndefined();
    expect(seen.at(-1)?.url).toBe('/media/demo/banners/a.png?w=750');
  });

  it('never passes the reader’s cookies or bearer to the api', async () => {
    await get('/media/pages/1.png?sig=s&exp=9', {
      cookie: 'balcony_session=secret',
      authorization: 'Bearer secret',
      accept: 'image/webp',
      'x-forwarded-for': '6.6.6.6',
    });
    const headers = seen.at(-1)?.headers ?? {};
    expect(headers.cookie).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
    expect(headers['x-forwarded-for']).toBeUndefined();
    expect(headers.accept).toBe('image/webp');
  });

  it('passes a revalidation through, and HEAD without a body', async () => {
    expect((await get('/media/demo/a.png', { 'if-none-match': '"v1"' })).status).toBe(304);
    const head = await get('/media/demo/a.png', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(IMAGE.length));
    expect(head.body.length).toBe(0);
  });

  it('leaves to Next.js what is not an image request, and never steps out of /media', async () => {
    const before = seen.length;
    for (const path of ['/media/%2e%2e/api/v1/me', '/media/../api/v1/me', '/mediation', '/detail/1']) {
      expect((await get(path)).body.toString()).toBe('next');
    }
    expect((await get('/media/a.png', {}, 'POST')).body.toString()).toBe('next');
    expect(seen.length).toBe(before);
    expect(mediaTarget('/media/%2E%2E/%2e%2e/admin', 'http://api')).toBeNull();
    expect(mediaTarget('/media/a%00.png?w=1', 'http://api')?.href).toBe('http://api/media/a%00.png?w=1');
  });

  it('sends an image again when the api closed the kept-alive connection it went out on', async () => {
    await get('/media/warm.png');
    const answer = await get('/media/reset-once.png');
    expect(resets).toBe(1);
    expect(answer.status).toBe(200);
    expect(answer.body.equals(IMAGE)).toBe(true);
  });

  it('lets go of the api at once when the reader leaves before the image comes, and reports nothing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    released = new Promise((resolve) => {
      release = resolve;
    });
    try {
      const leaving = request({ host: '127.0.0.1', port, path: '/media/slow-leave.png' });
      leaving.on('error', () => {});
      leaving.end();
      // Left as soon as the api has the request: the relay must drop its call to the api at once.
      while (!seen.some((s) => s.url === '/media/slow-leave.png')) await new Promise((r) => setImmediate(r));
      leaving.destroy();
      await released;
      // A round trip after it: a try sent again for the reader who left would have reached the api first.
      expect((await get('/media/after-leave.png')).status).toBe(200);
      expect(seen.filter((s) => s.url === '/media/slow-leave.png')).toHaveLength(1);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('answers 502, not kept, when the api does not answer in time', async () => {
    const answer = await get('/media/slow.png');
    expect(answer.status).toBe(502);
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});
