import type { z } from 'zod';
import { readAnswer } from '@/lib/api/envelope';
import { getCsrfToken, sessionFetch } from './client';
import { FrontError } from './front-error';

// Browser-side calls through the web's front proxy, which attaches the member's bearer (the token
// never reaches this code). Kept apart from client.ts: the answers are checked against the
// contracts' zod schemas, and only the screens that call the api from the browser load them.

/**
 * Calls the api through the front proxy and checks its data against `schema` (the contract the
 * server's calls use); answers the data or throws a FrontError. Like the server's calls, an
 * answer outside the contract is INTERNAL_ERROR with status 502.
 */
export async function frontFetch<T>(
  path: string,
  schema: z.ZodType<T>,
  init: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown } = {},
): Promise<T> {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = {};
  if (method !== 'GET') headers['x-csrf-token'] = await getCsrfToken();
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let status: number;
  let body: unknown;
  try {
    const response = await sessionFetch(`/api/front${path}`, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      cache: 'no-store',
      // A write survives the reader leaving or reloading the page right after the click.
      keepalive: method !== 'GET',
    });
    status = response.status;
    body = await response.json();
  } catch (cause) {
    throw new FrontError('CLIENT_FETCH_ERROR', 0, { cause });
  }
  const answer = readAnswer(body, schema);
  switch (answer.kind) {
    case 'data':
      return answer.data;
    case 'refused':
      throw new FrontError(answer.code, status);
    case 'broken':
      throw new FrontError('INTERNAL_ERROR', 502, { cause: answer.cause });
  }
}
