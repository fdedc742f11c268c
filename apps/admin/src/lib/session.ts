import 'server-only';
import type { AdminSession } from '@balcony/contracts';
import { cookies } from 'next/headers';
import { z } from 'zod';
import { ADMIN_COOKIES, secondsUntil } from './cookies';
import { seal, sealingKey, unseal } from './seal';
import { envOrLocalSecret } from './secret';

// The admin session as the console keeps it: sealed in the httpOnly `balcony_admin` cookie, never
// given to page scripts. It holds the api's session token, its hard end, and the brands the admin
// may use (to pick the brand header before the first call; the api checks it on every call).

const StoredSession = z.object({
  token: z.string().min(1),
  expiresAt: z.string(),
  brandIds: z.array(z.string()),
});
export type StoredSession = z.infer<typeof StoredSession>;

let key: Buffer | undefined;
function cookieKey(): Buffer {
  key ??= sealingKey(envOrLocalSecret('ADMIN_SESSION_SECRET', 'admin-session-secret'));
  return key;
}

/** The cookie value and Max-Age (the session's own end) for a new session; null when already over. */
export function sealSession(session: AdminSession, now = Date.now()): { value: string; maxAge: number } | null {
  const maxAge = secondsUntil(session.expiresAt, now);
  if (maxAge <= 0) return null;
  const stored: StoredSession = {
    token: session.token,
    expiresAt: session.expiresAt,
    brandIds: session.admin.brandIds,
  };
  return { value: seal(cookieKey(), stored, maxAge, now), maxAge };
}

export function readSessionValue(value: string | undefined): StoredSession | null {
  const parsed = StoredSession.safeParse(unseal(cookieKey(), value));
  return parsed.success ? parsed.data : null;
}

/** The session of the request being rendered, or null. */
export async function readSession(): Promise<StoredSession | null> {
  return readSessionValue((await cookies()).get(ADMIN_COOKIES.session)?.value);
}
