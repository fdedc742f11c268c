import { parseId } from '../navigation/params';
import { routes } from '../navigation/routes';
import { safeReturnPath } from '../session/redirects';

// Where the login callbacks (spec §2 /callback/*) send the reader next.

/** One value of a search parameter (the first when it is repeated). */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** /callback/viewer-login-success: back to the episode given by `episodeId`, else to the callback. */
export function viewerReturnPath(episodeId: string | undefined, callbackUrl: string | undefined): string {
  const id = episodeId === undefined ? null : parseId(episodeId);
  return id === null ? safeReturnPath(callbackUrl) : routes.viewer(id);
}

/** The login-success callback that leads on to a (safe) return path. */
export function loginSuccessPath(callbackUrl: string | null | undefined): string {
  return routes.loginSuccess(safeReturnPath(callbackUrl));
}
