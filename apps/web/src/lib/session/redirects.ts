// Spec §2 redirect rules as pure functions, so the login route, the auth base and pages agree.

import { hasControlCharacter } from '../http/control-characters';

export const LOGIN_PATH = '/user/login';
export const LOGIN_ERROR_PATH = '/callback/login-error';

/** Any origin works: only a target that stays on it is accepted, and only its path is kept. */
const HERE = 'http://return.invalid';

/**
 * Control characters (a browser drops tab, CR and LF, so `/\t/host` becomes `//host`) and
 * backslashes (read as `/` in http URLs). Refused before parsing: no return path of ours has them.
 */
function hasUnsafeCharacter(value: string): boolean {
  return hasControlCharacter(value) || value.includes('\\');
}

/**
 * A path of this site, normalised (`/a/./b?x#y` → `/a/b?x#y`), or null when the value could
 * take the reader anywhere else: `//host`, `/\host`, `/\t/host`, `https://…`, `javascript:…`.
 */
export function sameSitePath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || hasUnsafeCharacter(value)) return null;
  let url: URL;
  try {
    url = new URL(value, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can fold into a protocol-relative path (`/.//host` → `//host`).
  return path.startsWith('//') ? null : path;
}

/** The one gate for every return address taken from a request (`callbackUrl`, `callback`, a form field). */
export function safeReturnPath(value: string | null | undefined, fallback = '/'): string {
  return sameSitePath(value) ?? fallback;
}

/** Adds `porch` (the marketing code of the current page) to a path unless it already has one. */
export function withPorch(path: string, porch: string | null | undefined): string {
  if (!porch) return path;
  const url = new URL(path, HERE);
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
