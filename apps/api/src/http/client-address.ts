import { createHmac, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

// The web serves browsers and calls the api from its own address, so it passes on the reader's
// address that it saw itself, signed with a key only the web and the api hold. A browser that
// sends these headers straight to the api cannot sign them and is counted by its own address.

export const RELAY_HEADERS = { ip: 'x-balcony-client-ip', signature: 'x-balcony-client-ip-sig' } as const;

/** base64url HMAC-SHA256 of the address: what the web sends in `x-balcony-client-ip-sig`. */
export function signClientIp(secret: Uint8Array, ip: string): string {
  return createHmac('sha256', secret).update(ip).digest('base64url');
}

/**
 * The reader's address: the one the web relayed when its signature holds, else the address
 * Fastify derived from the socket and the trusted proxies only (`TRUST_PROXY`).
 */
export function createClientAddressReader(secret: Uint8Array) {
  return (request: FastifyRequest): string => {
    const ip = request.headers[RELAY_HEADERS.ip];
    const signature = request.headers[RELAY_HEADERS.signature];
    if (typeof ip !== 'string' || typeof signature !== 'string' || isIP(ip) === 0) return request.ip;
    const expected = Buffer.from(signClientIp(secret, ip));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? ip : request.ip;
  };
}
