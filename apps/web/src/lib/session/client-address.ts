import 'server-only';
import { createHmac } from 'node:crypto';
import type { RelayedClient } from '../api/api-client';
import { envOrLocalSecret } from './server-secret';

// Who the reader is, as the web's own server saw them. apps/web/server.mjs drops these headers
// from every incoming request and sets them from the socket and the proxies it trusts
// (TRUST_PROXY), so a browser cannot choose them. X-Forwarded-For and X-Forwarded-Proto are never
// read here: a browser can send those.

/** Request headers stamped by apps/web/server.mjs (kept in step with request-stamp.mjs there). */
export const STAMPED_HEADERS = {
  clientIp: 'x-balcony-client-ip',
  clientCountry: 'x-balcony-client-country',
  proto: 'x-balcony-proto',
  shell: 'x-balcony-shell',
} as const;

/**
 * Set by apps/web/server.mjs. Under `next dev` or a bare `next start` nothing removes a browser's
 * own `x-balcony-*` headers, so they are not read at all: no address is relayed, nothing is https.
 */
function behindStampingServer(): boolean {
  return process.env.BALCONY_WEB_SERVER === '1';
}

/** Whether the browser reached us over HTTPS (TLS to this server, or a trusted proxy said so). */
export function isSecure(requestHeaders: Headers): boolean {
  return behindStampingServer() && requestHeaders.get(STAMPED_HEADERS.proto) === 'https';
}

/**
 * Whether this render is a member's page kept as their catalogue class's shell (visitor-pages.mjs,
 * decision 0289): it must hold nothing of the member's own.
 */
export function isShellRender(requestHeaders: Headers): boolean {
  return behindStampingServer() && requestHeaders.get(STAMPED_HEADERS.shell) === '1';
}

/** The browser's address as the web's server derived it. */
export function clientIpOf(requestHeaders: Headers): string | undefined {
  if (!behindStampingServer()) return undefined;
  return requestHeaders.get(STAMPED_HEADERS.clientIp)?.trim() || undefined;
}

/** The reader's country (ISO alpha-2) as a trusted proxy in front of the web's server named it. */
export function clientCountryOf(requestHeaders: Headers): string | undefined {
  if (!behindStampingServer()) return undefined;
  return requestHeaders.get(STAMPED_HEADERS.clientCountry) || undefined;
}

/** base64url (no padding) HMAC-SHA256 of the address: the api checks it with the same secret. */
export function signClientIp(secret: string, ip: string): string {
  return createHmac('sha256', secret).update(ip).digest('base64url');
}

/** The same for the country, bound to the address it was seen with. */
export function signClientCountry(secret: string, ip: string, country: string): string {
  return createHmac('sha256', secret).update(`${ip}|${country}`).digest('base64url');
}

let relaySecret: string | undefined;

/**
 * The reader's address and, when known, country, signed for the api (WEB_RELAY_SECRET, or
 * `relay-secret` in the data folder shared with the api). Pass it to every api call made for a
 * browser.
 */
export function relayedClientOf(requestHeaders: Headers): RelayedClient | undefined {
  const ip = clientIpOf(requestHeaders);
  if (!ip) return undefined;
  relaySecret ??= envOrLocalSecret('WEB_RELAY_SECRET', 'relay-secret');
  const client: RelayedClient = { ip, signature: signClientIp(relaySecret, ip) };
  const country = clientCountryOf(requestHeaders);
  if (country) client.country = { code: country, signature: signClientCountry(relaySecret, ip, country) };
  return client;
}
