import { type NextRequest, NextResponse } from 'next/server';
import { brandsFor } from '@/lib/brands';
import { ADMIN_COOKIES, adminCookieOptions, localPath, PREFERENCE_MAX_AGE } from '@/lib/cookies';
import { sameOriginWrite } from '@/lib/origin';
import { isSecure } from '@/lib/request-info';
import { readSessionValue } from '@/lib/session';

// POST /api/brand (the header's brand picker, a plain form): remembers the brand the console acts
// in, if the admin may use it, and goes back to the page. The api checks the brand on every call.
export async function POST(request: NextRequest): Promise<NextResponse> {
  if (!sameOriginWrite(request.headers)) {
    return NextResponse.json({ result: 'FAIL', code: 'FORBIDDEN' }, { status: 403 });
  }
  const form = await request.formData().catch(() => null);
  const wanted = form?.get('brandId');
  const back = localPath(typeof form?.get('next') === 'string' ? String(form?.get('next')) : null);
  const session = readSessionValue(request.cookies.get(ADMIN_COOKIES.session)?.value);
  if (!session) return new NextResponse(null, { status: 303, headers: { Location: '/login' } });
  const response = new NextResponse(null, { status: 303, headers: { Location: back } });
  if (typeof wanted === 'string' && brandsFor(session.brandIds).some((brand) => brand.id === wanted)) {
    response.cookies.set(
      ADMIN_COOKIES.brand,
      wanted,
      adminCookieOptions(isSecure(request.headers), PREFERENCE_MAX_AGE),
    );
  }
  return response;
}
