import { join, resolve } from 'node:path';
import { type Database, openDatabase } from '../db/client.js';
import { databaseHost } from '../db/seed/guard.js';

/**
 * The database of DATABASE_URL, or the embedded PGlite one in ${DATA_DIR}/db (only while the api
 * is stopped: PGlite serves one process), migrated. Only the host is printed: the URL may hold a password.
 */
export async function openCliDatabase(): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const databaseDir = join(resolve(process.env.DATA_DIR ?? './data'), 'db');
  console.error(
    databaseUrl ? `database: PostgreSQL at ${databaseHost(databaseUrl) ?? '?'}` : `database: PGlite in ${databaseDir}`,
  );
  const database = await openDatabase({ databaseUrl, databaseDir });
  await database.migrate();
  return database;
}
