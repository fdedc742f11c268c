import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedReadingExtras } from './db/seed/reading-extras.js';
import { isCatalogEmpty, seedDemoCatalog } from './db/seed/seed.js';
import { seedSupportContent } from './db/seed/support.js';
import { reindexSearch } from './modules/catalog/service.js';

// Entry point: open the database, migrate (a failed migration stops the start), seed the demo
// catalog on an empty database, then listen.

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();

const app = await buildApp({ config, database });
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

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
