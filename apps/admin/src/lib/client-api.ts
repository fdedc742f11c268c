import type { z } from 'zod';
import { failCodeOf } from './errors';

// Browser-side calls of the console: every one goes to the same-origin proxy (/api/proxy/<path>
// → /api/v1/admin/<path>), which adds the admin's bearer and brand on the server. A session the
// api no longer knows sends the admin to the login page.

/** A failure the api (or the proxy) answered, with its spec §8 code. */
export class ClientApiError extends Error {
  override readonly name = 'ClientApiError';
  constructor(
    readonly code: string,
    readonly status: number,
  ) {
    super(code);
  }
}

export interface ClientRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  /** JSON-encoded unless it is a FormData (a multipart upload). */
  body?: unknown;
}

/** The proxy URL of an admin api path, e.g. `qna/3/attachments/0` (usable as an image source). */
export function adminUrl(path: string, query?: ClientRequest['query']): string {
  const clean = path.replace(/^\/+/, '').replace(/^admin\//, '');
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return `/api/proxy/${clean}${text ? `?${text}` : ''}`;
}

function sessionEnded(): never {
  window.location.assign('/login?expired=1');
  throw new ClientApiError('NOT_LOGIN_USER', 401);
}

/** The raw answer of an admin call; throws on a failure envelope (and leaves on an ended session). */
export async function adminFetch(path: string, request: ClientRequest = {}): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && request.body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(adminUrl(path, request.query), {
      method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
      headers: request.body === undefined || isForm ? undefined : { 'Content-Type': 'application/json' },
      body: request.body === undefined ? undefined : isForm ? (request.body as FormData) : JSON.stringify(request.body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new ClientApiError('INTERNAL_ERROR', 0);
  }
  if (response.ok) return response;
  const body: unknown = await response.json().catch(() => null);
  const code = failCodeOf(body) ?? 'INTERNAL_ERROR';
  if (code === 'NOT_LOGIN_USER') sessionEnded();
  throw new ClientApiError(code, response.status);
}

/** An admin call answering the success envelope; its `data`, checked by `schema` when given. */
export async function callAdmin<S extends z.ZodType>(
  path: string,
  schema: S,
  request: ClientRequest = {},
): Promise<z.infer<S>> {
  const response = await adminFetch(path, request);
  const body = (await response.json().catch(() => null)) as { result?: string; data?: unknown } | null;
  if (body?.result !== 'SUCCESS') throw new ClientApiError(failCodeOf(body) ?? 'INTERNAL_ERROR', response.status);
  const parsed = schema.safeParse(body.data);
  if (!parsed.success) throw new ClientApiError('INTERNAL_ERROR', response.status);
  return parsed.data;
}

/**
 * Saves a record from its editor: PUT to `existing` (the record's own path) when it exists, POST
 * to `collection` when it is new. Answers the record as the api stored it.
 */
export function saveAdmin<S extends z.ZodType>(
  existing: string | null | undefined,
  collection: string,
  schema: S,
  body: unknown,
): Promise<z.infer<S>> {
  return existing
    ? callAdmin(existing, schema, { method: 'PUT', body })
    : callAdmin(collection, schema, { method: 'POST', body });
}

/** The file name of a Content-Disposition header, if it names one. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  const name = match?.[1] ? decodeURIComponent(match[1]) : '';
  return /^[\w.() -]{1,200}$/.test(name) ? name : fallback;
}

/** Calls an admin route answering a file (a CSV export) and hands it to the browser as a download. */
export async function downloadAdmin(path: string, request: ClientRequest, fallbackName: string): Promise<string> {
  const response = await adminFetch(path, request);
  const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  offerFile(await response.blob(), name);
  return name;
}

/** Hands a file made or fetched in the browser to the user as a download named `name`. */
export function offerFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click ran; the object URL can go on the next tick.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * A multipart upload with progress (fetch reports none for request bodies): answers the success
 * envelope's `data`, checked by `schema`.
 */
export function uploadAdmin<S extends z.ZodType>(
  path: string,
  form: FormData,
  schema: S,
  options: { method?: 'POST' | 'PUT'; onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<z.infer<S>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', adminUrl(path));
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => options.onProgress?.({ loaded: event.loaded, total: event.total });
    xhr.onerror = () => reject(new ClientApiError('INTERNAL_ERROR', 0));
    xhr.onabort = () => reject(new ClientApiError('INTERNAL_ERROR', 0));
    xhr.onload = () => {
      const body = xhr.response as { result?: string; data?: unknown } | null;
      const code = failCodeOf(body);
      if (code === 'NOT_LOGIN_USER') {
        window.location.assign('/login?expired=1');
        reject(new ClientApiError(code, xhr.status));
        return;
      }
      if (code || body?.result !== 'SUCCESS') {
        reject(new ClientApiError(code ?? 'INTERNAL_ERROR', xhr.status));
        return;
      }
      const parsed = schema.safeParse(body.data);
      if (parsed.success) resolve(parsed.data);
      else reject(new ClientApiError('INTERNAL_ERROR', xhr.status));
    };
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
