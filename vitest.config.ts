import { defineConfig } from 'vitest/config';

// One runner for unit (contracts, web) and API tests; Playwright runs the browser journeys.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          setupFiles: ['apps/api/test/support/no-overlapping-queries.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // As next.config.ts: messages are compiled ahead (src/i18n/messages.ts).
        resolve: {
          alias: [{ find: /^use-intl\/format-message$/, replacement: 'use-intl/format-message/format-only' }],
        },
        // use-intl goes through Vite, so the alias reaches its own import of the formatter.
        test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], server: { deps: { inline: ['use-intl'] } } },
      },
      // The admin console's pure helpers (nav, cookies, messages, the editor's schema).
      { test: { name: 'admin', include: ['apps/admin/src/**/*.test.ts'] } },
    ],
  },
});
