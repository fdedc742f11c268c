// Spec §2 redirect rules as pure functions, so the login route, the auth base and pages agree.

export const LOGIN_PATH = '/user/login';
export const LOGIN_ERROR_PATH = '/callback/login-error';

/** A return address is only ever a path on this site: never `//host`, `\\host` or a URL. */
export function safeReturnPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || /^\/[/\\]/.test(value)) return fallback;
  return value;
}

/** Adds `porch` (the marketing code of the current page) to a path unless it already has one. */
export function withPorch(path: string, porch: string | null | undefined): string {
  if (!porch) return path;
  const url = new URL(path, 'http://x');
  if (!url.searchParams.has('porch')) url.searchParams.set('porch', porch);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a page sends a reader who must log in: the login route with `callback` holding the
 * encoded return path (empty when that path is the login-error route, porch carried), or null when
 * the reader is already on the login route.
 */
export function loginRedirect(input: {
  currentPath: string;
  returnPath: string;
  porch?: string | null;
}): string | null {
  if (input.currentPath.startsWith(LOGIN_PATH)) return null;
  const returnPath = safeReturnPath(input.returnPath);
  const callback = returnPath.startsWith(LOGIN_ERROR_PATH) ? '' : withPorch(returnPath, input.porch);
  return `${LOGIN_PATH}?callback=${encodeURIComponent(callback)}`;
}
