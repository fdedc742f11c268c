import { sameSitePath } from '../session/redirects';

/**
 * Banner links come from the back office: only same-site paths and https URLs become links, so a
 * `javascript:` or protocol-relative value can never reach an href.
 */
export function safeHref(link: string): string | null {
  if (link.startsWith('/')) return sameSitePath(link);
  try {
    const url = new URL(link);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
