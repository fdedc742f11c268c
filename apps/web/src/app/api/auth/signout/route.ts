import type { NextRequest, NextResponse } from 'next/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { signOut } from '@/lib/session/flows';
import { readFields } from '@/lib/session/http';

/** Spec §7 POST signout: form csrfToken, callbackUrl, json; answers the url to go to. */
export async function POST(request: NextRequest): Promise<NextResponse> {
  return signOut(request, await getRequestBrand(), await readFields(request));
}
