import 'server-only';
import { type NextRequest, NextResponse } from 'next/server';
import { COOKIES, cookieOptions } from './cookies';
import { csrfMatches, sameOrigin } from './csrf';
import { isSecure } from './server';

// Shared plumbing of the web's own endpoints (/api/auth/*, the front proxy).

const MAX_BODY_BYTES = 64 * 1024;

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
  request: NextRequest,
  url: string,
  fields: Record<string, string>,
  status = 200,
): NextResponse {
  if (fields.json === 'true') return NextResponse.json({ url }, { status });
  return NextResponse.redirect(new URL(url, request.nextUrl.origin), 303);
}

export function fail(status: number, code: string, message: string): NextResponse {
  return NextResponse.json({ result: 'FAIL', code, message }, { status });
}

export function secureOf(request: NextRequest): boolean {
  return request.nextUrl.protocol === 'https:' || isSecure(request.headers);
}

export function setFlag(
  response: NextResponse,
  name: 'isSignUp' | 'checkSignUp' | 'loginCallbackFinished',
  secure: boolean,
): void {
  response.cookies.set(COOKIES[name].name, '1', cookieOptions(name, secure));
}
