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
    /** The caller on routes open to visitors too: the member when a bearer came, else null. */
    member: UserRow | null;
  }
}

function bearerOf(request: FastifyRequest): string {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
}

/** Reads the bearer token: missing → NOT_LOGIN_USER, expired → NEED_TO_REFRESH, forged → MALFORMED_JWT. */
export function createAuthGuard(deps: { db: Db; tokens: TokenSigner }) {
  return {
    async requireUser(request: FastifyRequest): Promise<void> {
      const token = bearerOf(request);
      if (!token) throw new AppError('NOT_LOGIN_USER');
      const session = await authenticateSession(deps, token, request.ctx.brand.id, request.ctx.now);
      request.user = session.user;
      request.authTime = session.authTime;
    },
    /** For routes visitors may call: a bearer, when sent, must be valid (NEED_TO_REFRESH, MALFORMED_JWT). */
    async optionalUser(request: FastifyRequest): Promise<void> {
      const token = bearerOf(request);
      request.member = token
        ? (await authenticateSession(deps, token, request.ctx.brand.id, request.ctx.now)).user
        : null;
    },
  };
}

export type AuthGuard = ReturnType<typeof createAuthGuard>;
