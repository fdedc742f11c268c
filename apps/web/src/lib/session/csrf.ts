import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import type { NextRequest } from 'next/server';

// Double-submit CSRF protection for every state-changing call to the web (/api/auth/*, the front
// proxy): the secret sits in an httpOnly cookie written with every page (page-policy.mjs), or by
// /api/auth/csrf for a caller that has none, and /api/auth/csrf tells same-origin scripts its value
// (another origin cannot read that answer), and a POST must echo it in `x-csrf-token` or the form
// field `csrfToken`. A cross-site Origin header is refused outright.

export function sameOrigin(request: NextRequest): boolean {
  const origin = request.headers.get('origin');
  if (!origin) return true; // same-origin navigations and older browsers send none; the token still guards
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export function csrfMatches(cookieSecret: string | undefined, submitted: string | null | undefined): boolean {
  if (!cookieSecret || !submitted) return false;
  const a = Buffer.from(cookieSecret);
  const b = Buffer.from(submitted);
  return a.length === b.length && timingSafeEqual(a, b);
}
