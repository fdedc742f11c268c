import 'server-only';
import { type NextRequest, NextResponse } from 'next/server';
import { isSecure } from './client-address';
import { COOKIES, cookieOptions } from './cookies';
import { csrfMatches, sameOrigin } from './csrf';

// Shared plumbing of the web's own endpoints (/api/auth/*, the front proxy).

/** Largest body the web's own endpoints and the front proxy accept. */
export const MAX_BODY_BYTES = 64 * 1024;

/** A POST body sent as JSON or as a form, as flat string fields (spec §7: form csrfToken, callbackUrl, json). */
export async function readFields(request: NextRequest): Promise<Record<string, string>> {
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return {};
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== 'object') return {};
      return Object.fromEntries(
        Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      );
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** The CSRF check of every state-changing call: same origin, and the token echoed in a header or field. */
export function passesCsrf(request: NextRequest, fields?: Record<string, string>): boolean {
  const secret = request.cookies.get(COOKIES.csrf.name)?.value;
  const submitted = request.headers.get('x-csrf-token') ?? fields?.csrfToken;
  return sameOrigin(request) && csrfMatches(secret, submitted);
}

/** Spec §7: auth calls answer `{ url }` to script callers (`json=true`) and redirect forms. */
export function answerUrl(
  _request: NextRequest,
  url: string,
  fields: Record<string, string>,
  status = 200,
): NextResponse {
  if (fields.json === 'true') return NextResponse.json({ url }, { status });
  return redirectToPath(url);
}

/**
 * A 303 to a path of this site. The Location stays relative so that the browser keeps the host it
 * used: under `next start` (and behind a proxy) `request.nextUrl` carries the server's own host
 * name, e.g. localhost, and a redirect built on it would leave the reader's cookies behind.
 */
export function redirectToPath(path: string): NextResponse {
  return new NextResponse(null, { status: 303, headers: { Location: path } });
}

export function fail(status: number, code: string, message: string): NextResponse {
  return NextResponse.json({ result: 'FAIL', code, message }, { status });
}

// A syntactically valid host only, so a forged Host header cannot inject a path into a URL.
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;

/**
 * The origin the browser used (its Host header, https when the request or a proxy says so), for
 * the absolute URLs the web hands out (the OAuth redirect URI). `request.nextUrl` carries the
 * server's own host name instead; the api accepts a redirect URI only on its WEB_ORIGIN list.
 */
export function publicOrigin(request: NextRequest): string {
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  if (!host || !HOST.test(host)) return request.nextUrl.origin;
  return `${secureOf(request) ? 'https' : 'http'}://${host}`;
}

/** Whether the browser used HTTPS, as the web's server found it (never a header the browser sent). */
export function secureOf(request: NextRequest): boolean {
  return isSecure(request.headers);
}

export function setFlag(
  response: NextResponse,
  name: 'isSignUp' | 'checkSignUp' | 'loginCallbackFinished',
  secure: boolean,
): void {
  response.cookies.set(COOKIES[name].name, '1', cookieOptions(name, secure));
}
