// The operator's gates in front of every reader page (spec §2; decisions 0252, 0254), in one
// place for the two that answer pages: src/proxy.ts (every rendered page) and the production
// server (server.mjs), which must not answer a kept visitor page past a gate.
//   - Maintenance (/prepare): the api holds the switch (the console's, or MAINTENANCE_BRANDS);
//     the web asks it per brand and keeps the answer MAINTENANCE_CHECK_MS (5 s).
//   - Transfer mode (TRANSFER_MODE_BRANDS): only the health check, login, password reset, error,
//     login callbacks and transfer pages render; any other page goes to /transfer/note, or to the
//     brand's external site (TRANSFER_MODE_EXTERNAL_URLS, `brand=https://…`).
// Plain JavaScript, since server.mjs runs without a build step; types in page-gate.d.mts.

export const PREPARE_PATH = '/prepare';
export const TRANSFER_NOTE_PATH = '/transfer/note';

/** Pages that render in transfer mode (the health check is no page: the proxy never sees it). */
const TRANSFER_MODE_OPEN =
  /^\/(?:transfer(?:\/.*)?|user\/login|mail\/resetPassword|user\/changePassword|error|404|callback\/[\w-]+|prepare)\/?$/;

/**
 * @param {{ TRANSFER_MODE_BRANDS?: string, TRANSFER_MODE_EXTERNAL_URLS?: string }} env
 * @returns {{ brands: ReadonlySet<string>, externalUrls: ReadonlyMap<string, string> }}
 */
export function transferModeOf(env) {
  const brands = new Set(
    (env.TRANSFER_MODE_BRANDS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  const externalUrls = new Map();
  for (const entry of (env.TRANSFER_MODE_EXTERNAL_URLS ?? '').split(',')) {
    const at = entry.indexOf('=');
    if (at < 0) continue;
    const brand = entry.slice(0, at).trim();
    const url = entry.slice(at + 1).trim();
    if (!brand || !/^https?:\/\//.test(url)) {
      throw new Error(`TRANSFER_MODE_EXTERNAL_URLS: "${entry.trim()}" is not of the form brand=https://…`);
    }
    externalUrls.set(brand, url);
  }
  return { brands, externalUrls };
}

/**
 * Where a page request of a brand goes instead, or null to render it.
 * @param {string} pathname
 * @param {{ maintenance: boolean, transferMode: boolean, externalUrl: string | null }} gates
 * @returns {string | null} a path of this site, or an absolute external address
 */
export function gateRedirect(pathname, gates) {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (gates.maintenance) return path === PREPARE_PATH ? null : PREPARE_PATH;
  if (gates.transferMode && !TRANSFER_MODE_OPEN.test(path)) return gates.externalUrl ?? TRANSFER_NOTE_PATH;
  return null;
}

/** How long a brand's maintenance state is kept before the api is asked again. */
export const MAINTENANCE_CHECK_MS = 5000;
const MAINTENANCE_TIMEOUT_MS = 2000;

/**
 * The page gates of a deployment: `redirectFor(brandId, pathname)` answers where the page goes
 * instead (or null); `gated(brandId)` whether any gate holds the brand now (server.mjs then
 * leaves the page to the app instead of its cache).
 * @param {{ apiUrl: string, env: Record<string, string | undefined>, checkMs?: number, fetch?: typeof fetch }} opts
 */
export function createPageGates({ apiUrl, env, checkMs = MAINTENANCE_CHECK_MS, fetch: fetchImpl = fetch }) {
  const transfer = transferModeOf(env);
  /** @type {Map<string, { at: number, on: Promise<boolean> }>} */
  const known = new Map();

  /** @param {string} brandId */
  async function askApi(brandId) {
    try {
      const res = await fetchImpl(`${apiUrl}/api/v1/maintenance`, {
        headers: { 'x-balcony-id': brandId, 'x-balcony-timeZone': 'UTC', 'x-platform': 'WEB' },
        signal: AbortSignal.timeout(MAINTENANCE_TIMEOUT_MS),
      });
      const body = await res.json();
      return res.ok && body?.data?.active === true;
    } catch {
      // An api that does not answer cannot say it is under maintenance: pages render (and show its errors).
      return false;
    }
  }

  /** @param {string} brandId */
  function inMaintenance(brandId) {
    const now = Date.now();
    const entry = known.get(brandId);
    if (entry && now - entry.at < checkMs) return entry.on;
    const on = askApi(brandId);
    known.set(brandId, { at: now, on });
    return on;
  }

  /** @param {string} brandId */
  async function gatesOf(brandId) {
    return {
      maintenance: await inMaintenance(brandId),
      transferMode: transfer.brands.has(brandId),
      externalUrl: transfer.externalUrls.get(brandId) ?? null,
    };
  }

  return {
    /** @param {string} brandId @param {string} pathname */
    async redirectFor(brandId, pathname) {
      return gateRedirect(pathname, await gatesOf(brandId));
    },
    /** @param {string} brandId */
    async gated(brandId) {
      const gates = await gatesOf(brandId);
      return gates.maintenance || gates.transferMode;
    },
  };
}
