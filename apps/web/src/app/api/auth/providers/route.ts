import { type NextRequest, NextResponse } from 'next/server';
import { getRequestBrand } from '@/lib/brand/brand';
import { listProviders } from '@/lib/session/flows';

export const dynamic = 'force-dynamic';

/** Spec §7 GET providers: provider id → its type (credentials or oauth) and endpoints. */
export async function GET(request: NextRequest): Promise<NextResponse> {
  return NextResponse.json(await listProviders(await getRequestBrand(), request));
}
