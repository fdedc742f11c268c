import { z } from 'zod';
import { ErrorCode } from './errors.js';

// The response envelope of spec §7 / DESIGN §3.

export const successEnvelope = <T extends z.ZodType>(data: T) => z.object({ result: z.literal('SUCCESS'), data });

/** The `data` of calls that answer nothing but success. */
export const NoData = z.null();

export const FailEnvelope = z.object({
  result: z.literal('FAIL'),
  code: ErrorCode,
  message: z.string(),
});
export type FailEnvelope = z.infer<typeof FailEnvelope>;

export type Envelope<T> = { result: 'SUCCESS'; data: T } | FailEnvelope;

/** Headers every request to /api/v1 carries (spec §7). */
export const API_HEADERS = {
  brand: 'x-balcony-id',
  timeZone: 'x-balcony-timeZone',
  platform: 'x-platform',
  /** The Japanese visitor's answer to the adult yes/no popup (spec §4), relayed by the web from its cookie. */
  notLoggedInAdult: 'x-not-logged-in-adult',
} as const;

/**
 * How the web (and the console) pass on the reader's address and the country its CDN named,
 * signed with the relay secret they share with the api: HMAC-SHA256 (base64url) of the address,
 * and of `address|country`. The api believes them only when the signature holds.
 */
export const RELAY_HEADERS = {
  ip: 'x-balcony-client-ip',
  signature: 'x-balcony-client-ip-sig',
  country: 'x-balcony-client-country',
  countrySignature: 'x-balcony-client-country-sig',
} as const;

export const API_BASE = '/api/v1';

/** GET /_/health of the api: always 200, with the state of each dependency (DESIGN §3). */
export const ApiHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), status: z.enum(['ok', 'down']) }),
});
export type ApiHealth = z.infer<typeof ApiHealth>;

/**
 * GET /_/ready of the api: 200 when this replica takes traffic; 503 while it migrates or seeds
 * at start, while it drains on shutdown, or when its database does not answer (decision 0214).
 */
export const ApiReadiness = z.object({
  status: z.enum(['ready', 'migrating', 'draining', 'database-down']),
});
export type ApiReadiness = z.infer<typeof ApiReadiness>;
