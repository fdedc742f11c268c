import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// Browser journeys in Debian's Chromium against the built system, started by scripts/start.mjs
// on its own ports with an empty database (seeded on start). Build first: `npm run build`.

const WEB_URL = 'http://127.0.0.1:3100';

/**
 * The default brand (delitoonb-fr) asks consent before any tracking cookie (decision 0263). Every
 * journey starts as a reader who accepted everything, so the banner covers nothing and the page
 * cookies are written as before; tests/consent.spec.ts starts without this cookie.
 */
const CONSENTED = {
  // The default host and the EU brands' hosts of BRAND_HOSTS below.
  cookies: ['127.0.0.1', 'fr.localhost', 'frx.localhost', 'de.localhost', 'me.localhost'].map((domain) => ({
    name: 'consent',
    value: 'necessary.measurement.marketing',
    domain,
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax' as const,
  })),
  origins: [],
};

// Workers load this file too and inherit the environment, so the fresh data folder is made once.
process.env.BALCONY_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'balcony-e2e-'));
// The console OWNER, made in that data folder before the system starts (support/prepare-data.mjs)
// with a live session, whose token journeys use for the admin API (gifts, answers, notices).
process.env.BALCONY_E2E_ADMIN_EMAIL ??= 'e2e-owner@example.com';
process.env.BALCONY_E2E_ADMIN_PASSWORD ??= 'E2e-Owner-Console-1';
process.env.BALCONY_E2E_ADMIN_TOTP_SECRET ??= 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
process.env.BALCONY_E2E_ADMIN_TOKEN ??= `adm.${randomBytes(32).toString('base64url')}`;

export default defineConfig({
  testDir: './tests',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'test-results/report.json' }]],
  use: {
    baseURL: WEB_URL,
    storageState: CONSENTED,
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: [
    {
      // Google's stand-in for the social login journey (e2e/support/oidc-provider.mjs).
      command: 'node support/oidc-provider.mjs',
      url: 'http://127.0.0.1:4300/.well-known/openid-configuration',
      timeout: 30_000,
      reuseExistingServer: false,
      env: { OIDC_PORT: '4300' },
    },
    {
      command: 'node support/prepare-data.mjs && node ../scripts/start.mjs',
      url: `${WEB_URL}/_/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: {
        WEB_PORT: '3100',
        API_PORT: '4100',
        ADMIN_PORT: '3101',
        DATA_DIR: process.env.BALCONY_E2E_DATA_DIR,
        SKIP_BUILD: '1',
        // The Japanese and Thai brands at http://jp.localhost:3100 and http://th.localhost:3100
        // (Chromium resolves *.localhost to loopback), for journeys in their scripts. The account
        // transfer's brands (transfer.spec.ts): delitoon-fr for the transfer itself, delitoonx-fr
        // and delitoon-de in transfer mode; delitoon-me is switched to maintenance and back
        // (maintenance.spec.ts). The default brand is never gated: every journey shares this system.
        BRAND_HOSTS:
          'jp.localhost:3100=beltoon-jp,th.localhost:3100=bom-th,fr.localhost:3100=delitoon-fr,' +
          'frx.localhost:3100=delitoonx-fr,de.localhost:3100=delitoon-de,me.localhost:3100=delitoon-me',
        TRANSFER_MODE_BRANDS: 'delitoonx-fr,delitoon-de',
        TRANSFER_MODE_EXTERNAL_URLS: 'delitoon-de=https://partner.delitoon.example/de',
        // Access tokens of 301 s: the web renews a token with 5 minutes or less left, so every
        // page load one second after a login renews it, and the silent refresh is tested in seconds.
        ACCESS_TOKEN_TTL: '301',
        // Every journey reaches the api from this one loopback address; the per-address limit of
        // login and code routes (20 a minute), and the per-account one, are the api tests' subject,
        // not the journeys'.
        RATE_LIMIT_SENSITIVE: '1000',
        RATE_LIMIT_ACCOUNT: '1000',
        // Every page view of every journey is measured (the consent above), all from one address.
        RATE_LIMIT_TRACKING: '100000',
        GOOGLE_CLIENT_ID: 'e2e-google-client',
        GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
        GOOGLE_ISSUER: 'http://127.0.0.1:4300',
      },
    },
  ],
});
