import { AppError } from '@balcony/contracts';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { current } from './service.js';

// The api's side of maintenance for the apps (decision 0253), as auth/guard.ts is for sessions:
// HTTP in, one service call, a refusal out.

/** Retry-After when the operator gave no expected end. */
const DEFAULT_RETRY_AFTER_SECONDS = 300;

/** Calls that stay open during maintenance: the console's, and the state itself. */
function staysOpen(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path.startsWith('/api/v1/admin/') || path === '/api/v1/maintenance';
}

/**
 * onRequest of /api/v1 (after the context is built): an app's call (x-platform AND_PLAY, AND_PLUS
 * or IOS_APP) to a brand under maintenance answers SERVICE_MAINTENANCE, 503, with Retry-After
 * (seconds to the expected end). The web's calls pass: it shows /prepare itself (decision 0253).
 */
export function refuseAppsInMaintenance(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const { ctx } = request;
  // The web's calls, every read of the catalogue among them, pass without a promise (decision 0291).
  if (ctx.platform === 'WEB' || staysOpen(request.url)) {
    done();
    return;
  }
  current(ctx).then((state) => {
    if (!state.active) {
      done();
      return;
    }
    const left = state.endsAt ? Math.ceil((Date.parse(state.endsAt) - ctx.now.getTime()) / 1000) : 0;
    reply.header('retry-after', left > 0 ? left : DEFAULT_RETRY_AFTER_SECONDS);
    done(new AppError('SERVICE_MAINTENANCE'));
  }, done);
}
