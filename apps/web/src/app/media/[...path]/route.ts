import { REQUEST_TIMEOUT_MS } from '@balcony/contracts';
import type { NextRequest } from 'next/server';
import { apiBaseUrl } from '@/lib/api/api-url';

// GET /media/* → the api's media route, so images are same-origin for the page (CSP img-src
// 'self'). A handler rather than a next.config rewrite: rewrites are frozen at build time, while
// API_URL is only known at start; and it passes on only what a cached image needs, never the
// api's address or its other headers.

const FORWARDED_REQUEST = ['accept', 'if-none-match', 'if-modified-since'] as const;
const FORWARDED_RESPONSE = ['content-type', 'cache-control', 'vary', 'etag', 'last-modified'] as const;

export async function GET(request: NextRequest): Promise<Response> {
  const { pathname, search } = request.nextUrl;
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  let upstream: Response;
  try {
    upstream = await fetch(new URL(`${pathname}${search}`, apiBaseUrl()), {
      headers,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      cache: 'no-store',
    });
  } catch (error) {
    console.error('media unavailable', pathname, error);
    return new Response(null, { status: 502, headers: { 'cache-control': 'no-store' } });
  }
  const answer = new Headers();
  for (const name of FORWARDED_RESPONSE) {
    const value = upstream.headers.get(name);
    if (value) answer.set(name, value);
  }
  return new Response(upstream.body, { status: upstream.status, headers: answer });
}
