import { REQUEST_TIMEOUT_MS } from '@balcony/contracts';
import type { NextRequest } from 'next/server';
import { apiBaseUrl } from '@/lib/api-url';

// GET /media/<key>: the api's images (covers, banners, and page images signed for the console,
// decision 0232) under the console's own origin, so its pages can show them with `img-src 'self'`.
// The api decides what may be served; this only passes the request and the answer on.

type Params = { params: Promise<{ path: string[] }> };

const KEY_SEGMENT = /^[a-z0-9_.-]+$/;
const PASSED = ['content-type', 'cache-control', 'vary', 'etag'];

export async function GET(request: NextRequest, { params }: Params): Promise<Response> {
  const segments = (await params).path;
  if (segments.length === 0 || segments.some((s) => !KEY_SEGMENT.test(s) || s === '.' || s === '..')) {
    return new Response(null, { status: 404 });
  }
  const url = new URL(`/media/${segments.join('/')}${request.nextUrl.search}`, apiBaseUrl());
  let upstream: Response;
  try {
    upstream = await fetch(url, {
      headers: { accept: request.headers.get('accept') ?? 'image/*' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      cache: 'no-store',
    });
  } catch {
    return new Response(null, { status: 502 });
  }
  const headers = new Headers({ 'x-content-type-options': 'nosniff' });
  for (const name of PASSED) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (!upstream.ok) return new Response(null, { status: upstream.status, headers });
  return new Response(upstream.body, { status: 200, headers });
}
