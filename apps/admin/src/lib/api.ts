import 'server-only';
import {
  AdminProfile,
  type AdminProfile as AdminProfileType,
  API_BASE,
  API_HEADERS,
  type BrandConfig,
  REQUEST_TIMEOUT_MS,
} from '@balcony/contracts';
import { cookies, headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import type { z } from 'zod';
import { apiBaseUrl } from './api-url';
import { pickBrand } from './brands';
import { ADMIN_COOKIES } from './cookies';
import { failCodeOf } from './errors';
import { relayHeaders } from './request-info';
import { readSession, type StoredSession } from './session';

// The console's server-side calls to the api, for server components and server code of other
// screens: the bearer from the sealed cookie, the brand the admin picked, the platform and the
// brand's time zone. A session the api no longer knows (idle, ended, disabled) sends the admin to
// /login through /session/expired, which also clears the cookie.

/** A failure the api answered (its spec §8 code), for the page to show in words. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: string,
    readonly status: number,
  ) {
    super(code);
  }
}

export interface ConsoleSession {
  session: StoredSession;
  /** The brand this request acts in. */
  brand: BrandConfig;
}

/** The session and brand of this request; redirects to /login without a session. */
export const getConsoleSession = cache(async (): Promise<ConsoleSession> => {
  const session = await readSession();
  if (!session) redirect('/login');
  const brand = pickBrand((await cookies()).get(ADMIN_COOKIES.brand)?.value, session.brandIds);
  if (!brand) redirect('/session/expired');
  return { session, brand };
});

/** The headers of every call to the api made for this admin, in `brand`, for the browser request `from`. */
export function adminHeaders(token: string, brand: BrandConfig, from: Headers): Record<string, string> {
  return {
    Authorization: `Bearer ${token}`,
    [API_HEADERS.brand]: brand.id,
    [API_HEADERS.platform]: 'WEB',
    [API_HEADERS.timeZone]: brand.timeZone,
    Accept: 'application/json',
    ...relayHeaders(from),
  };
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

/**
 * Calls `/api/v1<path>` for the admin of this request and answers the success envelope's `data`
 * checked against `schema`. Paths of admin routes start with /admin; public reads (/faq,
 * /policies/…) work too, in the picked brand.
 */
export async function api<S extends z.ZodType>(path: string, schema: S, request: ApiRequest = {}): Promise<z.infer<S>> {
  const { session, brand } = await getConsoleSession();
  const url = new URL(`${API_BASE}${path}`, apiBaseUrl());
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
  }
  const requestHeaders = adminHeaders(session.token, brand, await headers());
  if (request.body !== undefined) requestHeaders['Content-Type'] = 'application/json';
  let status: number;
  let body: unknown;
  try {
    const response = await fetch(url, {
      method: request.method ?? 'GET',
      headers: requestHeaders,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      cache: 'no-store',
    });
    status = response.status;
    body = await response.json();
  } catch {
    throw new ApiError('INTERNAL_ERROR', 502);
  }
  const code = failCodeOf(body);
  if (code === 'NOT_LOGIN_USER') redirect('/session/expired');
  if (code) throw new ApiError(code, status);
  const parsed = schema.safeParse((body as { data?: unknown } | null)?.data);
  if (!parsed.success) throw new ApiError('INTERNAL_ERROR', 502);
  return parsed.data;
}

/** The admin of this request, as the api knows them now (roles may have changed since login). */
export const currentAdmin = cache((): Promise<AdminProfileType> => api('/admin/auth/me', AdminProfile));

/**
 * What a page loads for the record of its `[id]` segment: an id that is no number, or a record
 * the api answers NOT_EXIST for, shows the not-found page; any other failure is thrown on.
 */
export async function loadRecord<T>(id: string, load: (id: string) => Promise<T>): Promise<T> {
  if (!/^\d{1,9}$/.test(id)) notFound();
  try {
    return await load(id);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NOT_EXIST') notFound();
    throw error;
  }
}
