import 'server-only';
import type { BrandConfig } from '@balcony/contracts';
import { headers } from 'next/headers';
import { cache } from 'react';
import { type BrandRouting, brandForHost, parseBrandRouting } from './brand-routing';

let routing: BrandRouting | undefined;

/** The brand a Host header belongs to (README: BRAND_ID, BRAND_HOSTS). */
export function brandOfHost(host: string | null): BrandConfig {
  routing ??= parseBrandRouting({ BRAND_ID: process.env.BRAND_ID, BRAND_HOSTS: process.env.BRAND_HOSTS });
  return brandForHost(routing, host);
}

/** The brand serving the current request, resolved once per request from its Host header. */
export const getRequestBrand = cache(async (): Promise<BrandConfig> => brandOfHost((await headers()).get('host')));
