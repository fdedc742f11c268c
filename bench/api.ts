// API load benchmark: the catalog reads as a visitor and as a member, beside a bare Fastify
// hello-world, in one run on this machine with the same autocannon settings, so the figures are
// comparable. The servers under test run in their own processes (serve-api.ts); the load comes
// from this one.
// Env: BENCH_SECONDS (10 per endpoint), BENCH_CONNECTIONS (100), DATABASE_URL (PostgreSQL; default
// an embedded PGlite in a temp dir), LOG_LEVEL (the api's, default info as in production).
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { API_HEADERS, findTargets } from './catalog.js';
import type { Served } from './serve-api.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const SERVE = fileURLToPath(new URL('./serve-api.ts', import.meta.url));

export interface ApiRow {
  endpoint: string;
  caller: 'visitor' | 'member' | '';
  rps: number;
  p99: number;
  errors: number;
}

/** Starts serve-api.ts in a child process and waits for its address. */
function serve(kind: 'api' | 'hello'): Promise<{ served: Served; child: ChildProcess }> {
  const child = fork(SERVE, [kind], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (served) => resolve({ served: served as Served, child }));
    child.once('exit', (code) => reject(new Error(`serve-api.ts ${kind} exited with code ${code}`)));
  });
}

async function load(
  endpoint: string,
  caller: ApiRow['caller'],
  url: string,
  seconds: number,
  token?: string,
): Promise<ApiRow> {
  const headers = { ...API_HEADERS, ...(token && { authorization: `Bearer ${token}` }) };
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  return {
    endpoint,
    caller,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

export async function runApiBench(seconds: number): Promise<{ rows: ApiRow[]; database: string }> {
  const hello = await serve('hello');
  const api = await serve('api').catch((error) => {
    hello.child.kill();
    throw error;
  });
  try {
    const base = api.served.url;
    const token = api.served.memberToken;
    const { seriesId, freeEpisodeId } = await findTargets(base);
    const reads = [
      ['GET /contents/home/RANKING', `${base}/api/v1/contents/home/RANKING`],
      [`GET /contents/${seriesId}`, `${base}/api/v1/contents/${seriesId}`],
      [`GET /episodes/${freeEpisodeId}/viewer (free)`, `${base}/api/v1/episodes/${freeEpisodeId}/viewer`],
    ] as const;
    const rows = [await load('bare Fastify hello-world', '', hello.served.url, seconds)];
    for (const [endpoint, url] of reads) {
      rows.push(await load(endpoint, 'visitor', url, seconds));
      rows.push(await load(endpoint, 'member', url, seconds, token));
    }
    return { rows, database: api.served.database ?? '' };
  } finally {
    hello.child.kill();
    api.child.kill();
  }
}

export function printApiRows(result: { rows: ApiRow[]; database: string }, seconds: number): void {
  const baseline = result.rows[0]?.rps ?? 0;
  console.log(
    `\nAPI — ${seconds} s per endpoint, ${CONNECTIONS} connections, database ${result.database}, ` +
      `load from a separate process`,
  );
  console.table(
    result.rows.map((row) => ({
      endpoint: row.endpoint,
      caller: row.caller,
      'requests/s': row.rps,
      'p99 ms': row.p99,
      '× hello': baseline ? Number((row.rps / baseline).toFixed(3)) : 0,
      'non-2xx/errors': row.errors,
    })),
  );
}
