import type { NextRequest, NextResponse } from 'next/server';
import { forward } from '@/lib/session/front-proxy';

type Params = { params: Promise<{ path: string[] }> };

// The front proxy of spec §7: browser code calls the api through here, with the member's bearer
// attached server-side, one refresh-and-retry on NEED_TO_REFRESH, and tokens never passed back.
const handle = async (request: NextRequest, { params }: Params): Promise<NextResponse> =>
  forward(request, (await params).path);

export const GET = handle;
export const POST = handle;
export const PUT = handle;
export const DELETE = handle;
