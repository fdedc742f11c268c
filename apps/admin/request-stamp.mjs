// What the console's server (server.mjs) tells the app about each request, from the socket and
// the proxies it trusts, never from what the browser says about itself: the admin's address
// (relayed, signed, to the api for the audit log) and whether the browser used HTTPS (Secure
// cookies). Plain JavaScript, so the server needs no build.
import { isIP } from 'node:net';

/** Request headers the app reads (src/lib/request-info.ts). */
export const STAMPED_HEADERS = Object.freeze({ clientIp: 'x-balcony-client-ip', proto: 'x-balcony-proto' });

export const HSTS = 'max-age=63072000; includeSubDomains';

const FORWARDED = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port'];

/**
 * TRUST_PROXY as the api reads it, in the two forms a console deployment needs: empty trusts no
 * proxy; a number trusts that many hops; otherwise comma-separated exact addresses of proxies.
 * Trusting everyone (`true`, `*`) is refused: every client could choose its address.
 * @param {string | undefined} value
 * @returns {{ hops: number } | { addresses: Set<string> }}
 */
export function compileTrust(value) {
  const setting = (value ?? '').trim();
  if (setting === '') return { hops: 0 };
  if (/^\d+$/.test(setting)) return { hops: Number(setting) };
  if (setting === 'true' || setting === '*') {
    throw new Error('TRUST_PROXY must name the proxies (a hop count or addresses), not trust everyone');
  }
  return {
    addresses: new Set(
      setting
        .split(',')
        .map((entry) => plainAddress(entry.trim()))
        .filter(Boolean),
    ),
  };
}

/**
 * The client's address: the peer, or walking X-Forwarded-For from the right past trusted proxies.
 * @param {string} peer
 * @param {string | undefined} forwardedFor
 * @param {ReturnType<typeof compileTrust>} trust
 */
export function clientAddress(peer, forwardedFor, trust) {
  const chain = [
    plainAddress(peer),
    ...(forwardedFor ?? '')
      .split(',')
      .map((part) => plainAddress(part.trim()))
      .filter((part) => isIP(part))
      .reverse(),
  ];
  if ('hops' in trust) return chain[Math.min(trust.hops, chain.length - 1)] ?? '';
  let index = 0;
  while (index < chain.length - 1 && trust.addresses.has(chain[index] ?? '')) index++;
  return chain[index] ?? '';
}

/**
 * Run on every request before Next.js sees it: drops the `x-balcony-*` and (unless the peer is a
 * trusted proxy) `x-forwarded-*` headers the client sent, then sets the address and scheme.
 * @param {ReturnType<typeof compileTrust>} trust
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void}
 */
export function createRequestStamp(trust) {
  return (req, res) => {
    const peer = plainAddress(req.socket.remoteAddress ?? '');
    const fromTrustedProxy = 'hops' in trust ? trust.hops > 0 : trust.addresses.has(peer);
    delete req.headers[STAMPED_HEADERS.clientIp];
    delete req.headers[STAMPED_HEADERS.proto];
    if (!fromTrustedProxy) for (const name of FORWARDED) delete req.headers[name];
    const forwardedFor = req.headers['x-forwarded-for'];
    const ip = clientAddress(peer, Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor, trust);
    if (ip) req.headers[STAMPED_HEADERS.clientIp] = ip;
    const forwardedProto = fromTrustedProxy ? String(req.headers['x-forwarded-proto'] ?? '').split(',')[0] : '';
    const secure = /** @type {{ encrypted?: boolean }} */ (req.socket).encrypted === true || forwardedProto === 'https';
    req.headers[STAMPED_HEADERS.proto] = secure ? 'https' : 'http';
    if (secure) res.setHeader('Strict-Transport-Security', HSTS);
  };
}

/**
 * An IPv4 client of a dual-stack socket as plain IPv4 (`::ffff:203.0.113.7` → `203.0.113.7`).
 * @param {string} address
 */
function plainAddress(address) {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}
