import { type NextRequest, NextResponse } from 'next/server';
import { ADMIN_COOKIES, adminCookieOptions } from '@/lib/cookies';
import { isSecure } from '@/lib/request-info';

// GET /session/expired: where a page goes when the api says the admin session is over (idle,
// ended, disabled). A render cannot clear cookies, so this clears it, then shows the login page.
// It only ever ends a session; another site linking here can do no more than that, and the
// SameSite=Strict cookie would not even be sent with such a request.
export function GET(request: NextRequest): NextResponse {
  const response = new NextResponse(null, { status: 303, headers: { Location: '/login?expired=1' } });
  response.cookies.set(ADMIN_COOKIES.session, '', adminCookieOptions(isSecure(request.headers), 0));
  response.headers.set('Cache-Control', 'no-store');
  return response;
}
