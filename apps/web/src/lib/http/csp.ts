/**
 * The Content-Security-Policy of every page: scripts only from this origin with the request's
 * nonce (Next.js puts it on its own inline and chunk scripts), no framing, no plugins. Inline
 * styles stay allowed for the style attributes React renders (image aspect ratios, layout sizes).
 */
export function contentSecurityPolicy(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    // React's development build evaluates code for its error overlays; production never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
