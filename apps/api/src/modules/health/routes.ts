import { timingSafeEqual } from 'node:crypto';
import { ApiHealth, ApiReadiness, AppError } from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import { type Metrics, metricsFormatOf } from '../../metrics.js';
import { RETRY_AFTER_SECONDS, type Readiness } from './readiness.js';

// Under load these routes are never shed: a busy replica is alive and still ready (taking every
// busy replica out of the balancer at once would only move the load), and its metrics say why.
const NEVER_SHED = { pressureHandler: () => undefined };

/** GET /_/health: always 200, with the state of each dependency (DESIGN §3). */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; readiness: Readiness }> = async (
  app,
  { database, readiness },
) => {
  app.get('/_/health', { schema: { response: { 200: ApiHealth } }, config: NEVER_SHED }, async () => {
    const up = await database.ping();
    return {
      status: up ? ('ok' as const) : ('degraded' as const),
      database: { kind: database.kind, status: up ? ('ok' as const) : ('down' as const) },
    };
  });

  // GET /_/ready: 200 only when this replica should take traffic (decision 0214).
  const readySchema = { response: { 200: ApiReadiness, 503: ApiReadiness } };
  app.get('/_/ready', { schema: readySchema, config: NEVER_SHED }, async (_request, reply) => {
    const status: ApiReadiness['status'] =
      readiness.phase !== 'ready' ? readiness.phase : (await database.ping()) ? 'ready' : 'database-down';
    if (status !== 'ready') reply.status(503).header('retry-after', RETRY_AFTER_SECONDS);
    return { status };
  });
};

/**
 * GET /metrics: Prometheus text, for a bearer of METRICS_TOKEN (decision 0216). Registered only
 * when the token is set, so without it the path answers 404 like any unknown one.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{ metrics: Metrics; token: string }> = async (
  app,
  { metrics, token },
) => {
  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { config: NEVER_SHED, schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('FORBIDDEN');
    const { text, contentType } = await metrics.exposition(metricsFormatOf(request.headers.accept));
    reply.header('content-type', contentType);
    return text;
  });
};
