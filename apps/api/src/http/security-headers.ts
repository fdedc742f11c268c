/**
 * The browser security headers of every api answer, for an api that answers JSON and images
 * (decision 0304): HSTS, no sniffing, no framing, and images embeddable cross-origin, as the web
 * shows the api's images. No Content-Security-Policy: the only HTML is the OpenAPI UI, which
 * needs inline assets.
 *
 * They are set through the reply's own headers, not by helmet's middleware on the raw response:
 * once anything calls `setHeader` on it, Node re-validates every header of the answer one by one,
 * which cost a cached catalogue read about 6 % of its CPU (decision 0291).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-resource-policy': 'cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
};

/**
 * The rest of helmet's defaults, which only a document acts on (its opener, its referrer, its
 * DNS prefetching, and old browsers' download, Flash and XSS-filter switches): sent with the
 * OpenAPI UI's pages, not with every JSON answer, where they cost a cached read a tenth of its
 * throughput (decision 0304).
 */
export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
