import { BRANDS, DEFAULT_BRAND_ID } from '@balcony/contracts';
import { revalidateTag } from 'next/cache';
import { applyPageDrop, PAGE_DROP_SIGNATURE_HEADER } from '../../../../../page-drops.mjs';

// POST /_/pages/drop: the api says which catalogue answers a change made stale (decision 0231).
// Signed with the relay secret; the web data cache's reads and the kept visitor pages built from
// them are dropped at once (expire now, not served stale once more).

export const dynamic = 'force-dynamic';

const BRAND_IDS = Object.keys(BRANDS);

export async function POST(request: Request): Promise<Response> {
  const status = applyPageDrop({
    body: await request.text(),
    signature: request.headers.get(PAGE_DROP_SIGNATURE_HEADER),
    env: process.env,
    defaultBrand: DEFAULT_BRAND_ID,
    brandIds: BRAND_IDS,
    revalidate: (tag) => revalidateTag(tag, { expire: 0 }),
  });
  return new Response(null, { status, headers: { 'cache-control': 'no-store' } });
}
