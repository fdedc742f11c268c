import { type AdminRole, AppError, adminMay } from '@balcony/contracts';
import type { FastifyRequest } from 'fastify';
import { authenticate } from './accounts.js';

// The one place an admin-session bearer becomes the caller of an admin route. It runs when the
// request arrives, before its body is read or validated: a caller without the role learns
// nothing about the route's input and sends no upload through.

export function bearerOf(request: FastifyRequest): string {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
}

/**
 * No admin session (none, a reader's token, ended, idle, disabled) → NOT_LOGIN_USER; an admin
 * without one of `roles`, or not allowed in the request's brand → FORBIDDEN.
 */
export function adminGuard(roles: readonly AdminRole[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const admin = await authenticate(request.ctx.db, bearerOf(request), request.ctx.now);
    if (!admin) throw new AppError('NOT_LOGIN_USER');
    const inBrand = admin.brandIds.length === 0 || admin.brandIds.includes(request.ctx.brand.id);
    if (!inBrand || !adminMay(admin.roles, roles)) throw new AppError('FORBIDDEN');
    request.admin = admin;
  };
}
