// What the web's own server (server.mjs) tells the app about each request, derived from the socket
// and the proxies it trusts, never from what the browser says about itself. Plain JavaScript, so
// the server needs no build; its types are in request-stamp.d.mts.
import { isIP } from 'node:net';
import { countryCodeOf } from '@balcony/contracts';
import proxyaddr from 'proxy-addr';

/** Request headers the app reads (apps/web/src/lib/session/client-address.ts). */
export const STAMPED_HEADERS = Object.freeze({
  clientIp: 'x-balcony-client-ip',
  clientCountry: 'x-balcony-client-country',
  proto: 'x-balcony-proto',
  /** A member's page rendered as their class's shell, to be kept (visitor-pages.mjs, decision 0289). */
  shell: 'x-balcony-shell',
});

/** Two years, subdomains included: sent only on responses to HTTPS requests. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/** What a browser may claim about itself; believed only from a trusted proxy. */
const FORWARDED = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port'];

/**
 * TRUST_PROXY, with the api's meaning: empty or unset trusts no proxy; a number trusts that many
 * hops; otherwise comma-separated addresses, CIDRs and proxy-addr names (`loopback`, `linklocal`,
 * `uniquelocal`). Trusting everyone (`true`, `*`) is refused: every client could choose its address.
 * @param {string | undefined} value
 * @returns {(addr: string, hop: number) => boolean}
 */
export function compileTrust(value) {
  const setting = (value ?? '').trim();
  if (setting === '') return () => false;
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting);
    return (_addr, hop) => hop < hops;
  }
  if (setting === 'true' || setting === '*') {
    throw new Error('TRUST_PROXY must name the proxies (a hop count, addresses or CIDRs), not trust everyone');
  }
  return proxyaddr.compile(
    setting
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );
}

/**
 * A function run on every request before Next.js sees it: drops any `x-balcony-*` header the
 * client sent (and `x-forwarded-*` unless the peer is a trusted proxy), then sets the client's
 * address and scheme, and the country a trusted proxy (the CDN) named in `countryHeader`.
 * Responses to HTTPS requests get Strict-Transport-Security.
 * @param {(addr: string, hop: number) => boolean} trust
 * @param {string} [countryHeader] COUNTRY_HEADER, as the api's (default Cloudflare's `cf-ipcountry`)
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void}
 */
export function createRequestStamp(trust, countryHeader = 'cf-ipcountry') {
  const countryName = countryHeader.toLowerCase();
  return (req, res) => {
    const peer = req.socket.remoteAddress ?? '';
    const fromTrustedProxy = peer !== '' && trust(peer, 0);
    for (const name of Object.values(STAMPED_HEADERS)) delete req.headers[name];
    if (!fromTrustedProxy) for (const name of FORWARDED) delete req.headers[name];

    const derived = proxyaddr(req, trust);
    const clientIp = plainAddress(isIP(derived) ? derived : peer);
    const forwardedProto = fromTrustedProxy ? firstValue(req.headers['x-forwarded-proto']) : undefined;
    const secure = /** @type {{ encrypted?: boolean }} */ (req.socket).encrypted === true || forwardedProto === 'https';

    if (clientIp) req.headers[STAMPED_HEADERS.clientIp] = clientIp;
    const country = fromTrustedProxy ? countryCodeOf(req.headers[countryName]) : undefined;
    if (country) req.headers[STAMPED_HEADERS.clientCountry] = country;
    req.headers[STAMPED_HEADERS.proto] = secure ? 'https' : 'http';
    if (secure) res.setHeader('Strict-Transport-Security', HSTS);
  };
}

/**
 * An IPv4 client of a dual-stack socket as plain IPv4 (`::ffff:203.0.113.7` → `203.0.113.7`), so
 * one reader is one address wherever it is counted.
 * @param {string} address
 */
function plainAddress(address) {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}

/**
 * The first of a comma-separated header's values (the proxy nearest the client), lower-cased.
 * @param {string | string[] | undefined} value
 */
function firstValue(value) {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.split(',')[0]?.trim().toLowerCase();
}
