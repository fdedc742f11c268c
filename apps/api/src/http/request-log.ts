import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** A read that took this long is always logged, whatever the sampling (decision 0304). */
export const SLOW_READ_MS = 250;

/**
 * One log line per request (decision 0291): "request completed" at info, with the request, the
 * status and the time taken. Fastify's default adds an "incoming request" line first, which
 * doubled the logging cost of a cached catalogue read (7.5 % of its CPU in a profile of `bench
 * api`); that line is kept at debug, for following a request that never ends.
 *
 * Successful quick reads (GET or HEAD, below 400, under SLOW_READ_MS) are logged one in
 * `readSample` (decision 0304): at thousands of catalogue reads a second their lines cost a
 * cached read about a seventh of its throughput, and `http_requests_total` and the latency
 * histogram still count every one. Writes, refusals, errors and slow reads are always logged.
 */
export class OneLinePerRequest extends LogController {
  readonly #readSample: number;
  #reads = 0;

  /** @param readSample log one in this many successful quick reads (1: every one) */
  constructor(readSample = 1) {
    super();
    this.#readSample = readSample;
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    if (this.#skipped(request, reply)) return;
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  /** Whether this answer is a quick successful read left out by the sampling. */
  #skipped(request: FastifyRequest, reply: FastifyReply): boolean {
    if (this.#readSample <= 1) return false;
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (!read || reply.statusCode >= 400 || reply.elapsedTime >= SLOW_READ_MS) return false;
    this.#reads = (this.#reads + 1) % this.#readSample;
    return this.#reads !== 1;
  }
}
