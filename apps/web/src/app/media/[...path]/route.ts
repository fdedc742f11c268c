import { REQUEST_TIMEOUT_MS } from '@balcony/contracts';
import type { NextRequest } from 'next/server';
import { apiBaseUrl } from '@/lib/api/api-url';
import { FORWARDED_REQUEST, FORWARDED_RESPONSE, mediaTarget } from '../../../../media-relay.mjs';

// GET /media/* → the api's media route under `next dev`. The production server answers /media
// itself before Next.js sees it (media-relay.mjs, decision 0299), with the same header lists.
// A handler rather than a next.config rewrite: rewrites are frozen at build time, while API_URL
// is only known at start.

export async function GET(request: NextRequest): Promise<Response> {
  const { pathname, search } = request.nextUrl;
  const target = mediaTarget(`${pathname}${search}`, apiBaseUrl());
  if (!target) return new Response(null, { status: 404 });
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  let upstream: Response;
  try {
    upstream = await fetch(target, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), cache: 'no-store' });
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
