import { Locale } from '@balcony/contracts';
import { type NextRequest, NextResponse } from 'next/server';
import { ADMIN_COOKIES, adminCookieOptions, localPath, PREFERENCE_MAX_AGE } from '@/lib/cookies';
import { sameOriginWrite } from '@/lib/origin';
import { isSecure } from '@/lib/request-info';

// POST /api/locale (the language picker, a plain form): the console's language, instead of the
// browser's Accept-Language.
export async function POST(request: NextRequest): Promise<NextResponse> {
  if (!sameOriginWrite(request.headers)) {
    return NextResponse.json({ result: 'FAIL', code: 'FORBIDDEN' }, { status: 403 });
  }
  const form = await request.formData().catch(() => null);
  const locale = Locale.safeParse(form?.get('locale'));
  const next = form?.get('next');
  const response = new NextResponse(null, {
    status: 303,
    headers: { Location: localPath(typeof next === 'string' ? next : null) },
  });
  if (locale.success) {
    response.cookies.set(
      ADMIN_COOKIES.locale,
      locale.data,
      adminCookieOptions(isSecure(request.headers), PREFERENCE_MAX_AGE),
    );
  }
  return response;
}
