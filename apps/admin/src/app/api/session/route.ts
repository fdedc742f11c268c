import {
  AdminLoginRequest,
  AdminSession,
  API_BASE,
  API_HEADERS,
  DEFAULT_BRAND_ID,
  getBrand,
  REQUEST_TIMEOUT_MS,
} from '@balcony/contracts';
import { type NextRequest, NextResponse } from 'next/server';
import { apiBaseUrl } from '@/lib/api-url';
import { pickBrand } from '@/lib/brands';
import { ADMIN_COOKIES, adminCookieOptions, PREFERENCE_MAX_AGE } from '@/lib/cookies';
import { failCodeOf } from '@/lib/errors';
import { sameOriginWrite } from '@/lib/origin';
import { isSecure, relayHeaders } from '@/lib/request-info';
import { sealSession } from '@/lib/session';

// POST /api/session: the login form's call. The api's answer (the session token) goes into the
// sealed httpOnly cookie; the browser only learns that it worked, or the failure's code.

const MAX_BODY_BYTES = 4096;

function fail(status: number, code: string): NextResponse {
  return NextResponse.json({ result: 'FAIL', code }, { status, headers: { 'Cache-Control': 'no-store' } });
}

export async function POST(request: NextRequest): Promise<NextResponse> {
  if (!sameOriginWrite(request.headers)) return fail(403, 'FORBIDDEN');
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return fail(413, 'INVALID_PARAMETER');
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    return fail(400, 'INVALID_PARAMETER');
  }
  const login = AdminLoginRequest.safeParse(input);
  if (!login.success) return fail(400, 'INVALID_PARAMETER');

  // The login route needs a brand header like any other; the one last used, or the default.
  const brand = getBrand(request.cookies.get(ADMIN_COOKIES.brand)?.value) ?? getBrand(DEFAULT_BRAND_ID);
  if (!brand) return fail(500, 'INTERNAL_ERROR');
  let status: number;
  let body: unknown;
  try {
    const response = await fetch(new URL(`${API_BASE}/admin/auth/login`, apiBaseUrl()), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        [API_HEADERS.brand]: brand.id,
        [API_HEADERS.platform]: 'WEB',
        [API_HEADERS.timeZone]: brand.timeZone,
        ...relayHeaders(request.headers),
      },
      body: JSON.stringify(login.data),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      cache: 'no-store',
    });
    status = response.status;
    body = await response.json();
  } catch {
    return fail(502, 'INTERNAL_ERROR');
  }
  const code = failCodeOf(body);
  if (code) return fail(status, code);
  const session = AdminSession.safeParse((body as { data?: unknown } | null)?.data);
  const sealed = session.success ? sealSession(session.data) : null;
  if (!session.success || !sealed) return fail(502, 'INTERNAL_ERROR');

  const secure = isSecure(request.headers);
  const picked = pickBrand(request.cookies.get(ADMIN_COOKIES.brand)?.value, session.data.admin.brandIds);
  const response = NextResponse.json({ result: 'SUCCESS' }, { headers: { 'Cache-Control': 'no-store' } });
  response.cookies.set(ADMIN_COOKIES.session, sealed.value, adminCookieOptions(secure, sealed.maxAge));
  if (picked) response.cookies.set(ADMIN_COOKIES.brand, picked.id, adminCookieOptions(secure, PREFERENCE_MAX_AGE));
  return response;
}
