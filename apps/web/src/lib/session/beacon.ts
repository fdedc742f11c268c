import 'server-only';
import { ErrorCode } from '@balcony/contracts';
import type { NextRequest } from 'next/server';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { CLIENT_LOG_CODES, LOG_DETAILS_MAX } from '../auth/log-codes';
import { hasControlCharacter } from '../http/control-characters';
import { clientIpOf } from './client-address';
import { sameOrigin } from './csrf';
import { fail } from './http';

// POST /api/auth/_log (spec §7): the auth client's failure beacon. It carries no CSRF token: it is
// sent when the session or CSRF fetch itself failed, and it changes nothing but the log. So it is
// held by what can hurt a log instead: a cross-site Origin is refused, the body is at most 4 KB,
// each address may send a few a minute, and only known levels and codes on one line are written.

export const BEACON_MAX_BYTES = 4 * 1024;
export const BEACON_RATE = { max: 20, windowMs: 60_000 } as const;

export const Beacon = z.strictObject({
  level: z.enum(['error', 'warn', 'debug']),
  code: z.union([ErrorCode, z.enum(CLIENT_LOG_CODES)]),
  details: z
    .string()
    .max(LOG_DETAILS_MAX)
    .refine((text) => !hasControlCharacter(text), 'one line')
    .optional(),
});

/**
 * At most `max` calls per key in each window of `windowMs`, counted in this process. Keys past
 * their window are dropped when `maxKeys` are held; if every one is still live, calls are refused.
 */
export function createRateLimiter(options: { max: number; windowMs: number; maxKeys?: number }) {
  const { max, windowMs, maxKeys = 10_000 } = options;
  const windows = new Map<string, { start: number; count: number }>();
  return (key: string, now = Date.now()): boolean => {
    let window = windows.get(key);
    if (!window || now - window.start >= windowMs) {
      if (!window && windows.size >= maxKeys) {
        for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
        if (windows.size >= maxKeys) return false;
      }
      window = { start: now, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    return window.count <= max;
  };
}

/** The body as text, or null as soon as it is longer than `limit` bytes (declared or streamed). */
export async function readCapped(request: Request, limit: number): Promise<string | null> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) return null;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(text: string, contentType: string): unknown {
  if (contentType.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function createBeaconReceiver(deps: { allow: (key: string) => boolean; log: (line: string) => void }) {
  return async (request: NextRequest): Promise<NextResponse> => {
    if (!sameOrigin(request)) return fail(403, 'INVALID_PARAMETER', 'Cross-site request.');
    if (!deps.allow(clientIpOf(request.headers) ?? 'unknown'))
      return fail(429, 'TOO_MANY_REQUESTS', 'Too many requests. Please try again shortly.');
    const text = await readCapped(request, BEACON_MAX_BYTES);
    if (text === null) return fail(413, 'INVALID_PARAMETER', 'Request too large.');
    const beacon = Beacon.safeParse(parseBody(text, request.headers.get('content-type') ?? ''));
    if (!beacon.success) return fail(400, 'INVALID_PARAMETER', 'Not a log beacon.');
    const { level, code, details } = beacon.data;
    // Debug beacons are dropped (spec §7).
    if (level !== 'debug') deps.log(JSON.stringify({ level, msg: 'client auth log', code, details }));
    return new NextResponse(null, { status: 204 });
  };
}

export const receiveBeacon = createBeaconReceiver({
  allow: createRateLimiter(BEACON_RATE),
  log: (line) => console.log(line),
});
