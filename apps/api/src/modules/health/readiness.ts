import { AppError } from '@balcony/contracts';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

// Where a replica is in its life (decision 0214): server.ts listens at once (so liveness answers
// while another replica holds the migration lock), migrates and seeds, then turns ready; closing
// the app turns it to draining. Only a ready replica takes work.

export type ReadinessPhase = 'migrating' | 'ready' | 'draining';

export interface Readiness {
  phase: ReadinessPhase;
  /** When the phase began (epoch ms). */
  since: number;
}

export function enterPhase(readiness: Readiness, phase: ReadinessPhase, now = Date.now()): void {
  readiness.phase = phase;
  readiness.since = now;
}

/** Seconds a client or load balancer is asked to wait after a 503 (shed, starting or draining). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * How long a replica that just turned ready is not shed: the event-loop delay sampled then
 * (each second) still holds the start-up's own blocking work (migrations, seeding), not load.
 */
const SETTLING_MS = 2000;

/**
 * @fastify/under-pressure's `pressureHandler`: under pressure, a ready replica sheds the request
 * with 503 SERVICE_UNAVAILABLE and Retry-After in the envelope (a rejection reaches errors.ts);
 * resolving lets the request through.
 */
export function shedUnderPressure(readiness: Readiness) {
  return async (_request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (readiness.phase !== 'ready' || Date.now() - readiness.since < SETTLING_MS) return;
    reply.header('retry-after', RETRY_AFTER_SECONDS);
    throw new AppError('SERVICE_UNAVAILABLE');
  };
}

/** The routes that answer in every phase: liveness, readiness and metrics. */
function isOperational(url: string): boolean {
  return url.startsWith('/_/') || url === '/metrics';
}

/** onRequest: while migrating or draining, every call but the operational ones answers 503. */
export function refuseUnlessReady(readiness: Readiness) {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (readiness.phase === 'ready' || isOperational(request.url)) {
      done();
      return;
    }
    reply.header('retry-after', RETRY_AFTER_SECONDS);
    // A draining replica tells keep-alive clients to go elsewhere.
    if (readiness.phase === 'draining') reply.header('connection', 'close');
    done(new AppError('SERVICE_UNAVAILABLE'));
  };
}
