// API load benchmark: the reading endpoints against a bare Fastify hello-world, in one run on this
// machine with the same autocannon settings, so the figures are comparable.
// Env: BENCH_SECONDS (10 per endpoint), DATABASE_URL (PostgreSQL; default an embedded PGlite in a
// temp dir).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { seedDemoCatalog } from '../apps/api/src/db/seed/seed.js';
import { API_HEADERS, findTargets } from './catalog.js';

const CONNECTIONS = 20;

export interface ApiRow {
  endpoint: string;
  rps: number;
  p99: number;
  errors: number;
}

async function load(endpoint: string, url: string, seconds: number): Promise<ApiRow> {
  const result = await autocannon({ url, headers: API_HEADERS, connections: CONNECTIONS, duration: seconds });
  return {
    endpoint,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** Runs the api in-process on a freshly seeded database and loads each endpoint in turn. */
export async function runApiBench(seconds: number): Promise<{ rows: ApiRow[]; database: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'balcony-bench-'));
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), port: 0 };
  const database = await openDatabase(config);
  const bare = Fastify();
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await database.migrate();
    await seedDemoCatalog(database.db, {});
    app = await buildApp({ config, database });
    const apiBase = await app.listen({ port: 0, host: '127.0.0.1' });
    const { seriesId, freeEpisodeId } = await findTargets(apiBase);
    bare.get('/', async () => ({ hello: 'world' }));
    const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

    const rows = [
      await load('bare Fastify hello-world', bareBase, seconds),
      await load('GET /contents/home/RANKING', `${apiBase}/api/v1/contents/home/RANKING`, seconds),
      await load(`GET /contents/${seriesId}`, `${apiBase}/api/v1/contents/${seriesId}`, seconds),
      await load(
        `GET /episodes/${freeEpisodeId}/viewer (free)`,
        `${apiBase}/api/v1/episodes/${freeEpisodeId}/viewer`,
        seconds,
      ),
    ];
    return { rows, database: database.kind };
  } finally {
    await bare.close();
    await app?.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function printApiRows(result: { rows: ApiRow[]; database: string }, seconds: number): void {
  console.log(`\nAPI — ${seconds} s per endpoint, ${CONNECTIONS} connections, database ${result.database}`);
  console.table(
    result.rows.map((row) => ({
      endpoint: row.endpoint,
      'requests/s': row.rps,
      'p99 ms': row.p99,
      'non-2xx/errors': row.errors,
    })),
  );
}
