import 'server-only';
import { createHmac } from 'node:crypto';
import { RELAY_HEADERS } from '@balcony/contracts';
import { envOrLocalSecret } from './secret';

// Who the admin is, as the console's own server saw them. server.mjs drops these headers from
// every incoming request and sets them from the socket and the proxies it trusts, so a browser
// cannot choose them. Under `next dev` nothing removes a browser's own headers, so they are not
// read at all there: no address is relayed, nothing is https.

const STAMPED = { clientIp: 'x-balcony-client-ip', proto: 'x-balcony-proto' } as const;

function behindStampingServer(): boolean {
  return process.env.BALCONY_ADMIN_SERVER === '1';
}

/** Whether the browser reached the console over HTTPS (so cookies are Secure). */
export function isSecure(requestHeaders: Headers): boolean {
  return behindStampingServer() && requestHeaders.get(STAMPED.proto) === 'https';
}

let relaySecret: string | undefined;

/** The admin's address, signed for the api's audit log; empty when unknown. */
export function relayHeaders(requestHeaders: Headers): Record<string, string> {
  if (!behindStampingServer()) return {};
  const ip = requestHeaders.get(STAMPED.clientIp)?.trim();
  if (!ip) return {};
  relaySecret ??= envOrLocalSecret('WEB_RELAY_SECRET', 'relay-secret');
  return {
    [RELAY_HEADERS.ip]: ip,
    [RELAY_HEADERS.signature]: createHmac('sha256', relaySecret).update(ip).digest('base64url'),
  };
}
