import { createHash } from 'node:crypto';
import { AppError } from '@balcony/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// Routes that guess a secret or tell whether an account exists (login, codes, resets, sign-up)
// are limited twice: per client address (the route's `config`), and per targeted account, so a
// flood spread over many addresses still stops at the account it aims at (spec §8).

const ACCOUNT_WINDOW = '10 minutes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The limits of sensitive routes, declared by `routesOf` (http/route.ts). */
    sensitiveLimits: SensitiveLimits;
  }
}

export interface SensitiveLimits {
  /** Route `config`: at most `perAddress` requests a minute from one client address. */
  readonly address: { rateLimit: { max: number; timeWindow: string } };
  /**
   * A preHandler counting requests per account that `target` names (an e-mail, a user id, a
   * phone number); a request naming none is not counted here.
   */
  account(
    target: (request: FastifyRequest) => unknown,
  ): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/** The account a value names, as a fixed-size key: case and surrounding space do not make a new one. */
export function accountKey(route: string, value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const normal = String(value).normalize('NFKC').trim().toLowerCase();
  if (normal === '') return undefined;
  return `account:${route}:${createHash('sha256').update(normal).digest('base64url')}`;
}

export function createSensitiveLimits(
  app: FastifyInstance,
  opts: { perAddress: number; perAccount: number },
): SensitiveLimits {
  return {
    address: { rateLimit: { max: opts.perAddress, timeWindow: '1 minute' } },
    account(target) {
      const keyOf = (request: FastifyRequest) => accountKey(request.routeOptions.url ?? '', target(request));
      const limiter = app.createRateLimit({
        max: opts.perAccount,
        timeWindow: ACCOUNT_WINDOW,
        keyGenerator: (request) => keyOf(request) ?? '',
      });
      return async (request, reply) => {
        if (keyOf(request) === undefined) return;
        const outcome = await limiter(request);
        if (outcome.isAllowed || !outcome.isExceeded) return;
        reply.header('retry-after', outcome.ttlInSeconds);
        throw new AppError('TOO_MANY_REQUESTS');
      };
    },
  };
}
