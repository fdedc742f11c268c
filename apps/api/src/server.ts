import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { isCatalogEmpty, seedDemoCatalog } from './db/seed/seed.js';

// Entry point: open the database, migrate (a failed migration stops the start), seed the demo
// catalog on an empty database, then listen.

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();

const app = await buildApp({ config, database });
if (config.seedOnStart && (await isCatalogEmpty(database.db))) {
  app.log.info('empty catalog: seeding the demo catalog');
  await seedDemoCatalog(database.db, { log: (msg) => app.log.info(msg) });
}

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
