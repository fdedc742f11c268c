import type { NextRequest, NextResponse } from 'next/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { finishSocialSignIn, passwordSignIn } from '@/lib/session/flows';
import { readFields, redirectToPath } from '@/lib/session/http';

type Params = { params: Promise<{ provider: string }> };

/** The social provider's redirect back with a code. */
export async function GET(request: NextRequest, { params }: Params): Promise<NextResponse> {
  return finishSocialSignIn(request, await getRequestBrand(), (await params).provider);
}

/** Spec §7 POST callback/credentials: e-mail login. */
export async function POST(request: NextRequest, { params }: Params): Promise<NextResponse> {
  if ((await params).provider !== 'credentials') return redirectToPath('/user/login');
  return passwordSignIn(request, await getRequestBrand(), await readFields(request));
}
