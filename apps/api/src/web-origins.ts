// The web's own addresses (WEB_ORIGIN, `services.webOrigins`): the only places the api sends a
// reader's browser back to, after a social login or a payment. One check serves every such
// address, so that one a caller chose (a redirect_uri, an Origin header, a body field) can never
// point anywhere else: no open redirect (docs/decisions/0148-payment-return-origin.md).

function parse(candidate: string): URL | null {
  try {
    return new URL(candidate);
  } catch {
    return null;
  }
}

/**
 * The configured origin `url` is on, or null: http or https, no user info, and the scheme, host
 * and port of one of `webOrigins` exactly. Answers the configured origin, never the caller's text.
 */
export function allowedOrigin(url: URL, webOrigins: readonly string[]): string | null {
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '') {
    return null;
  }
  return webOrigins.map((o) => parse(o)?.origin).find((origin) => origin === url.origin) ?? null;
}

/** An absolute URL on one of the web's origins, without user info, query or fragment (a login's redirect_uri); else null. */
export function allowedRedirect(candidate: string, webOrigins: readonly string[]): URL | null {
  const url = parse(candidate);
  if (!url || /[?#]/.test(candidate) || allowedOrigin(url, webOrigins) === null) return null;
  return url;
}

/**
 * Where to send the reader back to: the web origin they are on (`location.origin` sent by the
 * web, or the request's Origin header) when it is one of the web's, else the first configured
 * one (the public address). Only a bare origin counts: no path, query or fragment.
 */
export function webOriginFor(candidate: string | undefined, webOrigins: readonly string[]): string {
  const url = candidate && !/[?#]/.test(candidate) ? parse(candidate) : null;
  const chosen = url?.pathname === '/' ? allowedOrigin(url, webOrigins) : null;
  return chosen ?? parse(webOrigins[0] ?? '')?.origin ?? '';
}
