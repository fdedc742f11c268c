import { type NextRequest, NextResponse } from 'next/server';
import { createPageGates } from '../page-gate.mjs';
import {
  asksConsent,
  CONSENT_COOKIE,
  CONSENT_HEADER,
  contentSecurityPolicy,
  grantedCategories,
  newNonce,
  pageCookieWrites,
} from '../page-policy.mjs';
import { apiBaseUrl } from './lib/api/api-url';
import { brandOfHost } from './lib/brand/brand';
import { relayedClientOf } from './lib/session/client-address';
import { COOKIES, type CookieName, type CookieOptions, cookieOptions } from './lib/session/cookies';
import { secureOf } from './lib/session/http';
import { fetchUser, readSessionCookie, refreshSession, sealSessionCookie, webAudienceOf } from './lib/session/server';
import { checkTokens } from './lib/session/token-check';

type CookieWrite = [name: string, value: string, options: CookieOptions];

/** Maintenance and transfer mode (spec §2, page-gate.mjs): read once per process, asked per page. */
let gates: ReturnType<typeof createPageGates> | undefined;

/**
 * Runs before every page: first the operator's gates (maintenance sends the page to /prepare,
 * transfer mode to /transfer/note or the brand's external site; page-gate.mjs), then a
 * Content-Security-Policy with a fresh nonce; the spec §4 token check
 * (renew an access token with 5 minutes or less left, so the render and the browser both get the
 * new pair); and the page cookies of spec §4 (marketing code, device id, previous/current page),
 * on the brands that ask consent only those the reader allowed (decision 0263).
 * A visitor's catalogue page kept by the production server is answered there with the same
 * policy and cookies (page-policy.mjs), without coming here (visitor-pages.mjs).
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  gates ??= createPageGates({ apiUrl: apiBaseUrl(), env: process.env });
  const brandId = brandOfHost(request.headers.get('host')).id;
  const elsewhere = await gates.redirectFor(brandId, request.nextUrl.pathname);
  if (elsewhere) return NextResponse.redirect(new URL(elsewhere, request.nextUrl.origin), 307);
  const secure = secureOf(request);
  const writes: CookieWrite[] = [];
  const write = (name: CookieName, value: string, maxAge?: number) => {
    writes.push([COOKIES[name].name, value, cookieOptions(name, secure, maxAge)]);
    // The render of this same request reads the new value.
    if (maxAge === 0) request.cookies.delete(COOKIES[name].name);
    else request.cookies.set(COOKIES[name].name, value);
  };

  await checkSessionTokens(request, write);
  const read = (name: string) => request.cookies.get(name)?.value;
  const asks = asksConsent(brandId);
  for (const [name, value] of pageCookieWrites(
    read,
    request.nextUrl.pathname,
    request.nextUrl.searchParams.get('porch'),
    grantedCategories(asks, read(CONSENT_COOKIE.name)),
  )) {
    if (value === null) write(name, '', 0);
    else write(name, value);
  }

  const nonce = newNonce();
  const policy = contentSecurityPolicy(nonce, process.env.NODE_ENV === 'development');
  // Next.js reads the nonce from the request's policy and stamps it on the scripts it renders.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', policy);
  requestHeaders.set('cookie', request.cookies.toString());
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('content-security-policy', policy);
  // The visitor page cache keeps this with the page, and gates its own cookie writes by it.
  if (asks) response.headers.set(CONSENT_HEADER, 'required');
  for (const [name, value, options] of writes) response.cookies.set(name, value, options);
  return response;
}

/**
 * Spec §4 token check, then the member's catalogue class when the session lacks it (one user
 * call, written into the session cookie), so that the next kept page can be theirs (decision 0289).
 */
async function checkSessionTokens(
  request: NextRequest,
  write: (name: CookieName, value: string, maxAge?: number) => void,
) {
  const stored = await readSessionCookie(request.cookies.get(COOKIES.session.name)?.value);
  if (!stored) return;
  const brand = brandOfHost(request.headers.get('host'));
  if (stored.brandId !== brand.id) return;
  const client = relayedClientOf(request.headers);
  let session = stored;
  if (checkTokens(stored, Date.now()) !== 'keep') {
    const outcome = await refreshSession(brand, stored, client);
    if (outcome.kind === 'renewed') {
      session = outcome.session;
      write('tokenRenewed', '1');
    } else {
      if (outcome.kind === 'ended' || checkTokens(stored, Date.now()) === 'expired') {
        write('session', '', 0);
        write('checked', '', 0);
      }
      return;
    }
  }
  if (session.audience === undefined) {
    try {
      const user = await fetchUser(brand, session.accessToken, client);
      session = { ...session, audience: webAudienceOf(brand, user) };
    } catch {
      // Unknown for now: this member's pages are rendered for them until a later page learns it.
    }
  }
  if (session !== stored) {
    const { value, maxAge } = await sealSessionCookie(session);
    write('session', value, maxAge);
  }
}

export const config = {
  matcher: [
    {
      // Pages only: not the web's own endpoints, build assets, images, the health check, files
      // (icon.svg, robots.txt, sitemap.xml, the push service worker's script: no page path has a
      // dot), or router prefetches (no HTML).
      source: '/((?!api/|_next/static|_next/image|_/|media/|.*\\.\\w+$).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
