import {
  API_BASE,
  API_HEADERS,
  type BrandConfig,
  type ClientPlatform,
  type ErrorCode,
  RELAY_HEADERS,
  REQUEST_TIMEOUT_MS,
} from '@balcony/contracts';
import type { z } from 'zod';
import { readAnswer } from './envelope';

// One typed call against the api: the headers of spec §7, a 30 s timeout, the response envelope
// unwrapped and its data checked against the contract, every failure turned into an ApiError.

/**
 * A failed api call: the catalogue code the api answered, or INTERNAL_ERROR when it could not be
 * reached, timed out or answered something that is not our contract.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface ApiGet<T> {
  baseUrl: string;
  brand: BrandConfig;
  /** Path under /api/v1, e.g. `/contents/12`. */
  path: string;
  query?: Readonly<Record<string, string | undefined>>;
  schema: z.ZodType<T>;
  /**
   * The browser's address as the web's own server saw it, signed for the api, so the api's rate
   * limits count per reader and not per web server (lib/session/client-address.ts).
   */
  client?: RelayedClient | undefined;
  /** Replaced in tests. */
  fetch?: typeof fetch;
}

export interface ApiCall<T> extends ApiGet<T> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** The member's access token, sent as the bearer. */
  accessToken?: string | undefined;
  /** Who is reading: in the native app shell, and a visitor's adult-popup answer. */
  reader?: ReaderHeaders;
}

export interface ReaderHeaders {
  /** The app shell's platform when the page runs inside it (spec §1); WEB otherwise. */
  platform?: ClientPlatform | undefined;
  /** A visitor's answer to the yes/no adult popup (the not-logged-in-adult cookie, spec §4). */
  visitorAdultAnswer?: string | undefined;
}

/** A reader's address and its signature under the key the web shares with the api. */
export interface RelayedClient {
  ip: string;
  /** base64url (no padding) HMAC-SHA256 of `ip` under the relay secret. */
  signature: string;
  /** The country the CDN named (ISO alpha-2), signed with `ip` (HMAC of `ip|code`). */
  country?: { code: string; signature: string };
}

export function relayHeaders(client: RelayedClient | undefined): Record<string, string> {
  if (!client) return {};
  const headers: Record<string, string> = {
    [RELAY_HEADERS.ip]: client.ip,
    [RELAY_HEADERS.signature]: client.signature,
  };
  if (client.country) {
    headers[RELAY_HEADERS.country] = client.country.code;
    headers[RELAY_HEADERS.countrySignature] = client.country.signature;
  }
  return headers;
}

/** The headers of spec §7 that every call to the api carries, for this reader. */
export function apiHeaders(brand: BrandConfig, reader: ReaderHeaders = {}): Record<string, string> {
  const { platform = 'WEB', visitorAdultAnswer } = reader;
  return {
    [API_HEADERS.brand]: brand.id,
    [API_HEADERS.timeZone]: brand.timeZone,
    [API_HEADERS.platform]: platform,
    'Accept-Language': brand.locale,
    Accept: 'application/json',
    ...(visitorAdultAnswer && { [API_HEADERS.notLoggedInAdult]: visitorAdultAnswer }),
  };
}

function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

export function apiGet<T>(request: ApiGet<T>): Promise<T> {
  return apiCall({ ...request, method: 'GET' });
}

export async function apiCall<T>(request: ApiCall<T>): Promise<T> {
  const url = new URL(`${API_BASE}${request.path}`, request.baseUrl);
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  const label = `${request.method} ${url.pathname}${url.search}`;
  const headers = { ...apiHeaders(request.brand, request.reader), ...relayHeaders(request.client) };
  if (request.accessToken) headers.Authorization = `Bearer ${request.accessToken}`;
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  const unreadable = (what: string, cause: unknown) =>
    isTimeout(cause)
      ? new ApiError('INTERNAL_ERROR', 504, `${label} timed out`, { cause })
      : new ApiError('INTERNAL_ERROR', 502, `${label} ${what}`, { cause });

  let body: unknown;
  let status: number;
  try {
    // The signal also bounds reading the body, so a stalled stream cannot hold a render.
    const response = await (request.fetch ?? fetch)(url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      cache: 'no-store',
    });
    status = response.status;
    body = await response.json();
  } catch (cause) {
    throw unreadable('failed: api unreachable or answered no JSON', cause);
  }

  const answer = readAnswer(body, request.schema);
  switch (answer.kind) {
    case 'data':
      return answer.data;
    case 'refused':
      throw new ApiError(answer.code, status, `${label} answered ${status} ${answer.answered}`);
    case 'broken':
      throw unreadable(`answered ${status} ${answer.problem}`, answer.cause);
  }
}
