import { AppError } from '@balcony/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { UserRow } from './repo.js';
import { authenticateSession } from './service.js';
import type { TokenSigner } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow;
    /** When the signed-in user logged in (the access token's auth time). */
    authTime: Date;
  }
}

/** Reads the bearer token: missing → NOT_LOGIN_USER, expired → NEED_TO_REFRESH, forged → MALFORMED_JWT. */
export function createAuthGuard(deps: { db: Db; tokens: TokenSigner }) {
  return {
    async requireUser(request: FastifyRequest): Promise<void> {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
      if (!token) throw new AppError('NOT_LOGIN_USER');
      const session = await authenticateSession(deps, token, request.ctx.brand.id, request.ctx.now);
      request.user = session.user;
      request.authTime = session.authTime;
    },
  };
}

export type AuthGuard = ReturnType<typeof createAuthGuard>;
