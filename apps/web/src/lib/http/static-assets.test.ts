import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticAssets, precompress } from '../../../static-assets.mjs';

// The production server's compressed build files (decision 0176): written once after the build,
// answered from memory to browsers that accept them; everything else is left to Next.js (here a
// stand-in that answers "next").

const SCRIPT = `console.log(${JSON.stringify('a webtoon '.repeat(400))});\n`;
let root: string;
let base: string;
let server: ReturnType<typeof createServer>;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'static-assets-'));
  const staticDir = join(root, 'static');
  await mkdir(join(staticDir, 'chunks'), { recursive: true });
  await mkdir(join(staticDir, 'media'), { recursive: true });
  await writeFile(join(staticDir, 'chunks', 'app.js'), SCRIPT);
  await writeFile(join(staticDir, 'chunks', 'tiny.js'), 'x()');
  await writeFile(join(staticDir, 'media', 'font.woff2'), Buffer.alloc(4096, 7));
  await writeFile(join(root, 'secret.js'), SCRIPT);
  await writeFile(join(root, 'secret.js.br'), 'not for you');
  expect(await precompress(staticDir)).toBe(1);
  const serveStatic = createStaticAssets(staticDir);
  server = createServer(async (req, res) => {
    if (await serveStatic(req, res)) return;
    res.end('next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await rm(root, { recursive: true, force: true });
});

/** A raw request: node's fetch would decode the body and hide the encoding. */
function get(path: string, acceptEncoding?: string, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
      request(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

describe('the compressed build files', () => {
  it('gives a browser that accepts Brotli the Brotli copy, cached for a year, smaller than gzip', async () => {
    const br = await get('/_next/static/chunks/app.js', 'gzip, deflate, br, zstd');
    const gz = await get('/_next/static/chunks/app.js', 'gzip');

    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(gz.body.length);
  });

  it('respects a refused encoding and leaves clients without one to Next.js', async () => {
    const refused = await get('/_next/static/chunks/app.js', 'br;q=0, gzip');
    const plain = await get('/_next/static/chunks/app.js');

    expect(refused.headers['content-encoding']).toBe('gzip');
    expect(plain.body.toString()).toBe('next');
  });

  it('answers HEAD with the headers alone', async () => {
    const head = await get('/_next/static/chunks/app.js', 'br', 'HEAD');

    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });

  it('leaves tiny files, fonts, unknown names and other paths to Next.js', async () => {
    for (const path of [
      '/_next/static/chunks/tiny.js',
      '/_next/static/media/font.woff2',
      '/_next/static/chunks/missing.js',
      '/_next/image?url=x',
      '/detail/54',
    ]) {
      expect((await get(path, 'br')).body.toString(), path).toBe('next');
    }
  });

  it('never serves a file outside the build folder', async () => {
    for (const path of [
      '/_next/static/..%2fsecret.js',
      '/_next/static/chunks/..%2F..%2Fsecret.js',
      '/_next/static/%00.js',
      '/_next/static/chunks/%E0%A4%A.js',
    ]) {
      const answer = await get(path, 'br');
      expect(answer.body.toString(), path).toBe('next');
    }
    expect((await readFile(join(root, 'secret.js.br'))).toString()).toBe('not for you');
  });
});
