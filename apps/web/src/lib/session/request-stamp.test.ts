import { createServer, type IncomingMessage, type Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { compileTrust, createRequestStamp, HSTS, STAMPED_HEADERS } from '../../../request-stamp.mjs';

// The web's own server (apps/web/server.mjs) stamps each request before Next.js sees it; here the
// stamp runs on a real node:http server and answers the headers the app would read.

let server: Server | undefined;

async function close(): Promise<void> {
  const running = server;
  server = undefined;
  if (running) await new Promise((resolve) => running.close(resolve));
}

afterEach(close);

async function serve(trustProxy: string | undefined, countryHeader?: string): Promise<string> {
  const stamp = createRequestStamp(compileTrust(trustProxy), countryHeader);
  server = createServer((req, res) => {
    stamp(req, res);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(req.headers));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/_next/static/x.js`;
}

async function seen(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return {
    headers: (await response.json()) as Record<string, string | undefined>,
    hsts: response.headers.get('strict-transport-security'),
  };
}

const SPOOFED = {
  'x-forwarded-for': '198.51.100.1',
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-port': '443',
  'x-balcony-client-ip': '198.51.100.2',
  'x-balcony-proto': 'https',
  // "Render this member's page as their class's shell, and keep it" (decision 0289).
  'x-balcony-shell': '1',
};

describe('the request stamp of the web server', () => {
  it('trusts no proxy by default: the socket address, http, and what the browser claimed is gone', async () => {
    for (const setting of [undefined, '', '  ']) {
      const { headers, hsts } = await seen(await serve(setting), SPOOFED);
      expect(headers[STAMPED_HEADERS.clientIp]).toBe('127.0.0.1');
      expect(headers[STAMPED_HEADERS.proto]).toBe('http');
      expect(headers[STAMPED_HEADERS.shell]).toBeUndefined();
      for (const name of ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port'])
        expect(headers[name]).toBeUndefined();
      expect(hsts).toBeNull();
      await close();
    }
  });

  it('ignores a proxy that is not on the list', async () => {
    const { headers } = await seen(await serve('10.0.0.0/8, 192.168.0.1'), SPOOFED);
    expect(headers[STAMPED_HEADERS.clientIp]).toBe('127.0.0.1');
    expect(headers[STAMPED_HEADERS.proto]).toBe('http');
  });

  it('believes a trusted proxy, named or counted, for the address and the scheme', async () => {
    for (const setting of ['loopback', '127.0.0.1', '127.0.0.0/8,10.0.0.1', '1']) {
      const { headers, hsts } = await seen(await serve(setting), {
        'x-forwarded-for': '203.0.113.9',
        'x-forwarded-proto': 'https',
        'x-balcony-client-ip': '198.51.100.2',
        'x-balcony-proto': 'http',
      });
      expect(headers[STAMPED_HEADERS.clientIp], setting).toBe('203.0.113.9');
      expect(headers[STAMPED_HEADERS.proto], setting).toBe('https');
      expect(headers['x-forwarded-for'], setting).toBe('203.0.113.9');
      expect(hsts, setting).toBe(HSTS);
      await close();
    }
  });

  it('stops at the first address it does not trust', async () => {
    const forwarded = { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' };
    expect((await seen(await serve('1'), forwarded)).headers[STAMPED_HEADERS.clientIp]).toBe('203.0.113.9');
    await close();
    expect((await seen(await serve('2'), forwarded)).headers[STAMPED_HEADERS.clientIp]).toBe('198.51.100.1');
  });

  it('keeps http and sends no HSTS when a trusted proxy says http', async () => {
    const { headers, hsts } = await seen(await serve('loopback'), { 'x-forwarded-proto': 'http' });
    expect(headers[STAMPED_HEADERS.proto]).toBe('http');
    expect(hsts).toBeNull();
  });

  it('falls back to the socket when a trusted proxy relays something that is no address', async () => {
    const { headers } = await seen(await serve('loopback'), { 'x-forwarded-for': 'not-an-address' });
    expect(headers[STAMPED_HEADERS.clientIp]).toBe('127.0.0.1');
  });

  it('marks TLS connections https and answers them with HSTS', () => {
    const req = {
      headers: { 'x-balcony-proto': 'http' },
      socket: { remoteAddress: '203.0.113.5', encrypted: true },
    } as unknown as IncomingMessage;
    const res = new ServerResponse(req);
    createRequestStamp(compileTrust(undefined))(req, res);
    expect(req.headers[STAMPED_HEADERS.proto]).toBe('https');
    expect(req.headers[STAMPED_HEADERS.clientIp]).toBe('203.0.113.5');
    expect(res.getHeader('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
  });

  it('gives an IPv4 reader of a dual-stack socket as plain IPv4', () => {
    const req = {
      headers: {},
      socket: { remoteAddress: '::ffff:203.0.113.5' },
    } as unknown as IncomingMessage;
    createRequestStamp(compileTrust(undefined))(req, new ServerResponse(req));
    expect(req.headers[STAMPED_HEADERS.clientIp]).toBe('203.0.113.5');
    expect(req.headers[STAMPED_HEADERS.proto]).toBe('http');
  });

  it('refuses to trust every proxy', () => {
    expect(() => compileTrust('true')).toThrow(/TRUST_PROXY/);
    expect(() => compileTrust('*')).toThrow(/TRUST_PROXY/);
    expect(() => compileTrust('not an address')).toThrow();
  });

  it('takes the country from a trusted proxy only, from the header COUNTRY_HEADER names', async () => {
    const forged = { 'cf-ipcountry': 'KR', 'x-balcony-client-country': 'KR' };
    expect((await seen(await serve(undefined), forged)).headers[STAMPED_HEADERS.clientCountry]).toBeUndefined();
    await close();
    expect((await seen(await serve('loopback'), { 'cf-ipcountry': 'kr' })).headers[STAMPED_HEADERS.clientCountry]).toBe(
      'KR',
    );
    await close();
    for (const unknown of ['XX', 'T1', 'Korea', '']) {
      const { headers } = await seen(await serve('loopback'), { 'cf-ipcountry': unknown });
      expect(headers[STAMPED_HEADERS.clientCountry], unknown).toBeUndefined();
      await close();
    }
    const other = await serve('loopback', 'X-Country-Code');
    expect(
      (await seen(other, { 'x-country-code': 'JP', 'cf-ipcountry': 'KR' })).headers[STAMPED_HEADERS.clientCountry],
    ).toBe('JP');
  });
});
