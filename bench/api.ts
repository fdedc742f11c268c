// API load benchmark: the catalog endpoints against a bare Fastify hello-world, in one run on
// this machine, so the figures are comparable. Prints requests/s and p99 latency.
// Env: BENCH_SECONDS (10), DATABASE_URL (PostgreSQL; default an embedded PGlite in a temp dir).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { seedDemoCatalog } from '../apps/api/src/db/seed/seed.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const headers = { 'x-balcony-id': 'delitoonb-fr', 'x-balcony-timeZone': 'Europe/Paris', 'x-platform': 'WEB' };

interface Row {
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

async function load(name: string, url: string): Promise<Row> {
  const result = await autocannon({ url, headers, connections: 20, duration: seconds });
  return {
    name,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

const dataDir = await mkdtemp(join(tmpdir(), 'balcony-bench-'));
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), port: 0 };
const database = await openDatabase(config);
await database.migrate();
await seedDemoCatalog(database.db, {});
const app = await buildApp({ config, database });
const apiBase = await app.listen({ port: 0, host: '127.0.0.1' });

const ranking = await (await fetch(`${apiBase}/api/v1/contents/home/RANKING`, { headers })).json();
const seriesId: number = ranking.data.items[0].id;

const bare = Fastify();
bare.get('/', async () => ({ hello: 'world' }));
const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

const rows: Row[] = [];
rows.push(await load('bare Fastify hello-world', bareBase));
rows.push(await load('GET /api/v1/contents/home/RANKING', `${apiBase}/api/v1/contents/home/RANKING`));
rows.push(await load(`GET /api/v1/contents/${seriesId}`, `${apiBase}/api/v1/contents/${seriesId}`));

console.log(`\nAPI benchmark — ${seconds} s each, 20 connections, database: ${database.kind}\n`);
console.table(
  rows.map((r) => ({ endpoint: r.name, 'requests/s': r.rps, 'p99 ms': r.p99, 'non-2xx/errors': r.errors })),
);

await bare.close();
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
