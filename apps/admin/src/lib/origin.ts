// The console's CSRF guard for its own endpoints and the proxy, besides SameSite=Strict cookies:
// a state-changing request must carry an Origin header naming this very host. Browsers send Origin
// on every cross-origin request and on same-origin POST/PUT/DELETE, so its absence is refused too.

export function sameOriginWrite(requestHeaders: Headers): boolean {
  const origin = requestHeaders.get('origin');
  if (!origin) return false;
  const host = requestHeaders.get('host');
  try {
    return host !== null && new URL(origin).host === host;
  } catch {
    return false;
  }
}
