import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { createServices } from '../app.js';
import { type AppConfig, loadConfig } from '../config.js';
import type { Services } from '../context.js';
import { type Database, openDatabase } from '../db/client.js';
import { databaseHost } from '../db/seed/guard.js';

// What the admin commands (adjust-coins.ts, coupons.ts) share: their database, services and log,
// what tests hand them instead, and whether the module was run as a command.

export interface CliDeps {
  /** The database to use; by default DATABASE_URL or the embedded one (`openCliDatabase`). */
  database?: Database;
  /** By default loaded from the environment, as the api does. */
  config?: AppConfig;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

export interface CliSession {
  database: Database;
  services: Services;
  log: FastifyBaseLogger;
}

/** The database, services and a quiet log (warnings and up unless LOG_LEVEL says more) of one command. */
export async function openCliSession(deps: CliDeps): Promise<CliSession> {
  const config = deps.config ?? loadConfig();
  const log = pino({ level: config.logLevel === 'info' ? 'warn' : config.logLevel }) as unknown as FastifyBaseLogger;
  const database = deps.database ?? (await openCliDatabase());
  return { database, services: createServices(config, log), log };
}

/** Whether the module at `moduleUrl` is the script node was started with (not imported by a test). */
export function invokedDirectly(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

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
