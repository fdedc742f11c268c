import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import webpush from 'web-push';
import { ConfigError, loadConfig } from '../src/config.js';
import { MIGRATIONS_FOLDER, openDatabase } from '../src/db/client.js';
import { notifications } from '../src/db/schema.js';
import { seedCoinProducts } from '../src/db/seed/coin-products.js';
import { createMember, createSeries } from './factories.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';
import { createEmptyPostgresDatabase } from './support/databases.js';

// What an operator of many replicas relies on (issue 14): readiness, refusal while starting or
// draining, Prometheus metrics behind a token, and the shared secrets a replica must be given.

const TOKEN = 'metrics-token-for-tests';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
  await seedCoinProducts(t.database.db);
});
afterAll(() => t.close());
afterEach(() => {
  t.app.readiness.phase = 'ready';
  vi.restoreAllMocks();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const scrape = async () => (await get('/metrics', { authorization: `Bearer ${TOKEN}` })).body;
/** The value of one series in the Prometheus text, 0 when absent. */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('readiness', () => {
  it('is ready when migrated and the database answers', async () => {
    const res = await get('/_/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 while migrating, and refuses other calls in the envelope, liveness still 200', async () => {
    t.app.readiness.phase = 'migrating';
    const ready = await get('/_/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'migrating' });
    expect(ready.headers['retry-after']).toBe('5');
    const call = await get('/api/v1/contents/home/RANKING', brandHeaders());
    expect(call.statusCode).toBe(503);
    expect(call.headers['retry-after']).toBe('5');
    expect(call.json()).toEqual({ result: 'FAIL', code: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
    expect((await get('/_/health')).statusCode).toBe(200);
  });

  it('answers 503 while draining and tells clients to close the connection', async () => {
    t.app.readiness.phase = 'draining';
    expect((await get('/_/ready')).json()).toEqual({ status: 'draining' });
    const call = await get('/api/v1/contents/home/RANKING', brandHeaders());
    expect(call.statusCode).toBe(503);
    expect(call.headers.connection).toBe('close');
  });

  it('answers 503 when the database does not answer', async () => {
    vi.spyOn(t.database, 'ping').mockResolvedValue(false);
    const res = await get('/_/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'database-down' });
  });
});

describe('GET /metrics', () => {
  it('is refused without the token or with another one', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-the-token' },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const res = await get('/metrics', headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ result: 'FAIL', code: 'FORBIDDEN' });
    }
  });

  it('does not exist when no token is configured', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND_ROUTE' });
    } finally {
      await bare.close();
    }
  });

  it('counts requests by route pattern, never by the raw URL', async () => {
    const series = (status: number) =>
      `http_requests_total{method="GET",route="/api/v1/contents/:id",status_code="${status}"}`;
    const before = await scrape();
    await get('/api/v1/contents/987654', brandHeaders());
    await get('/api/v1/contents/987655', brandHeaders());
    const after = await scrape();
    expect(after).toContain('# TYPE http_requests_total counter');
    const status = (await get('/api/v1/contents/987656', brandHeaders())).statusCode;
    expect(seriesValue(after, series(status)) - seriesValue(before, series(status))).toBe(2);
    expect(after).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/v1/contents/:id"}',
    );
    expect(after).not.toContain('987654');
    // Requests no route knows share one pattern.
    await get('/no/such/path/1');
    expect(seriesValue(await scrape(), 'http_requests_total{method="*",route="(unmatched)",status_code="404"}')).toBe(
      1,
    );
  });

  it('gives an OpenMetrics scraper the request id of the last request of each latency bucket', async () => {
    const answered = await get('/api/v1/contents/987657', brandHeaders());
    const requestId = String(answered.headers['x-request-id']);
    const res = await get('/metrics', {
      authorization: `Bearer ${TOKEN}`,
      accept: 'application/openmetrics-text; version=1.0.0',
    });
    expect(res.headers['content-type']).toContain('application/openmetrics-text');
    expect(res.body.endsWith('# EOF\n')).toBe(true);
    expect(res.body.match(/# EOF/g)).toHaveLength(1);
    const exemplar = res.body
      .split('\n')
      .find((l) => l.includes('route="/api/v1/contents/:id"') && l.includes(`request_id="${requestId}"`));
    expect(exemplar).toMatch(
      /^http_request_duration_seconds_bucket\{le="[^"]+",.*\} \d+ # \{request_id="[^"]+"\} [\d.e-]+ [\d.]+$/,
    );
    // The plain text format has no exemplars (Prometheus' 0.0.4 parser would refuse them).
    expect(await scrape()).not.toContain('request_id=');
  });

  it('counts a charge and a purchase once, a retried purchase key not again', async () => {
    const member = await createMember(t.database.db, t.config.auth);
    const story = await createSeries(t.database.db, { episodes: { count: 2, free: 0 } });
    const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/v1${url}`, headers: { ...brandHeaders(), ...member.headers }, payload });
    const before = await scrape();
    const product = (await api('GET', '/shop/products'))
      .json()
      .data.products.find((p: { coins: number }) => p.coins >= 30);
    const order = (
      await api('POST', '/shop/orders', {
        productId: product.id,
        paymentMethod: 'SANDBOX',
        agreements: ['TERMS', 'NO_WITHDRAWAL_RIGHT'],
        idempotencyKey: randomUUID(),
      })
    ).json().data;
    expect((await api('POST', `/shop/orders/${order.id}/sandbox`, { outcome: 'SUCCESS' })).statusCode).toBe(200);
    const episode = story.episodes[0];
    const buy = { kind: 'RENT', idempotencyKey: randomUUID() };
    expect((await api('POST', `/episodes/${episode?.id}/purchase`, buy)).statusCode).toBe(200);
    expect((await api('POST', `/episodes/${episode?.id}/purchase`, buy)).statusCode).toBe(200);
    const after = await scrape();
    const delta = (series: string) => seriesValue(after, series) - seriesValue(before, series);
    expect(delta('balcony_payments_total{provider="SANDBOX",outcome="paid"}')).toBe(1);
    expect(delta('balcony_episode_purchases_total{kind="RENT"}')).toBe(1);
  });

  it('reports the catalog cache and process figures', async () => {
    const text = await scrape();
    expect(text).toContain('# TYPE balcony_catalog_cache_hits_total counter');
    expect(text).toContain('# TYPE balcony_catalog_cache_misses_total counter');
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('reports the pushes waiting for the send job as its backlog', async () => {
    const series = 'balcony_job_backlog{job="send-pushes"}';
    const before = seriesValue(await scrape(), series);
    const member = await createMember(t.database.db, t.config.auth);
    await t.database.db.insert(notifications).values({
      brandId: 'delitoonb-fr',
      userId: member.id,
      kind: 'CONTACT_ANSWER',
      dedupeKey: 'backlog-test',
      subject: 'Your question was answered',
      pushAt: new Date(Date.now() - 1000),
    });
    expect(seriesValue(await scrape(), series)).toBe(before + 1);
  });
});

describe('load shedding', () => {
  it('answers 503 with Retry-After while the event loop lags, and keeps answering health checks', async () => {
    const shedding = await createTestApp({ loadShedEventLoopDelayMs: 1 });
    try {
      // Ready long enough ago: the settling time after start is over.
      shedding.app.readiness.since = 0;
      const call = () =>
        shedding.app.inject({ method: 'GET', url: '/api/v1/contents/home/RANKING', headers: brandHeaders() });
      // A stalled event loop (one blocking piece of work) is seen at the next sample.
      let last = await call();
      await expect
        .poll(
          async () => {
            const stalledUntil = Date.now() + 50;
            while (Date.now() < stalledUntil) {
              // busy on purpose
            }
            last = await call();
            return last.statusCode;
          },
          { timeout: 20_000, interval: 200 },
        )
        .toBe(503);
      expect(last.headers['retry-after']).toBe('5');
      expect(last.json()).toMatchObject({ result: 'FAIL', code: 'SERVICE_UNAVAILABLE' });
      expect((await shedding.app.inject({ method: 'GET', url: '/_/health' })).statusCode).toBe(200);
    } finally {
      await shedding.close();
    }
  });
});

describe('secrets on PostgreSQL', () => {
  const base = { DATABASE_URL: 'postgres://db.example:5432/balcony' };
  const secret = 'k'.repeat(32);

  it('refuses to start without AUTH_SECRET or WEB_RELAY_SECRET, naming the variable', () => {
    expect(() => loadConfig({ ...base, WEB_RELAY_SECRET: secret })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, WEB_RELAY_SECRET: secret })).toThrow(
      /^AUTH_SECRET must be set when DATABASE_URL is/,
    );
    expect(() => loadConfig({ ...base, AUTH_SECRET: secret })).toThrow(/^WEB_RELAY_SECRET must be set/);
    expect(loadConfig({ ...base, AUTH_SECRET: secret, WEB_RELAY_SECRET: secret }).databaseUrl).toBe(base.DATABASE_URL);
  });

  it('give replicas on one database the same Web Push keys, derived from AUTH_SECRET', () => {
    const other = 'b'.repeat(40);
    const replica = (authSecret: string) =>
      loadConfig({ ...base, AUTH_SECRET: authSecret, WEB_RELAY_SECRET: secret, DATA_DIR: tmpdir() }).webPush;
    const first = replica(secret);
    expect(replica(secret)).toEqual(first);
    expect(replica(other).publicKey).not.toBe(first.publicKey);
    // web-push takes them: a 65-byte public point and a 32-byte private scalar.
    expect(() => webpush.setVapidDetails(first.subject, first.publicKey, first.privateKey)).not.toThrow();
  });

  it('are still generated in the data folder in the embedded mode', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'balcony-secrets-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      expect(config.auth.secret.length).toBeGreaterThanOrEqual(32);
      expect(await readdir(dataDir)).toEqual(expect.arrayContaining(['auth-secret', 'relay-secret']));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('replicas started at once on an empty PostgreSQL database', () => {
  it('both migrate: one applies the migrations, the other waits and finds nothing to do', async () => {
    const empty = await createEmptyPostgresDatabase(process.env.TEST_DATABASE_URL ?? '');
    // A pool of one connection each: the lock is held on a connection of its own.
    const replicas = await Promise.all(
      [1, 2].map(() => openDatabase({ databaseUrl: empty.url, databaseDir: 'memory://', poolMax: 1 })),
    );
    try {
      await Promise.all(replicas.map((r) => r.migrate()));
      const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'));
      const check = new pg.Client({ connectionString: empty.url });
      await check.connect();
      const applied = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      await check.end();
      expect(applied.rows[0]).toEqual({ n: journal.entries.length });
      expect(await replicas[1]?.ping()).toBe(true);
    } finally {
      for (const r of replicas) await r.close();
      await empty.drop();
    }
  });
});
