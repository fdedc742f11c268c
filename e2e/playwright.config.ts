import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// Browser journeys in Debian's Chromium against the built system, started by scripts/start.mjs
// on its own ports with an empty database (seeded on start). Build first: `npm run build`.

const WEB_URL = 'http://127.0.0.1:3100';

// Workers load this file too and inherit the environment, so the fresh data folder is made once.
process.env.BALCONY_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'balcony-e2e-'));

export default defineConfig({
  testDir: './tests',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'test-results/report.json' }]],
  use: {
    baseURL: WEB_URL,
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
  webServer: {
    command: 'node ../scripts/start.mjs',
    url: `${WEB_URL}/_/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      WEB_PORT: '3100',
      API_PORT: '4100',
      DATA_DIR: process.env.BALCONY_E2E_DATA_DIR,
      SKIP_BUILD: '1',
    },
  },
});
