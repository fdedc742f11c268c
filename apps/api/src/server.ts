import { BRANDS, DEFAULT_BRAND_ID } from '@balcony/contracts';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { type AppConfig, ConfigError, loadConfig } from './config.js';
import { systemContext } from './context.js';
import { openDatabase } from './db/client.js';
import { seedReadingExtras } from './db/seed/reading-extras.js';
import { isCatalogEmpty, seedDemoCatalog } from './db/seed/seed.js';
import { seedSupportContent } from './db/seed/support.js';
import { createFirstOwner } from './modules/admin/accounts.js';
import { reindexSearch } from './modules/catalog/service.js';
import { enterPhase, type Readiness } from './modules/health/readiness.js';

// Entry point: listen at once, so that liveness (/_/health) answers while this replica waits for
// another's migrations; migrate and seed under the start-up lock (a failed migration stops the
// start), then turn ready (/_/ready). SIGTERM or SIGINT drains: no new work, requests in flight
// finish within SHUTDOWN_GRACE_MS, jobs stop, pools close, exit 0 (decision 0214).

const SHUTDOWN_GRACE_MS = 10_000;

/** The config, or a one-line reason to stop for the operator (no stack trace for a setting). */
function configOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`balcony api: ${error.message}`);
    process.exit(1);
  }
}

const config = configOrExit();
const database = await openDatabase(config);
const readiness: Readiness = { phase: 'migrating', since: Date.now() };
const app = await buildApp({ config, database, readiness });

// An uncaught error (a failed migration too) closes the same way and exits 1.
closeWithGrace({ delay: SHUTDOWN_GRACE_MS, logger: app.log }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'shutting down');
  // Draining from its first step (preClose hook); waits for requests in flight; stops the jobs.
  await app.close();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
await database.migrate();
await database.withStartupLock(async () => {
  if (config.seedOnStart) {
    const log = (msg: string) => app.log.info(msg);
    if (await isCatalogEmpty(database.db)) {
      app.log.info('empty catalog: seeding the demo catalog');
      await seedDemoCatalog(database.db, { log });
    } else {
      // A catalog seeded by an older release gets the notices, picks and support pages added since.
      await seedReadingExtras(database.db, { now: new Date(), log });
      await seedSupportContent(database.db, { now: new Date(), log });
    }
  }
  // Rows written before search existed, or by hand, are indexed before the first request.
  await reindexSearch(database.db, { onlyEmpty: true });
  // The embedded default makes its first admin itself; on PostgreSQL the operator runs
  // `npm run admin -- create` (decision 0229).
  if (!config.databaseUrl) {
    const ctx = systemContext(database.db, app.services, BRANDS[DEFAULT_BRAND_ID], app.log);
    const file = await createFirstOwner(ctx, app.services.totp, config.dataDir);
    if (file) app.log.warn({ file }, 'first admin (OWNER) created: its password and TOTP secret are in this file');
  }
});
enterPhase(readiness, 'ready');
app.log.info('ready');
