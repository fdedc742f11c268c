import { type NextRequest, NextResponse } from 'next/server';
import { COOKIES, cookieOptions } from '@/lib/session/cookies';
import { secureOf } from '@/lib/session/http';
import { newCsrfSecret } from '../../../../../page-policy.mjs';

export const dynamic = 'force-dynamic';

/** Spec §7 GET csrf: the token state-changing calls must echo (double-submit with an httpOnly cookie). */
export async function GET(request: NextRequest): Promise<NextResponse> {
  const existing = request.cookies.get(COOKIES.csrf.name)?.value;
  const csrfToken = existing ?? newCsrfSecret();
  const response = NextResponse.json({ csrfToken });
  response.headers.set('Cache-Control', 'no-store');
  if (!existing) response.cookies.set(COOKIES.csrf.name, csrfToken, cookieOptions('csrf', secureOf(request)));
  return response;
}
