import 'server-only';
import { API_BASE, CONTACT_MAX_IMAGE_BYTES, CONTACT_MAX_IMAGES, REQUEST_TIMEOUT_MS } from '@balcony/contracts';
import { type NextRequest, NextResponse } from 'next/server';
import { apiHeaders, relayHeaders } from '../api/api-client';
import { apiBaseUrl } from '../api/api-url';
import { getRequestBrand } from '../brand/brand';
import { appPlatformOf } from '../shell/app-shell';
import { relayedClientOf } from './client-address';
import { COOKIES } from './cookies';
import { fail, MAX_BODY_BYTES, passesCsrf, secureOf, setFlag } from './http';
import {
  clearSessionCookie,
  readSessionCookie,
  refreshSession,
  sessionFromTokens,
  writeRenewedSessionCookie,
  writeSessionCookie,
} from './server';
import { checkTokens, type StoredSession } from './token-check';

/** Calls that handle tokens themselves are not reachable through the proxy. */
const BLOCKED = [/^auth\/refresh$/, /^auth\/logout$/, /^auth\/social\//];
/** Calls whose body must carry the member's refresh token (spec §7 PUT /user, adult auth). */
const NEEDS_REFRESH_TOKEN = [/^user$/, /^user\/auth\/adult\/kr$/];

interface TokenPairShape {
  accessToken: { token: string; expiredAt: string };
  refreshToken: { token: string; expiredAt: string };
  isSignUp?: boolean;
}

/**
 * Answers passed on as they came, which hold no token: files to download (GET /coin/lots.csv,
 * the signed account transfer file GET /transfer/file) and the images of the member's contact
 * requests (GET /qna/{id}/attachments/{n}, WebP).
 */
const FILE_TYPES = /^(text\/csv|image\/webp|application\/vnd\.balcony\.account-transfer\+json)\b/i;

/** Multipart forms passed on as they came: a contact request with its images (POST /qna). */
const UPLOADS = [/^qna$/];
/** The largest such form: three images of 3 MB and the text fields. */
const MAX_UPLOAD_BYTES = CONTACT_MAX_IMAGES * CONTACT_MAX_IMAGE_BYTES + MAX_BODY_BYTES;

/** The body of an upload, read up to `max` bytes; null past it (the rest is never read). */
async function readCapped(request: NextRequest, max: number): Promise<ArrayBuffer | null> {
  if (Number(request.headers.get('content-length') ?? 0) > max) return null;
  const reader = request.body?.getReader();
  if (!reader) return new ArrayBuffer(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body.buffer;
}

/** A file the api answered, with the headers that name and describe it. */
interface FileAnswer {
  body: ArrayBuffer;
  headers: Record<string, string>;
}

async function fileOf(upstream: Response): Promise<FileAnswer | null> {
  const type = upstream.headers.get('content-type') ?? '';
  if (!upstream.ok || !FILE_TYPES.test(type)) return null;
  const headers: Record<string, string> = { 'Content-Type': type };
  const disposition = upstream.headers.get('content-disposition');
  if (disposition) headers['Content-Disposition'] = disposition;
  return { body: await upstream.arrayBuffer(), headers };
}

function isTokenPair(value: unknown): value is TokenPairShape {
  const v = value as Partial<TokenPairShape> | null;
  return typeof v?.accessToken?.token === 'string' && typeof v.refreshToken?.token === 'string';
}

export async function forward(request: NextRequest, segments: string[]): Promise<NextResponse> {
  const path = segments.map(encodeURIComponent).join('/');
  if (BLOCKED.some((re) => re.test(path)))
    return fail(404, 'NOT_FOUND_ROUTE', 'Not available through the front proxy.');
  const method = request.method;
  if (method !== 'GET' && !passesCsrf(request)) return fail(403, 'INVALID_PARAMETER', 'Missing or wrong CSRF token.');

  const brand = await getRequestBrand();
  const secure = secureOf(request);
  const client = relayedClientOf(request.headers);
  let session = await readSessionCookie(request.cookies.get(COOKIES.session.name)?.value);
  if (session && session.brandId !== brand.id) session = null;
  let renewed = false;
  let ended = false;

  const contentType = request.headers.get('content-type') ?? '';
  const isUpload =
    method === 'POST' && UPLOADS.some((re) => re.test(path)) && /^multipart\/form-data;/i.test(contentType);
  const form = isUpload ? await readCapped(request, MAX_UPLOAD_BYTES) : null;
  if (isUpload && !form) return fail(413, 'INVALID_PARAMETER', 'Request too large.');
  const text = method === 'GET' || isUpload ? '' : await request.text();
  if (text.length > MAX_BODY_BYTES) return fail(413, 'INVALID_PARAMETER', 'Request too large.');

  const refresh = async (s: StoredSession): Promise<StoredSession | null> => {
    const outcome = await refreshSession(brand, s, client);
    if (outcome.kind === 'renewed') {
      renewed = true;
      return outcome.session;
    }
    if (outcome.kind === 'ended') ended = true;
    return null;
  };
  // Spec §4 token check before the call: renew an access token close to expiry.
  if (session && checkTokens(session, Date.now()) !== 'keep') session = await refresh(session);

  const send = (s: StoredSession | null) => {
    const headers = {
      ...apiHeaders(brand, {
        platform: appPlatformOf(request.headers.get('user-agent')) ?? 'WEB',
        visitorAdultAnswer: request.cookies.get(COOKIES.notLoggedInAdult.name)?.value,
      }),
      ...relayHeaders(client),
    };
    if (s) headers.Authorization = `Bearer ${s.accessToken}`;
    let body: string | ArrayBuffer | undefined;
    if (form) {
      headers['Content-Type'] = contentType;
      body = form;
    } else if (text) {
      headers['Content-Type'] = 'application/json';
      body = NEEDS_REFRESH_TOKEN.some((re) => re.test(path)) && s ? withRefreshToken(text, s.refreshToken) : text;
    }
    const url = new URL(`${API_BASE}/${path}${request.nextUrl.search}`, apiBaseUrl());
    return fetch(url, { method, headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), cache: 'no-store' });
  };

  let upstream: Response;
  let payload: unknown;
  let file: FileAnswer | null;
  try {
    upstream = await send(session);
    file = await fileOf(upstream);
    payload = file ? null : await upstream.json();
    if (session && (payload as { code?: string } | null)?.code === 'NEED_TO_REFRESH') {
      session = await refresh(session);
      upstream = await send(session);
      file = await fileOf(upstream);
      payload = file ? null : await upstream.json();
    }
  } catch {
    return fail(502, 'INTERNAL_ERROR', 'The service could not be reached. Please try again.');
  }

  // Tokens the api answered (sign-up verification, profile changes, adult checks) go into the
  // sealed cookie; the browser gets the rest of the answer.
  let signUp = false;
  let signedAgain = false;
  const envelope = (payload ?? {}) as { result?: string; data?: unknown };
  if (envelope.result === 'SUCCESS' && envelope.data && typeof envelope.data === 'object') {
    const data = envelope.data as Record<string, unknown>;
    const pair = isTokenPair(data) ? data : isTokenPair(data.authResponse) ? data.authResponse : null;
    if (pair) {
      session = await sessionFromTokens(brand, pair, client);
      renewed = true;
      signedAgain = true;
      signUp = pair.isSignUp === true;
      const { accessToken: _a, refreshToken: _r, authResponse: _ar, ...rest } = data;
      envelope.data = rest;
    }
  }
  // A member's own settings (adult display, BL) may change what catalogue they see: the class the
  // session holds is dropped, and the next page works it out again (decision 0289). A new session
  // made from the answer's tokens has it from the member as they are now.
  let reclassed = false;
  if (session && !signedAgain && session.audience !== undefined && method !== 'GET' && /^user(\/|$)/.test(path)) {
    const { audience: _changed, ...rest } = session;
    session = rest;
    reclassed = true;
  }

  const response = file
    ? new NextResponse(file.body, { status: upstream.status, headers: file.headers })
    : NextResponse.json(payload, { status: upstream.status });
  response.headers.set('Cache-Control', 'no-store');
  if (renewed && session) await writeRenewedSessionCookie(response.cookies, session, secure);
  else if (reclassed && session) await writeSessionCookie(response.cookies, session, secure);
  else if (ended) clearSessionCookie(response.cookies, secure);
  if (signUp) {
    setFlag(response, 'isSignUp', secure);
    setFlag(response, 'checkSignUp', secure);
  }
  return response;
}

function withRefreshToken(text: string, refreshToken: string): string {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && !Array.isArray(body)) return JSON.stringify({ ...body, refreshToken });
  } catch {
    // not JSON: the api answers the validation error
  }
  return text;
}
