// Every cookie the console sets. None is readable by page scripts, none holds a token in clear:
// the admin session is sealed (seal.ts), the others name a brand or a locale.

export const ADMIN_COOKIES = {
  /** The sealed admin session (token and its end); lives until the session's own expiresAt. */
  session: 'balcony_admin',
  /** The brand the console acts in (sent as x-balcony-id). */
  brand: 'balcony_admin_brand',
  /** The console's language when the admin chose one (else Accept-Language). */
  locale: 'balcony_admin_locale',
} as const;

/** A year: the brand and locale choices are preferences, not secrets. */
export const PREFERENCE_MAX_AGE = 365 * 24 * 3600;

export interface AdminCookieOptions {
  httpOnly: true;
  sameSite: 'strict';
  secure: boolean;
  path: '/';
  maxAge: number;
}

/**
 * Options of every console cookie: httpOnly, SameSite=Strict (another site's link or form never
 * carries the session), Secure when the browser used HTTPS.
 */
export function adminCookieOptions(secure: boolean, maxAge: number): AdminCookieOptions {
  return { httpOnly: true, sameSite: 'strict', secure, path: '/', maxAge: Math.max(0, Math.floor(maxAge)) };
}

/** Seconds from `now` until `expiresAt` (an ISO instant): the session cookie's Max-Age; 0 when past or unreadable. */
export function secondsUntil(expiresAt: string, now: number): number {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.floor((end - now) / 1000));
}

/**
 * A path of this console to return to after a form post: a local absolute path only, so a
 * crafted `next` value can never send the admin to another site (`//evil`, `/\evil`, `https:`).
 */
export function localPath(value: string | null | undefined, fallback = '/'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // No control characters: a line break could split a Location header.
  if ([...value].some((char) => char.charCodeAt(0) < 0x20)) return fallback;
  return value;
}
