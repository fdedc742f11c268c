import { AppError } from '@balcony/contracts';
import type { FastifyRequest } from 'fastify';
import { authenticate } from './sessions.js';

// The one place a bearer becomes the caller of `request.ctx` (user and auth time).

function bearerOf(request: FastifyRequest): string {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
}

async function signIn(request: FastifyRequest, token: string): Promise<void> {
  const { user, authTime } = await authenticate(request.ctx, token);
  request.ctx = { ...request.ctx, user, authTime };
}

/** A bearer the viewer cannot use any more (forged, other brand, account gone) ends the session. */
const ENDED_SESSION_CODES = new Set(['MALFORMED_JWT', 'NOT_LOGIN_USER', 'WITHDRAWAL']);

export const authGuard = {
  /** Members only: missing → NOT_LOGIN_USER, expired → NEED_TO_REFRESH, forged → MALFORMED_JWT. */
  async requireUser(request: FastifyRequest): Promise<void> {
    const token = bearerOf(request);
    if (!token) throw new AppError('NOT_LOGIN_USER');
    await signIn(request, token);
  },
  /** For routes visitors may call: a bearer, when sent, must be valid (NEED_TO_REFRESH, MALFORMED_JWT). */
  async optionalUser(request: FastifyRequest): Promise<void> {
    const token = bearerOf(request);
    if (token) await signIn(request, token);
  },
  /** As `optionalUser`, for the viewer: a session that ended answers spec §8 NOT_FOUND_ACCESS_TOKEN (log out). */
  async viewerUser(request: FastifyRequest): Promise<void> {
    try {
      await authGuard.optionalUser(request);
    } catch (error) {
      if (error instanceof AppError && ENDED_SESSION_CODES.has(error.code))
        throw new AppError('NOT_FOUND_ACCESS_TOKEN');
      throw error;
    }
  },
  /** Members only, for the viewer: as `requireUser`, but a session that ended answers NOT_FOUND_ACCESS_TOKEN. */
  async viewerMember(request: FastifyRequest): Promise<void> {
    if (!bearerOf(request)) throw new AppError('NOT_LOGIN_USER');
    await authGuard.viewerUser(request);
  },
};

export type AuthGuard = typeof authGuard;
