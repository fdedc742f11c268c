import type { NextConfig } from 'next';

// Headers every response carries. The Content-Security-Policy needs a fresh nonce per page
// request, so src/proxy.ts sets it. /media is passed to the api by media-relay.mjs (by
// app/media/[...path]/route.ts under `next dev`), not by a rewrite here: rewrites are frozen into
// the build, and API_URL is only known at start.
const SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
];

const config: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Messages are compiled on the server (src/i18n/messages.ts), so use-intl's formatting is the
  // format-only runtime everywhere: the ICU parser never reaches the browser (decision 0175).
  turbopack: { resolveAlias: { 'use-intl/format-message': 'use-intl/format-message/format-only' } },
  async headers() {
    return [{ source: '/:path*', headers: SECURITY_HEADERS }];
  },
};

export default config;
