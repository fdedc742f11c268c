import { join, resolve } from 'node:path';
import { openDatabase } from './client.js';
import { databaseHost, isLocalDatabaseUrl } from './seed/guard.js';
import { seedDemoCatalog } from './seed/seed.js';

// `npm run seed -w @balcony/api`: migrate, then add the demo catalog to the database of
// DATABASE_URL, or to the embedded PGlite database in ${DATA_DIR}/db. Exits non-zero on any failure.

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  // Only the host is ever printed: the URL may hold a password.
  const host = databaseUrl ? (databaseHost(databaseUrl) ?? 'an unrecognised DATABASE_URL') : null;
  if (databaseUrl && !isLocalDatabaseUrl(databaseUrl) && process.env.SEED_ALLOW_REMOTE !== '1') {
    console.error(
      `Refusing to seed demo data into ${host}: it is not on this machine. ` +
        'Set SEED_ALLOW_REMOTE=1 if this is really what you want.',
    );
    process.exitCode = 1;
    return;
  }
  const databaseDir = join(resolve(process.env.DATA_DIR ?? './data'), 'db');
  console.log(host ? `database: PostgreSQL at ${host}` : `database: PGlite in ${databaseDir}`);

  const database = await openDatabase({ databaseUrl, databaseDir });
  try {
    await database.migrate();
    // Under the start-up lock, so an api starting meanwhile does not seed the same catalog too.
    const result = await database.withStartupLock(() =>
      seedDemoCatalog(database.db, { log: (msg) => console.log(msg) }),
    );
    console.log(
      result.skipped
        ? `nothing to do: the demo catalog is complete (${result.series} series, ${result.episodes} episodes, ${result.pages} pages)`
        : `done: ${result.series} series, ${result.episodes} episodes, ${result.pages} pages`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('seeding failed:', error);
  process.exitCode = 1;
});
