import type { NextConfig } from 'next';

// Headers every response carries. The Content-Security-Policy needs a fresh nonce per page
// request, so src/proxy.ts sets it. /media is passed to the api by app/media/[...path]/route.ts,
// not by a rewrite here: rewrites are frozen into the build, and API_URL is only known at start.
const SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=()' },
];

const config: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  async headers() {
    return [{ source: '/:path*', headers: SECURITY_HEADERS }];
  },
};

export default config;
