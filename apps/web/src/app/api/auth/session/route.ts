import { type NextRequest, NextResponse } from 'next/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { relayedClientOf } from '@/lib/session/client-address';
import { COOKIES, cookieOptions } from '@/lib/session/cookies';
import { secureOf } from '@/lib/session/http';
import {
  clearSessionCookie,
  loadSessionView,
  readSessionCookie,
  writeRenewedSessionCookie,
  writeSessionCookie,
} from '@/lib/session/server';

export const dynamic = 'force-dynamic';

/** Spec §7 GET session: the member's user and coin (never the tokens), or `{}` for a guest. */
export async function GET(request: NextRequest): Promise<NextResponse> {
  const brand = await getRequestBrand();
  const secure = secureOf(request);
  const stored = await readSessionCookie(request.cookies.get(COOKIES.session.name)?.value);
  if (!stored || stored.brandId !== brand.id) return noStore(NextResponse.json({}));
  const { view, renewed, classified, ended } = await loadSessionView(brand, stored, relayedClientOf(request.headers));
  const response = noStore(
    NextResponse.json(
      view ? { user: view.user, coin: view.coin, expires: new Date(stored.refreshExpiresAt).toISOString() } : {},
    ),
  );
  if (renewed) await writeRenewedSessionCookie(response.cookies, renewed, secure);
  else if (classified) await writeSessionCookie(response.cookies, classified, secure);
  if (ended) clearSessionCookie(response.cookies, secure);
  else if (view) response.cookies.set(COOKIES.checked.name, '1', cookieOptions('checked', secure));
  return response;
}

function noStore(response: NextResponse): NextResponse {
  response.headers.set('Cache-Control', 'no-store');
  return response;
}
