import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.js';

/** The database handle every repo takes: the same type on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations not yet applied, under the start-up lock (`withStartupLock`). */
  migrate(): Promise<void>;
  /**
   * Runs `fn` while no other process of this database runs start-up work (migrations, the demo
   * seed): on PostgreSQL under an advisory lock held on a connection of its own, so replicas
   * started at once take turns and the later ones find nothing left to do; on PGlite directly
   * (one process per database folder).
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  /** Connections of the PostgreSQL pool (for metrics); undefined on PGlite. */
  poolUse(): PoolUse | undefined;
  close(): Promise<void>;
}

export interface PoolUse {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/** The advisory lock key of start-up work (a fixed bigint, the same in every release). */
const STARTUP_LOCK_KEY = '7406361221847135';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite stored in `databaseDir`
 * (or in memory when `databaseDir` is 'memory://', which tests use for a fresh database per file).
 */
export async function openDatabase(opts: {
  databaseUrl: string | undefined;
  databaseDir: string;
  /** Connections of the PostgreSQL pool (DATABASE_POOL_MAX). */
  poolMax?: number;
}): Promise<Database> {
  const { databaseUrl } = opts;
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: opts.poolMax ?? 10 });
    const db = drizzleNodePg(pool, { schema });
    const withStartupLock = <T>(fn: () => Promise<T>) => withAdvisoryLock(databaseUrl, fn);
    return {
      db,
      kind: 'postgres',
      migrate: () => withStartupLock(() => migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER })),
      withStartupLock,
      ping: () => ping(db),
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const inMemory = opts.databaseDir === 'memory://';
  if (!inMemory) mkdirSync(opts.databaseDir, { recursive: true });
  // pg_trgm backs search (migration 0003), as it does on PostgreSQL.
  const client = await PGlite.create({ dataDir: inMemory ? undefined : opts.databaseDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    withStartupLock: (fn) => fn(),
    ping: () => ping(db),
    poolUse: () => undefined,
    close: () => client.close(),
  };
}

/**
 * Runs `fn` holding the start-up advisory lock on a connection outside the pool, so that the
 * pool's connections stay free for `fn` itself (a pool of one would otherwise wait for ever).
 * The lock goes with the connection, so a process killed meanwhile never leaves it held.
 */
async function withAdvisoryLock<T>(databaseUrl: string, fn: () => Promise<T>): Promise<T> {
  const holder = new pg.Client({ connectionString: databaseUrl });
  await holder.connect();
  try {
    await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await fn();
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    await holder.end();
  }
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute('select 1');
    return true;
  } catch {
    return false;
  }
}
