import 'server-only';
import { headers } from 'next/headers';
import { isSecure } from '../session/client-address';
import { sameSitePath } from '../session/redirects';

// A syntactically valid host only, so a forged Host header cannot inject markup or paths into
// canonical and Open Graph URLs.
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;

/** The origin the reader used (https as the web's server found it: TLS, or a trusted proxy), for absolute URLs in metadata. */
export async function getRequestOrigin(): Promise<URL | null> {
  const requestHeaders = await headers();
  const host = requestHeaders.get('host');
  if (!host || !HOST.test(host)) return null;
  return new URL(`${isSecure(requestHeaders) ? 'https' : 'http'}://${host}`);
}

/** The path of the page that linked here when it is one of ours, for a "back" that needs no script. */
export async function getSameOriginReferrerPath(): Promise<string | null> {
  const referrer = (await headers()).get('referer');
  const origin = await getRequestOrigin();
  if (!referrer || !origin) return null;
  try {
    const url = new URL(referrer);
    return url.host === origin.host ? sameSitePath(`${url.pathname}${url.search}`) : null;
  } catch {
    return null;
  }
}
