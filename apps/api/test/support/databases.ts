import { createHash, randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { type Database, MIGRATIONS_FOLDER, openDatabase } from '../../src/db/client.js';

// Each test file gets its own database, a copy of one migrated once per schema: a PGlite folder
// copied from a migrated one kept in the temp folder, or, when TEST_DATABASE_URL is set, a
// PostgreSQL database created with a migrated one as its template. The template is named by a
// hash of the migrations, so a changed schema makes a new one and a file never migrates.

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

export function openTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? openPostgres(adminUrl) : openPglite();
}

let hash: Promise<string> | undefined;
/** A hash of the migration files and of the PGlite release (its data folder format). */
function migrationsHash(): Promise<string> {
  hash ??= (async () => {
    const h = createHash('sha256');
    const files = (await readdir(MIGRATIONS_FOLDER, { recursive: true })).sort();
    for (const file of files) {
      const path = join(MIGRATIONS_FOLDER, file);
      if (!(await stat(path)).isFile()) continue;
      h.update(file).update(await readFile(path));
    }
    const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    h.update(await readFile(join(dirname(pglite), '..', 'package.json')));
    return h.digest('hex').slice(0, 16);
  })();
  return hash;
}

async function openPglite(): Promise<TestDatabase> {
  const template = join(tmpdir(), `balcony-pglite-${await migrationsHash()}`);
  if (!(await exists(template))) await buildPgliteTemplate(template);
  const dir = await mkdtemp(join(tmpdir(), 'balcony-db-'));
  await cp(template, dir, { recursive: true });
  const database = await openDatabase({ databaseUrl: undefined, databaseDir: dir });
  return { database, drop: () => rm(dir, { recursive: true, force: true }) };
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * Migrates a PGlite folder aside and renames it to `template`. Workers that build it at the same
 * time each build their own; the first rename wins and the others drop theirs.
 */
async function buildPgliteTemplate(template: string): Promise<void> {
  const building = await mkdtemp(`${template}-build-`);
  try {
    const database = await openDatabase({ databaseUrl: undefined, databaseDir: building });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    await rename(building, template);
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    if (!(await exists(template))) throw error;
  }
}

async function openPostgres(adminUrl: string): Promise<TestDatabase> {
  const template = `balcony_tpl_${await migrationsHash()}`;
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  await withAdmin(adminUrl, async (admin) => {
    await ensurePostgresTemplate(admin, adminUrl, template);
    await admin.query(`create database ${name} template ${template}`);
  });
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), databaseDir: 'memory://' });
  return { database, drop: () => dropDatabase(adminUrl, name) };
}

/** An empty PostgreSQL database, not migrated (tests of migrating itself), and how to drop it. */
export async function createEmptyPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  return { url: databaseUrl(adminUrl, name), drop: () => dropDatabase(adminUrl, name) };
}

function dropDatabase(adminUrl: string, name: string): Promise<void> {
  return withAdmin(adminUrl, async (admin) => {
    // pg's pool.end() resolves before its clients' sockets have closed; dropping with FORCE
    // then would kill them mid-goodbye (an unhandled 57P01 in the test run). Wait until the
    // server has seen them go, then drop (FORCE only for a client that never leaves).
    await waitForNoConnections(admin, name);
    await admin.query(`drop database if exists ${name} with (force)`);
  });
}

/**
 * Creates and migrates the template database unless it exists. An advisory lock lets one worker
 * build it while the others wait; it is built under another name and renamed when migrated, so a
 * run stopped half-way never leaves a half-migrated template.
 */
async function ensurePostgresTemplate(admin: pg.Client, adminUrl: string, template: string): Promise<void> {
  const exists = async () =>
    (await admin.query('select 1 from pg_database where datname = $1', [template])).rowCount === 1;
  if (await exists()) return;
  await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
  try {
    if (await exists()) return;
    const building = `${template}_build`;
    await admin.query(`drop database if exists ${building}`);
    await admin.query(`create database ${building}`);
    const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, building), databaseDir: 'memory://' });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    await admin.query(`alter database ${building} rename to ${template}`);
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
  }
}

const GOODBYE_WAIT_MS = 10_000;

/** Until no session is connected to `name` (or GOODBYE_WAIT_MS passes), asking the server itself. */
async function waitForNoConnections(admin: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + GOODBYE_WAIT_MS;
  const connected = async () =>
    Number(
      (await admin.query('select count(*) as n from pg_stat_activity where datname = $1', [name])).rows[0]?.n ?? 0,
    );
  while ((await connected()) > 0 && Date.now() < deadline) {
    await admin.query('select pg_sleep(0.02)');
  }
}

async function withAdmin<T>(adminUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
