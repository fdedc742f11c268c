import { type NextRequest, NextResponse } from 'next/server';
import { ADMIN_COOKIES } from './lib/cookies';

// Runs before every console page: a Content-Security-Policy with a fresh nonce (Next.js puts it on
// its own scripts), and the first gate of the session: a page other than /login without the
// session cookie goes to /login. The cookie's seal and the api's own check come next, in the
// console layout (src/lib/api.ts), which sends an ended session to /login as well.

function contentSecurityPolicy(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    // The rich-text editor and the charts set style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const PUBLIC_PAGES = new Set(['/login']);

// A syntactically valid host only, so a forged Host header cannot inject a path into the URL.
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;

/**
 * The login page on the host the browser used: a proxy's redirect must be absolute, and
 * `request.nextUrl` carries the server's own host name (localhost) under server.mjs.
 */
function loginUrl(request: NextRequest): URL {
  const host = request.headers.get('host');
  const secure = process.env.BALCONY_ADMIN_SERVER === '1' && request.headers.get('x-balcony-proto') === 'https';
  const origin = host && HOST.test(host) ? `${secure ? 'https' : 'http'}://${host}` : request.nextUrl.origin;
  return new URL('/login', origin);
}

export function proxy(request: NextRequest): NextResponse {
  const { pathname } = request.nextUrl;
  if (!PUBLIC_PAGES.has(pathname) && !request.cookies.has(ADMIN_COOKIES.session)) {
    return NextResponse.redirect(loginUrl(request), 307);
  }
  const nonce = btoa(crypto.randomUUID());
  const policy = contentSecurityPolicy(nonce, process.env.NODE_ENV === 'development');
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('content-security-policy', policy);
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

export const config = {
  matcher: [
    {
      // Pages only: not the console's endpoints, build assets, the health check or /session/expired.
      source: '/((?!api/|_next/static|_next/image|_/|session/|favicon.ico|icon.svg).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
