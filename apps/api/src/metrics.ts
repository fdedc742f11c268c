import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { PoolUse } from './db/client.js';

// Prometheus metrics of one api process (issue 14, decision 0216), served by GET /metrics.
// Requests are counted by route pattern (`/api/v1/contents/:id`), never by raw URL, and never
// by request id, so the number of series stays bounded. A request only adds to plain numbers
// of its route (no label object, no hashing: prom-client's own `inc`/`observe` cost about 1 µs
// per request); they become series when scraped.

/** What services report; counted after their transaction committed, so a retried one counts once. */
export interface BusinessMetrics {
  /** A new episode purchase (not the answer repeated for a retried idempotency key). */
  episodePurchased(kind: string): void;
  /** An order whose payment this call settled. */
  payment(provider: string, outcome: 'paid' | 'failed' | 'cancelled'): void;
}

/** What the background jobs report (jobs.ts). */
export interface JobMetrics {
  jobRan(job: string, outcome: 'ok' | 'failed'): void;
}

/** The series of one route: `answered` runs once per response. */
export interface RouteMetrics {
  answered(statusCode: number, elapsedMs: number): void;
}

/** Reads of the shared catalog cache since start. */
export interface CacheStats {
  hits: number;
  misses: number;
}

export interface Metrics extends BusinessMetrics, JobMetrics {
  /** The Prometheus text of every series, and its content type. */
  exposition(): Promise<string>;
  readonly contentType: string;
  /** The series of a route pattern; requests no route matched share the pattern `(unmatched)`. */
  route(method: string, pattern: string): RouteMetrics;
  /** Reports the PostgreSQL pool's connections at each scrape. */
  watchPool(read: () => PoolUse | undefined): void;
  /** Reports the catalog cache's hits and misses at each scrape. */
  watchCatalogCache(read: () => CacheStats): void;
}

/** Seconds; from a cached answer (a few ms) to the 30 s request timeout. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The answers of one route pattern since start. */
class RouteSeries implements RouteMetrics {
  readonly byStatus = new Map<number, number>();
  /** Answers per latency bucket (not cumulative); those above the last bucket count only in `count`. */
  readonly buckets = new Float64Array(LATENCY_BUCKETS.length);
  sum = 0;
  count = 0;

  constructor(
    readonly method: string,
    readonly route: string,
  ) {}

  answered(statusCode: number, elapsedMs: number): void {
    this.byStatus.set(statusCode, (this.byStatus.get(statusCode) ?? 0) + 1);
    const seconds = elapsedMs / 1000;
    this.sum += seconds;
    this.count += 1;
    for (let i = 0; i < LATENCY_BUCKETS.length; i++) {
      if (seconds <= (LATENCY_BUCKETS[i] ?? 0)) {
        this.buckets[i] = (this.buckets[i] ?? 0) + 1;
        return;
      }
    }
  }
}

/** A label value in the text format: backslash, double quote and line feed escaped. */
function labelValue(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');
}

const LATENCY = 'http_request_duration_seconds';

/** The latency histogram of every route in the Prometheus text format. */
function latencyText(routes: readonly RouteSeries[]): string {
  const lines = [
    `# HELP ${LATENCY} Time to answer a request, by method and route pattern`,
    `# TYPE ${LATENCY} histogram`,
  ];
  for (const series of routes) {
    if (series.count === 0) continue;
    const labels = `method="${labelValue(series.method)}",route="${labelValue(series.route)}"`;
    let below = 0;
    LATENCY_BUCKETS.forEach((bound, i) => {
      below += series.buckets[i] ?? 0;
      lines.push(`${LATENCY}_bucket{le="${bound}",${labels}} ${below}`);
    });
    lines.push(`${LATENCY}_bucket{le="+Inf",${labels}} ${series.count}`);
    lines.push(`${LATENCY}_sum{${labels}} ${series.sum}`, `${LATENCY}_count{${labels}} ${series.count}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The metrics of one app. `processMetrics` adds Node's own (CPU, memory, event loop lag, GC):
 * they watch the whole process, so only an app that serves them turns them on.
 */
export function createMetrics(opts: { processMetrics: boolean }): Metrics {
  const registry = new Registry();
  if (opts.processMetrics) collectDefaultMetrics({ register: registry });

  const routes: RouteSeries[] = [];
  // Filled from the routes' own numbers at each scrape.
  new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { method, route, byStatus } of routes) {
        for (const [status, n] of byStatus) this.inc({ method, route, status_code: String(status) }, n);
      }
    },
  });
  const purchases = new Counter({
    name: 'balcony_episode_purchases_total',
    help: 'Episode purchases made (rentals and buys, one or a whole series), by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const payments = new Counter({
    name: 'balcony_payments_total',
    help: 'Coin orders settled, by provider and outcome (paid, failed, cancelled)',
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
  });
  const jobs = new Counter({
    name: 'balcony_job_runs_total',
    help: 'Background job runs, by job and outcome (ok, failed)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });

  return {
    contentType: registry.contentType,
    exposition: async () => (await registry.metrics()) + latencyText(routes),
    route(method, pattern) {
      const series = new RouteSeries(method, pattern);
      routes.push(series);
      return series;
    },
    episodePurchased: (kind) => purchases.inc({ kind }),
    payment: (provider, outcome) => payments.inc({ provider, outcome }),
    jobRan: (job, outcome) => jobs.inc({ job, outcome }),
    watchPool(read) {
      const gauge = (name: string, help: string, pick: (use: PoolUse) => number) =>
        new Gauge({
          name,
          help,
          registers: [registry],
          collect() {
            const use = read();
            if (use) this.set(pick(use));
          },
        });
      gauge('balcony_db_pool_connections', 'Connections open in the PostgreSQL pool', (u) => u.total);
      gauge('balcony_db_pool_idle_connections', 'Open connections of the pool not in use', (u) => u.idle);
      gauge('balcony_db_pool_waiting_queries', 'Queries waiting for a connection of the pool', (u) => u.waiting);
    },
    watchCatalogCache(read) {
      // Counters kept by the cache itself; copied at each scrape.
      const counter = (name: string, help: string, pick: (stats: CacheStats) => number) =>
        new Counter({
          name,
          help,
          registers: [registry],
          collect() {
            this.reset();
            this.inc(pick(read()));
          },
        });
      counter('balcony_catalog_cache_hits_total', 'Catalog reads answered from the shared cache', (s) => s.hits);
      counter(
        'balcony_catalog_cache_misses_total',
        'Catalog reads computed (not cached, or cache off)',
        (s) => s.misses,
      );
    },
  };
}
