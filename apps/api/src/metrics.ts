import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { PoolUse } from './db/client.js';

// Prometheus metrics of one api process (issue 14, decisions 0216, 0225), served by GET /metrics.
// Requests are counted by route pattern (`/api/v1/contents/:id`), never by raw URL or request id,
// so the number of series stays bounded; a scraper that asks for OpenMetrics also gets, on each
// latency bucket, the request id of the last request in it as an exemplar (the way from a slow
// bucket to that request's log lines). A request only adds to plain numbers
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
  answered(statusCode: number, elapsedMs: number, requestId: string): void;
}

/** Reads of the shared catalog cache since start. */
export interface CacheStats {
  hits: number;
  misses: number;
}

export interface Metrics extends BusinessMetrics, JobMetrics {
  /** Every series as Prometheus text, or as OpenMetrics with exemplars, and its content type. */
  exposition(format: MetricsFormat): Promise<{ text: string; contentType: string }>;
  /** The series of a route pattern; requests no route matched share the pattern `(unmatched)`. */
  route(method: string, pattern: string): RouteMetrics;
  /** Reports the PostgreSQL pool's connections at each scrape. */
  watchPool(read: () => PoolUse | undefined): void;
  /** Reports the catalog cache's hits and misses at each scrape. */
  watchCatalogCache(read: () => CacheStats): void;
  /** Reports, at each scrape, the work waiting for a background job, by job. */
  watchJobBacklog(job: string, read: () => Promise<number>): void;
}

/** Prometheus' text format 0.0.4, or OpenMetrics 1.0 (which carries exemplars). */
export type MetricsFormat = 'prometheus' | 'openmetrics';

/** The format a scraper's Accept header asks for: OpenMetrics when it names it. */
export function metricsFormatOf(accept: string | undefined): MetricsFormat {
  return accept?.includes('application/openmetrics-text') ? 'openmetrics' : 'prometheus';
}

/** The last request that fell in a bucket: its id, latency and time (an exemplar). */
interface Exemplar {
  requestId: string;
  seconds: number;
  at: number;
}

/** Seconds; from a cached answer (a few ms) to the 30 s request timeout. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The answers of one route pattern since start. */
class RouteSeries implements RouteMetrics {
  readonly byStatus = new Map<number, number>();
  /** Answers per latency bucket (not cumulative); those above the last bucket count only in `count`. */
  readonly buckets = new Float64Array(LATENCY_BUCKETS.length);
  /** Per bucket, +Inf last; replaced in place, so a request allocates nothing here. */
  readonly exemplars: (Exemplar | undefined)[] = new Array(LATENCY_BUCKETS.length + 1);
  sum = 0;
  count = 0;

  constructor(
    readonly method: string,
    readonly route: string,
  ) {}

  answered(statusCode: number, elapsedMs: number, requestId: string): void {
    this.byStatus.set(statusCode, (this.byStatus.get(statusCode) ?? 0) + 1);
    const seconds = elapsedMs / 1000;
    this.sum += seconds;
    this.count += 1;
    let bucket = LATENCY_BUCKETS.length;
    for (let i = 0; i < LATENCY_BUCKETS.length; i++) {
      if (seconds <= (LATENCY_BUCKETS[i] ?? 0)) {
        this.buckets[i] = (this.buckets[i] ?? 0) + 1;
        bucket = i;
        break;
      }
    }
    const exemplar = this.exemplars[bucket];
    if (exemplar) {
      exemplar.requestId = requestId;
      exemplar.seconds = seconds;
      exemplar.at = Date.now();
    } else {
      this.exemplars[bucket] = { requestId, seconds, at: Date.now() };
    }
  }
}

/** A label value in the text format: backslash, double quote and line feed escaped. */
function labelValue(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');
}

const LATENCY = 'http_request_duration_seconds';

/** ` # {request_id="…"} seconds time` after a bucket's value in OpenMetrics; nothing otherwise. */
function exemplarText(exemplar: Exemplar | undefined, format: MetricsFormat): string {
  if (format !== 'openmetrics' || !exemplar) return '';
  return ` # {request_id="${labelValue(exemplar.requestId)}"} ${exemplar.seconds} ${exemplar.at / 1000}`;
}

/** The latency histogram of every route, in the scraper's format. */
function latencyText(routes: readonly RouteSeries[], format: MetricsFormat): string {
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
      lines.push(`${LATENCY}_bucket{le="${bound}",${labels}} ${below}${exemplarText(series.exemplars[i], format)}`);
    });
    const overflow = series.exemplars[LATENCY_BUCKETS.length];
    lines.push(`${LATENCY}_bucket{le="+Inf",${labels}} ${series.count}${exemplarText(overflow, format)}`);
    lines.push(`${LATENCY}_sum{${labels}} ${series.sum}`, `${LATENCY}_count{${labels}} ${series.count}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The metrics of one app. `processMetrics` adds Node's own (CPU, memory, event loop lag, GC):
 * they watch the whole process, so only an app that serves them turns them on.
 */
export function createMetrics(opts: { processMetrics: boolean }): Metrics {
  // prom-client renders a registry in one format, and renaming counters for OpenMetrics changes
  // the metric objects themselves: each format has its own registry and its own series.
  const registry = new Registry();
  const openMetrics = new Registry<typeof Registry.OPENMETRICS_CONTENT_TYPE>();
  openMetrics.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
  const registers = [registry, openMetrics];
  if (opts.processMetrics) for (const register of registers) collectDefaultMetrics({ register });

  const routes: RouteSeries[] = [];
  /** A metric made once per registry; `each` reaches all of them. */
  function inBoth<M>(make: (register: (typeof registers)[number]) => M): { each(use: (metric: M) => void): void } {
    const made = registers.map((register) => make(register));
    return { each: (use) => made.forEach(use) };
  }
  // Filled from the routes' own numbers at each scrape.
  inBoth(
    (register) =>
      new Counter({
        name: 'http_requests_total',
        help: 'Requests answered, by method, route pattern and status code',
        labelNames: ['method', 'route', 'status_code'] as const,
        registers: [register],
        collect() {
          this.reset();
          for (const { method, route, byStatus } of routes) {
            for (const [status, n] of byStatus) this.inc({ method, route, status_code: String(status) }, n);
          }
        },
      }),
  );
  const purchases = inBoth(
    (register) =>
      new Counter({
        name: 'balcony_episode_purchases_total',
        help: 'Episode purchases made (rentals and buys, one or a whole series), by kind',
        labelNames: ['kind'] as const,
        registers: [register],
      }),
  );
  const payments = inBoth(
    (register) =>
      new Counter({
        name: 'balcony_payments_total',
        help: 'Coin orders settled, by provider and outcome (paid, failed, cancelled)',
        labelNames: ['provider', 'outcome'] as const,
        registers: [register],
      }),
  );
  const jobs = inBoth(
    (register) =>
      new Counter({
        name: 'balcony_job_runs_total',
        help: 'Background job runs, by job and outcome (ok, failed)',
        labelNames: ['job', 'outcome'] as const,
        registers: [register],
      }),
  );

  const backlogs = new Map<string, () => Promise<number>>();
  inBoth(
    (register) =>
      new Gauge({
        name: 'balcony_job_backlog',
        help: 'Work waiting for a background job (e.g. pushes due and not sent), by job',
        labelNames: ['job'] as const,
        registers: [register],
        async collect() {
          for (const [job, read] of backlogs) this.set({ job }, await read());
        },
      }),
  );

  return {
    async exposition(format) {
      if (format === 'prometheus') {
        return { text: (await registry.metrics()) + latencyText(routes, format), contentType: registry.contentType };
      }
      // OpenMetrics ends with `# EOF`: the histogram goes before it.
      const text = (await openMetrics.metrics()).replace(/# EOF\n?$/, '');
      return { text: `${text}${latencyText(routes, format)}# EOF\n`, contentType: openMetrics.contentType };
    },
    route(method, pattern) {
      const series = new RouteSeries(method, pattern);
      routes.push(series);
      return series;
    },
    episodePurchased: (kind) => purchases.each((c) => c.inc({ kind })),
    payment: (provider, outcome) => payments.each((c) => c.inc({ provider, outcome })),
    jobRan: (job, outcome) => jobs.each((c) => c.inc({ job, outcome })),
    watchPool(read) {
      const gauge = (name: string, help: string, pick: (use: PoolUse) => number) =>
        inBoth(
          (register) =>
            new Gauge({
              name,
              help,
              registers: [register],
              collect() {
                const use = read();
                if (use) this.set(pick(use));
              },
            }),
        );
      gauge('balcony_db_pool_connections', 'Connections open in the PostgreSQL pool', (u) => u.total);
      gauge('balcony_db_pool_idle_connections', 'Open connections of the pool not in use', (u) => u.idle);
      gauge('balcony_db_pool_waiting_queries', 'Queries waiting for a connection of the pool', (u) => u.waiting);
    },
    watchJobBacklog(job, read) {
      backlogs.set(job, read);
    },
    watchCatalogCache(read) {
      // Counters kept by the cache itself; copied at each scrape.
      const counter = (name: string, help: string, pick: (stats: CacheStats) => number) =>
        inBoth(
          (register) =>
            new Counter({
              name,
              help,
              registers: [register],
              collect() {
                this.reset();
                this.inc(pick(read()));
              },
            }),
        );
      counter('balcony_catalog_cache_hits_total', 'Catalog reads answered from the shared cache', (s) => s.hits);
      counter(
        'balcony_catalog_cache_misses_total',
        'Catalog reads computed (not cached, or cache off)',
        (s) => s.misses,
      );
    },
  };
}
