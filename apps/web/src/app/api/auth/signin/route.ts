import type { NextRequest, NextResponse } from 'next/server';
import { redirectToPath } from '@/lib/session/http';
import { loginRedirect, safeReturnPath } from '@/lib/session/redirects';

/** The sign-in path of the auth base (spec §2): sends the reader to the login page with the way back. */
export function GET(request: NextRequest): NextResponse {
  const params = request.nextUrl.searchParams;
  const target =
    loginRedirect({ currentPath: '/api/auth/signin', returnPath: safeReturnPath(params.get('callbackUrl')) }) ??
    '/user/login';
  const error = params.get('error');
  const url = new URL(target, 'http://web.invalid');
  if (error) url.searchParams.set('error', error);
  return redirectToPath(`${url.pathname}${url.search}`);
}
