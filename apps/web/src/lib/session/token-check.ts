import { z } from 'zod';

/** What the session cookie holds: the api's token pair, and whose it is. */
export const StoredSession = z.object({
  brandId: z.string(),
  userId: z.number().int(),
  email: z.string().nullable(),
  accessToken: z.string(),
  /** Epoch milliseconds. */
  accessExpiresAt: z.number(),
  refreshToken: z.string(),
  refreshExpiresAt: z.number(),
  /**
   * The member's catalogue class on the web (contracts' audienceClass), for the production server's
   * kept pages (visitor-pages.mjs, decision 0289); absent until known, dropped when the member
   * changes their settings, and checked again by every session call.
   */
  audience: z.string().optional(),
});
export type StoredSession = z.infer<typeof StoredSession>;

/** Spec §4: an access token with more than 5 minutes left is kept. */
export const ACCESS_TOKEN_MARGIN_MS = 5 * 60_000;

export type TokenCheck = 'keep' | 'refresh' | 'expired';

/** Spec §4 token check: keep a fresh access token, else refresh while the refresh token is valid. */
export function checkTokens(
  session: Pick<StoredSession, 'accessExpiresAt' | 'refreshExpiresAt'>,
  now: number,
): TokenCheck {
  if (session.accessExpiresAt - now > ACCESS_TOKEN_MARGIN_MS) return 'keep';
  if (session.refreshExpiresAt > now) return 'refresh';
  return 'expired';
}

/** Spec §4: a refresh that answers another e-mail than the session's clears the tokens. */
export function refreshKeepsSession(session: Pick<StoredSession, 'email'>, refreshedEmail: string | null): boolean {
  return (
    session.email === null || refreshedEmail === null || session.email.toLowerCase() === refreshedEmail.toLowerCase()
  );
}
