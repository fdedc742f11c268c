// Purchase benchmark (issue 11): members renting and buying episodes with coins over HTTP, all at
// once, against the api in its own process (serve-api.ts) on PostgreSQL, beside pgbench's
// TPC-B-like run on the same PostgreSQL server in the same run. Both are short read-write
// transactions that lock rows, so the ratio says how close a purchase comes to the database's own
// transaction rate. The two runs follow each other, so that they never share the machine, and
// alternate for BENCH_ROUNDS rounds: this machine's speed drifts from minute to minute (CPU taken
// by its host), and each round's ratio compares two runs seconds apart; the median round is the figure.
// Env: BENCH_SECONDS (10, per run), BENCH_ROUNDS (3), BENCH_MEMBERS (100, one connection each), BENCH_EPISODES (1000 paid
// episodes each member can buy once), DATABASE_URL (a PostgreSQL database this bench may empty;
// default: it creates `balcony_bench_purchases` on BENCH_POSTGRES_URL, itself defaulting to
// postgres://postgres@127.0.0.1:5432/postgres), BENCH_PGBENCH_SCALE (10), BENCH_PGBENCH_CLIENTS
// (100, fewer when max_connections has no room for them), LOG_LEVEL (the api's, default info),
// PROF_DIR (the api writes a CPU profile of its run there).
import { type ChildProcess, execFile, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { BRANDS } from '@balcony/contracts';
import Fastify from 'fastify';
import pg from 'pg';
import { Client } from 'undici';
import { createServices } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { systemContext } from '../apps/api/src/context.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { episodes, genres, series, seriesBrands, seriesGenres, users } from '../apps/api/src/db/schema.js';
import { createTokenSigner } from '../apps/api/src/modules/auth/tokens.js';
import * as wallet from '../apps/api/src/modules/wallet/service.js';
import { API_HEADERS } from './catalog.js';
import type { Served } from './serve-api.js';

const run = promisify(execFile);
const SERVE = fileURLToPath(new URL('./serve-api.ts', import.meta.url));
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100);
const EPISODES = Number(process.env.BENCH_EPISODES ?? 1000);
const PGBENCH_SCALE = Number(process.env.BENCH_PGBENCH_SCALE ?? 10);
const PGBENCH_CLIENTS = Number(process.env.BENCH_PGBENCH_CLIENTS ?? 100);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const WARM_UP_MS = 2000;
const BUY_PRICE = 4;
const OWN_DATABASE = 'balcony_bench_purchases';
const PGBENCH_DATABASE = 'balcony_bench_pgbench';

/** One round: the purchases for `seconds`, then pgbench for as long. */
export interface PurchasesRound {
  purchases: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 200, and requests that failed. */
  errors: number;
  /** pgbench's transactions per second; null when pgbench is missing. */
  tps: number | null;
}

export interface PurchasesResult {
  database: string;
  seconds: number;
  members: number;
  rounds: PurchasesRound[];
  /** The round of the median ratio to pgbench (of the median rate without pgbench). */
  median: PurchasesRound;
  /** Members who bought every episode before the end (a too small BENCH_EPISODES). */
  exhausted: number;
  /** The api's connections to the database, on average, those waiting on a lock, and the statement that waited most. */
  locks: { connections: number; waiting: number; mostWaited: string };
  ledgerClean: boolean;
  pgbench: { clients: number; threads: number; scale: number } | { missing: string };
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};
const nameOf = (url: string) => new URL(url).pathname.slice(1);

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh database named `name` on the server of `serverUrl` (dropped first when it exists). */
async function recreate(serverUrl: string, name: string): Promise<string> {
  await withClient(serverUrl, async (admin) => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  });
  return withDatabase(serverUrl, name);
}

/** The purchases database: DATABASE_URL emptied, or our own one. */
async function purchasesDatabase(): Promise<{ url: string; serverUrl: string; own: boolean }> {
  const given = process.env.DATABASE_URL;
  if (given) {
    await withClient(given, async (c) => {
      await c.query('drop schema if exists drizzle cascade');
      await c.query('drop schema if exists public cascade');
      await c.query('create schema public');
    });
    return { url: given, serverUrl: withDatabase(given, 'postgres'), own: false };
  }
  const serverUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  return { url: await recreate(serverUrl, OWN_DATABASE), serverUrl, own: true };
}

/** One series of EPISODES paid episodes, and MEMBERS members with coins for all of them. */
async function prepare(url: string, authSecret: string) {
  const database = await openDatabase({ databaseUrl: url, databaseDir: 'memory://' });
  const dataDir = await mkdtemp(join(tmpdir(), 'balcony-bench-purchases-'));
  try {
    await database.migrate();
    const db = database.db;
    const brandId = 'delitoonb-fr';
    const slug = `bench-purchases-${Date.now()}`;
    const [row] = await db
      .insert(series)
      .values({
        slug,
        title: 'Bench Purchases',
        synopsis: 'Episodes for the purchase benchmark',
        status: 'SCHEDULED',
        schedule: ['MONDAY'],
        coverKey: `demo/covers/${slug}.png`,
        thumbnailKey: `demo/thumbs/${slug}.png`,
      })
      .returning();
    if (!row) throw new Error('no bench series');
    await db.insert(genres).values({ code: 'DRAMA' }).onConflictDoNothing();
    await db.insert(seriesGenres).values({ seriesId: row.id, genre: 'DRAMA' });
    await db.insert(seriesBrands).values({
      seriesId: row.id,
      brandId,
      title: row.title,
      synopsis: row.synopsis,
      publishedAt: new Date('2025-01-01T00:00:00Z'),
    });
    const published = new Date(Date.now() - 3600_000);
    const episodeIds: number[] = [];
    for (let from = 0; from < EPISODES; from += 500) {
      const batch = await db
        .insert(episodes)
        .values(
          Array.from({ length: Math.min(500, EPISODES - from) }, (_, i) => ({
            seriesId: row.id,
            number: from + i + 1,
            title: `Episode ${from + i + 1}`,
            publishedAt: published,
            rentPrice: 2,
            buyPrice: BUY_PRICE,
            thumbnailKey: `demo/episodes/${slug}/${from + i + 1}.png`,
          })),
        )
        .returning({ id: episodes.id });
      episodeIds.push(...batch.map((e) => e.id));
    }
    const members = await db
      .insert(users)
      .values(
        Array.from({ length: MEMBERS }, (_, i) => ({
          brandId,
          email: `bench-buyer-${i}-${Date.now()}@example.com`,
          nickname: `bench buyer ${i}`,
          status: 'ACTIVE' as const,
        })),
      )
      .returning({ id: users.id });
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: url,
      AUTH_SECRET: authSecret,
      WEB_RELAY_SECRET: randomBytes(32).toString('base64url'),
      DATA_DIR: dataDir,
    });
    const log = Fastify({ logger: false }).log;
    const ctx = systemContext(db, createServices(config, log), BRANDS[brandId], log);
    const signer = createTokenSigner({ ...config.auth, accessTtlSeconds: 24 * 3600 });
    const tokens: string[] = [];
    for (const m of members) {
      await wallet.credit(ctx, {
        userId: m.id,
        ledger: 'COIN',
        amount: EPISODES * BUY_PRICE,
        source: 'ADMIN',
        from: 'ADJUSTED',
        key: `bench-credit:${m.id}`,
        type: 'CHARGE',
        title: 'ADMIN_CHARGE',
        expiresAt: null,
        note: 'purchase benchmark',
      });
      tokens.push((await signer.signAccess({ userId: m.id, brandId }, new Date())).token);
    }
    return { episodeIds, tokens };
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** serve-api.ts on the purchases database, signing tokens with `authSecret`. */
function serve(url: string, authSecret: string): Promise<{ served: Served; child: ChildProcess }> {
  const child = fork(SERVE, ['api'], {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF_DIR}`] : []),
    ],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, DATABASE_URL: url, AUTH_SECRET: authSecret },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (served) => resolve({ served: served as Served, child }));
    child.once('exit', (code) => reject(new Error(`serve-api.ts exited with code ${code}`)));
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

/**
 * While the load runs: how many of the api's connections wait on a lock held by another
 * transaction, and the statement that waits most often (where purchases queue behind each other).
 */
function watchLocks(url: string) {
  const client = new pg.Client({ connectionString: url });
  const waits = new Map<string, number>();
  let samples = 0;
  let waiting = 0;
  let connections = 0;
  let stopped = false;
  const sampling = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query<{ waiting: boolean; query: string }>(
        `select wait_event_type = 'Lock' as waiting, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 100) as query
           from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      samples++;
      connections += rows.length;
      for (const row of rows.filter((r) => r.waiting)) {
        waiting++;
        waits.set(row.query, (waits.get(row.query) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return async () => {
    stopped = true;
    await sampling.finally(() => client.end());
    const top = [...waits].sort((a, b) => b[1] - a[1])[0];
    return {
      waiting: samples ? waiting / samples : 0,
      connections: samples ? connections / samples : 0,
      mostWaited: top ? top[0] : '',
    };
  };
}

/**
 * Every member buys the episodes one after the other, all members at once, for warm-up +
 * `seconds`; `next[i]` is where member i goes on from, kept from round to round.
 */
async function load(base: string, tokens: string[], episodeIds: number[], seconds: number, next: number[]) {
  const start = performance.now();
  const from = start + WARM_UP_MS;
  const until = from + seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  let exhausted = 0;
  let firstError = '';
  // One keep-alive connection per member through undici's Client: fetch costs the load generator
  // several times the CPU, which it would take from the api and PostgreSQL on this machine.
  await Promise.all(
    tokens.map(async (token, member) => {
      const client = new Client(base, { pipelining: 1 });
      const headers = { ...API_HEADERS, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      try {
        for (let at = next[member] ?? 0; at < episodeIds.length; at++) {
          const episodeId = episodeIds[at];
          const sent = performance.now();
          if (sent >= until) return;
          let ok = false;
          try {
            const res = await client.request({
              method: 'POST',
              path: `/api/v1/episodes/${episodeId}/purchase`,
              headers,
              body: JSON.stringify({ kind: 'POSSESSION', idempotencyKey: randomUUID() }),
            });
            const text = await res.body.text();
            ok = res.statusCode === 200;
            if (!ok) firstError ||= `${res.statusCode} ${text.slice(0, 200)}`;
          } catch (error) {
            firstError ||= String(error);
          }
          const done = performance.now();
          // What completes inside the window counts, as autocannon counts it.
          if (done >= from && done <= until) {
            if (ok) latencies.push(done - sent);
            else errors++;
          }
          next[member] = at + 1;
        }
        exhausted++;
      } finally {
        await client.close();
      }
    }),
  );
  if (firstError) console.error(`first failed purchase: ${firstError}`);
  latencies.sort((a, b) => a - b);
  return {
    round: {
      purchases: latencies.length,
      perSecond: latencies.length / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      errors,
      tps: null,
    },
    exhausted,
  };
}

/** pgbench of PostgreSQL's client packages: on PATH or in /usr/lib/postgresql/<version>/bin. */
function findPgbench(): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(`${dir}/pgbench`)) return `${dir}/pgbench`;
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  for (const version of readdirSync(root).sort().reverse()) {
    if (existsSync(`${root}/${version}/bin/pgbench`)) return `${root}/${version}/bin/pgbench`;
  }
  return null;
}

/** As many clients as asked, but no more than max_connections leaves room for (a few kept free). */
async function pgbenchClients(serverUrl: string): Promise<number> {
  const room = await withClient(serverUrl, async (c) => {
    const setting = async (name: string) => Number((await c.query(`show ${name}`)).rows[0]?.[name]);
    const max = await setting('max_connections');
    const reserved = await setting('superuser_reserved_connections');
    const used = Number((await c.query('select count(*) as n from pg_stat_activity')).rows[0]?.n ?? 0);
    return max - reserved - used - 5;
  });
  const clients = Math.max(2, Math.min(PGBENCH_CLIENTS, room));
  return clients - (clients % 2);
}

/** pgbench's database initialised on the server, and a run of it; `drop` removes the database. */
async function pgbenchOn(serverUrl: string) {
  const pgbench = findPgbench();
  if (!pgbench) return null;
  const url = await recreate(serverUrl, PGBENCH_DATABASE);
  await run(pgbench, ['-i', '-q', '-s', String(PGBENCH_SCALE), url], { maxBuffer: 16 * 1024 * 1024 });
  const threads = 2;
  const settings = { clients: PGBENCH_CLIENTS, threads, scale: PGBENCH_SCALE };
  return {
    settings,
    async tps(seconds: number): Promise<number> {
      // Counted at each run: the api's idle connections are still open then.
      settings.clients = await pgbenchClients(serverUrl);
      const { stdout } = await run(
        pgbench,
        ['-c', String(settings.clients), '-j', String(threads), '-T', String(seconds), url],
        { maxBuffer: 16 * 1024 * 1024 },
      );
      const tps = /tps = ([\d.]+)/.exec(stdout)?.[1];
      if (!tps) throw new Error(`no "tps = " in pgbench's output:\n${stdout}`);
      return Number(tps);
    },
    drop: () => withClient(serverUrl, (c) => c.query(`drop database if exists ${PGBENCH_DATABASE} with (force)`)),
  };
}

const ratio = (r: PurchasesRound) => (r.tps ? r.perSecond / r.tps : r.perSecond);

export async function runPurchasesBench(seconds: number): Promise<PurchasesResult> {
  const target = await purchasesDatabase();
  const authSecret = randomBytes(32).toString('base64url');
  const { episodeIds, tokens } = await prepare(target.url, authSecret);
  const pgbench = await pgbenchOn(target.serverUrl);
  const api = await serve(target.url, authSecret);
  const rounds: PurchasesRound[] = [];
  const next = tokens.map(() => 0);
  let exhausted = 0;
  let locks: PurchasesResult['locks'] = { connections: 0, waiting: 0, mostWaited: '' };
  try {
    if (api.served.database !== 'postgres') throw new Error('the api is not on PostgreSQL');
    for (let i = 0; i < ROUNDS; i++) {
      const stopWatching = i === 0 ? watchLocks(target.url) : null;
      const measured = await load(api.served.url, tokens, episodeIds, seconds, next);
      if (stopWatching) locks = await stopWatching();
      exhausted = measured.exhausted;
      rounds.push({ ...measured.round, tps: pgbench ? await pgbench.tps(seconds) : null });
    }
  } finally {
    api.child.kill();
    await pgbench?.drop();
  }
  const check = await openDatabase({ databaseUrl: target.url, databaseDir: 'memory://' });
  let ledgerClean: boolean;
  try {
    ledgerClean = Object.values(await wallet.checkLedger(check.db)).every((list) => list.length === 0);
  } finally {
    await check.close();
  }
  if (target.own) {
    await withClient(target.serverUrl, (c) => c.query(`drop database if exists ${OWN_DATABASE} with (force)`));
  }
  const byRatio = [...rounds].sort((a, b) => ratio(a) - ratio(b));
  const median = byRatio[Math.floor(byRatio.length / 2)];
  if (!median) throw new Error('no round was run');
  return {
    database: nameOf(target.url),
    seconds,
    members: MEMBERS,
    rounds,
    median,
    exhausted,
    locks,
    ledgerClean,
    pgbench: pgbench
      ? pgbench.settings
      : { missing: 'pgbench not found (PATH, /usr/lib/postgresql/*/bin): install PostgreSQL’s client packages' },
  };
}

export function printPurchasesResult(r: PurchasesResult): void {
  const pgbench = 'clients' in r.pgbench ? r.pgbench : null;
  console.log(
    `\nPurchases — ${r.members} members buying episodes at once over HTTP for ${r.seconds} s (after ${WARM_UP_MS / 1000} s ` +
      `of warm-up), api in its own process on PostgreSQL (${r.database}); then pgbench TPC-B-like` +
      (pgbench ? `, scale ${pgbench.scale}, ${pgbench.clients} clients, ${pgbench.threads} threads` : '') +
      `, ${r.seconds} s, on the same server; ${r.rounds.length} rounds, the median one last`,
  );
  if (!pgbench && 'missing' in r.pgbench) console.log(r.pgbench.missing);
  const row = (name: string, x: PurchasesRound) => ({
    round: name,
    'purchases/s': Math.round(x.perSecond),
    'p50 ms': Number(x.p50.toFixed(1)),
    'p99 ms': Number(x.p99.toFixed(1)),
    'pgbench tps': x.tps === null ? 'n/a' : Math.round(x.tps),
    '× pgbench': x.tps === null ? 'n/a' : Number((x.perSecond / x.tps).toFixed(3)),
    purchases: x.purchases,
    'non-200/errors': x.errors,
  });
  console.table([...r.rounds.map((x, i) => row(String(i + 1), x)), row('median', r.median)]);
  console.log(`ledger check: ${r.ledgerClean ? 'clean' : 'MISMATCH'}`);
  if (r.locks.waiting > 0) {
    console.log(
      `api connections to the database: ${r.locks.connections.toFixed(1)} on average, ` +
        `${r.locks.waiting.toFixed(1)} of them waiting on a lock; most often: ${r.locks.mostWaited}`,
    );
  }
  if (r.exhausted > 0) {
    console.log(`${r.exhausted} members bought every episode before the end: raise BENCH_EPISODES`);
  }
}
