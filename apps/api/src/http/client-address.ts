import { createHmac, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { countryCodeOf, RELAY_HEADERS } from '@balcony/contracts';
import type { FastifyRequest } from 'fastify';

// The web serves browsers and calls the api from its own address, so it passes on the reader's
// address (and the country its CDN named) that it saw itself, signed with a key only the web and
// the api hold. A browser that sends these headers straight to the api cannot sign them and is
// counted by its own address.

/** base64url HMAC-SHA256 of the address: what the web sends in `x-balcony-client-ip-sig`. */
export function signClientIp(secret: Uint8Array, ip: string): string {
  return createHmac('sha256', secret).update(ip).digest('base64url');
}

/** base64url HMAC-SHA256 of `ip|country`: what the web sends in `x-balcony-client-country-sig`. */
export function signClientCountry(secret: Uint8Array, ip: string, country: string): string {
  return createHmac('sha256', secret).update(`${ip}|${country}`).digest('base64url');
}

export interface ClientAddress {
  ip: string;
  /** ISO 3166-1 alpha-2, upper case; undefined when no one in front of us said. */
  country: string | undefined;
}

function sameSignature(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The reader's address: the one the web relayed when its signature holds, else the address
 * Fastify derived from the socket and the trusted proxies only (`TRUST_PROXY`). The country is the
 * web's relayed one when signed for that address, else the CDN's header (`countryHeader`) on a
 * call that reached the api directly (decision 0041: the edge sets or strips it).
 */
export function createClientAddressReader(secret: Uint8Array, countryHeader: string) {
  return (request: FastifyRequest): ClientAddress => {
    const ip = request.headers[RELAY_HEADERS.ip];
    if (
      typeof ip !== 'string' ||
      isIP(ip) === 0 ||
      !sameSignature(request.headers[RELAY_HEADERS.signature], signClientIp(secret, ip))
    ) {
      return { ip: request.ip, country: countryCodeOf(request.headers[countryHeader]) };
    }
    const country = countryCodeOf(request.headers[RELAY_HEADERS.country]);
    const signed =
      country && sameSignature(request.headers[RELAY_HEADERS.countrySignature], signClientCountry(secret, ip, country));
    return { ip, country: signed ? country : undefined };
  };
}
