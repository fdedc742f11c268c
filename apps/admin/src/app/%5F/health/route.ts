import { ApiHealth } from '@balcony/contracts';
import { apiBaseUrl } from '@/lib/api-url';

// GET /_/health of the console (the folder is %5F because App Router hides folders starting with
// "_"). Always 200 while the console runs, with the api's state: "down" when it cannot be reached
// or reports itself degraded, since no screen works then.

const API_CHECK_TIMEOUT_MS = 2000;

export const dynamic = 'force-dynamic';

async function apiState(): Promise<'ok' | 'down'> {
  try {
    const response = await fetch(new URL('/_/health', apiBaseUrl()), {
      signal: AbortSignal.timeout(API_CHECK_TIMEOUT_MS),
      cache: 'no-store',
    });
    const health = ApiHealth.safeParse(await response.json());
    return response.ok && health.success && health.data.status === 'ok' ? 'ok' : 'down';
  } catch {
    return 'down';
  }
}

export async function GET(): Promise<Response> {
  return Response.json({ status: 'ok', api: await apiState() }, { headers: { 'Cache-Control': 'no-store' } });
}
