import { API_BASE, REQUEST_TIMEOUT_MS } from '@balcony/contracts';
import { type NextRequest, NextResponse } from 'next/server';
import { adminHeaders } from '@/lib/api';
import { apiBaseUrl } from '@/lib/api-url';
import { pickBrand } from '@/lib/brands';
import { ADMIN_COOKIES, adminCookieOptions } from '@/lib/cookies';
import { sameOriginWrite } from '@/lib/origin';
import { isSecure } from '@/lib/request-info';
import { readSessionValue } from '@/lib/session';

// POST /api/session/logout (the header's form): ends the session at the api, clears the cookie,
// and sends the admin to the login page. The cookie goes even when the api cannot be reached.
export async function POST(request: NextRequest): Promise<NextResponse> {
  if (!sameOriginWrite(request.headers)) {
    return NextResponse.json({ result: 'FAIL', code: 'FORBIDDEN' }, { status: 403 });
  }
  const session = readSessionValue(request.cookies.get(ADMIN_COOKIES.session)?.value);
  const brand = session && pickBrand(request.cookies.get(ADMIN_COOKIES.brand)?.value, session.brandIds);
  if (session && brand) {
    await fetch(new URL(`${API_BASE}/admin/auth/logout`, apiBaseUrl()), {
      method: 'POST',
      headers: adminHeaders(session.token, brand, request.headers),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      cache: 'no-store',
    }).catch(() => null);
  }
  // Relative, so the browser keeps the host it used (behind a proxy nextUrl names another).
  const response = new NextResponse(null, { status: 303, headers: { Location: '/login' } });
  response.cookies.set(ADMIN_COOKIES.session, '', adminCookieOptions(isSecure(request.headers), 0));
  return response;
}
