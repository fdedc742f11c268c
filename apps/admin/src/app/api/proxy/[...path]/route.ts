import { API_BASE, REQUEST_TIMEOUT_MS } from '@balcony/contracts';
import { type NextRequest, NextResponse } from 'next/server';
import { adminHeaders } from '@/lib/api';
import { apiBaseUrl } from '@/lib/api-url';
import { pickBrand } from '@/lib/brands';
import { ADMIN_COOKIES, adminCookieOptions } from '@/lib/cookies';
import { failCodeOf } from '@/lib/errors';
import { sameOriginWrite } from '@/lib/origin';
import { isSecure } from '@/lib/request-info';
import { readSessionValue } from '@/lib/session';

// The console's same-origin proxy: browser code calls /api/proxy/<path>, which becomes
// /api/v1/admin/<path> with the admin's bearer (from the sealed cookie) and brand headers attached
// here, so the token never reaches page scripts. Bodies pass through as streams (JSON, multipart
// uploads) and so do answers (JSON, CSV files, images). Writes must come from this origin; a
// session the api no longer knows clears the cookie.

type Params = { params: Promise<{ path: string[] }> };

/** Calls with their own endpoint in the console (they set or clear the cookie). */
const BLOCKED = new Set(['auth/login', 'auth/logout']);
/** Answer headers worth passing on; the rest (cookies of the api, its CORS) stays behind. */
// Not content-length: fetch has already undone any compression, so the api's length may be wrong here.
const PASSED_HEADERS = ['content-type', 'content-disposition', 'etag', 'last-modified'];
/** Uploads may take longer than a JSON call. */
const UPLOAD_TIMEOUT_MS = 4 * REQUEST_TIMEOUT_MS;

function fail(status: number, code: string): NextResponse {
  const response = NextResponse.json({ result: 'FAIL', code, message: code }, { status });
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

async function handle(request: NextRequest, { params }: Params): Promise<NextResponse> {
  const segments = (await params).path;
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    return fail(404, 'NOT_FOUND_ROUTE');
  }
  const path = segments.map(encodeURIComponent).join('/');
  if (BLOCKED.has(path)) return fail(404, 'NOT_FOUND_ROUTE');
  const method = request.method;
  if (method !== 'GET' && method !== 'HEAD' && !sameOriginWrite(request.headers)) return fail(403, 'FORBIDDEN');

  const secure = isSecure(request.headers);
  const session = readSessionValue(request.cookies.get(ADMIN_COOKIES.session)?.value);
  const brand = session && pickBrand(request.cookies.get(ADMIN_COOKIES.brand)?.value, session.brandIds);
  if (!session || !brand) return ended(fail(401, 'NOT_LOGIN_USER'), secure);

  const headers = adminHeaders(session.token, brand, request.headers);
  const type = request.headers.get('content-type');
  if (type) headers['Content-Type'] = type;
  const accept = request.headers.get('accept');
  if (accept) headers.Accept = accept;
  const hasBody = method !== 'GET' && method !== 'HEAD' && request.body !== null;
  const url = new URL(`${API_BASE}/admin/${path}${request.nextUrl.search}`, apiBaseUrl());

  let upstream: Response;
  try {
    // `duplex` lets Node stream the browser's body on instead of buffering it.
    const init: RequestInit & { duplex?: 'half' } = {
      method,
      headers,
      body: hasBody ? request.body : undefined,
      duplex: hasBody ? 'half' : undefined,
      signal: AbortSignal.timeout(hasBody && type?.startsWith('multipart/') ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS),
      cache: 'no-store',
      redirect: 'manual',
    };
    upstream = await fetch(url, init);
  } catch {
    return fail(502, 'INTERNAL_ERROR');
  }

  if (upstream.status === 401) {
    const body: unknown = await upstream.json().catch(() => null);
    const code = failCodeOf(body) ?? 'NOT_LOGIN_USER';
    const response = fail(401, code);
    return code === 'NOT_LOGIN_USER' ? ended(response, secure) : response;
  }

  const response = new NextResponse(upstream.body, { status: upstream.status });
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) response.headers.set(name, value);
  }
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

function ended(response: NextResponse, secure: boolean): NextResponse {
  response.cookies.set(ADMIN_COOKIES.session, '', adminCookieOptions(secure, 0));
  return response;
}

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const DELETE = handle;
