import type { NextRequest, NextResponse } from 'next/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { passwordSignIn, startSocialSignIn } from '@/lib/session/flows';
import { readFields } from '@/lib/session/http';

type Params = { params: Promise<{ provider: string }> };

/** Social providers start with a navigation here (a form POST could not follow the redirect under our CSP). */
export async function GET(request: NextRequest, { params }: Params): Promise<NextResponse> {
  return startSocialSignIn(request, await getRequestBrand(), (await params).provider);
}

/** Spec §7 POST signin/{provider}: e-mail credentials. */
export async function POST(request: NextRequest, { params }: Params): Promise<NextResponse> {
  const { provider } = await params;
  const brand = await getRequestBrand();
  if (provider !== 'credentials') return startSocialSignIn(request, brand, provider);
  return passwordSignIn(request, brand, await readFields(request));
}
