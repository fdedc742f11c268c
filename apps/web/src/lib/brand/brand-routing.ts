import { BRANDS, type BrandConfig, DEFAULT_BRAND_ID, isPlatformId, type PlatformId } from '@balcony/contracts';

// Which brand a request belongs to: one deployment serves several brands by host name
// (BRAND_HOSTS), and every other host gets the deployment's own brand (BRAND_ID).

export interface BrandRouting {
  fallback: PlatformId;
  /** Lower-case host (with or without port) → brand. */
  hosts: ReadonlyMap<string, PlatformId>;
}

function knownBrand(id: string, setting: string): PlatformId {
  if (!isPlatformId(id)) {
    throw new Error(`${setting}: "${id}" is not a brand; use one of ${Object.keys(BRANDS).join(', ')}`);
  }
  return id;
}

/** Reads BRAND_ID and BRAND_HOSTS (`host=brand,host:port=brand`); a misconfiguration fails loudly at the first request. */
export function parseBrandRouting(env: {
  BRAND_ID?: string | undefined;
  BRAND_HOSTS?: string | undefined;
}): BrandRouting {
  const fallback = env.BRAND_ID ? knownBrand(env.BRAND_ID, 'BRAND_ID') : DEFAULT_BRAND_ID;
  const hosts = new Map<string, PlatformId>();
  for (const entry of (env.BRAND_HOSTS ?? '').split(',')) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    const [host, id, ...rest] = trimmed.split('=').map((part) => part.trim());
    if (!host || !id || rest.length > 0) {
      throw new Error(`BRAND_HOSTS: "${trimmed}" is not of the form host=brand`);
    }
    hosts.set(host.toLowerCase(), knownBrand(id, 'BRAND_HOSTS'));
  }
  return { fallback, hosts };
}

/** The brand for a Host header: an exact `host:port` entry first, then the bare host name, else the fallback. */
export function brandForHost(routing: BrandRouting, host: string | null | undefined): BrandConfig {
  const normalized = host?.trim().toLowerCase() ?? '';
  const hostname = normalized.replace(/:\d+$/, '');
  const id = routing.hosts.get(normalized) ?? routing.hosts.get(hostname) ?? routing.fallback;
  return BRANDS[id];
}
