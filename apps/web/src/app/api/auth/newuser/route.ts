import type { NextRequest, NextResponse } from 'next/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { completeSocialSignUp } from '@/lib/session/flows';
import { readFields } from '@/lib/session/http';

/** The new-user step of a first social login: consent and nickname, then the session. */
export async function POST(request: NextRequest): Promise<NextResponse> {
  return completeSocialSignUp(request, await getRequestBrand(), await readFields(request));
}
