import { type NextRequest, NextResponse } from 'next/server';
import { z } from 'zod';
import { readFields } from '@/lib/session/http';

const Beacon = z.object({
  level: z.enum(['error', 'warn', 'debug']),
  code: z.string().max(100),
  details: z.string().max(2000).optional(),
});

/** Spec §7 POST _log: client-side auth failures reach the server log (debug beacons are dropped). */
export async function POST(request: NextRequest): Promise<NextResponse> {
  const beacon = Beacon.safeParse(await readFields(request));
  if (beacon.success && beacon.data.level !== 'debug') {
    console.log(
      JSON.stringify({
        level: beacon.data.level,
        msg: 'client auth log',
        code: beacon.data.code,
        details: beacon.data.details,
      }),
    );
  }
  return new NextResponse(null, { status: 204 });
}
