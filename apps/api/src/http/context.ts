import { API_HEADERS, AppError, ClientPlatform, getBrand } from '@balcony/contracts';
import type { FastifyRequest } from 'fastify';
import type { AdminContext, MemberContext, ServiceContext, Services } from '../context.js';
import type { Db } from '../db/client.js';

/** Zones already found valid: building a DateTimeFormat to check one costs more than a cached read. */
const knownZones = new Set<string>();

function isTimeZone(zone: string): boolean {
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    return false;
  }
  // Valid zones are a few hundred names, so the set stays small whatever clients send.
  knownZones.add(zone);
  return true;
}

/**
 * The service context of a /api/v1 call, from the headers that spec §7 requires on every call
 * (checked here). The caller starts as a visitor; the auth guard sets the member.
 */
export function createServiceContext(request: FastifyRequest, db: Db, services: Services): ServiceContext {
  const brandId = request.headers[API_HEADERS.brand];
  const brand = getBrand(typeof brandId === 'string' ? brandId : undefined);
  if (!brand) throw new AppError('UNKNOWN_BRAND');
  const platform = ClientPlatform.safeParse(request.headers[API_HEADERS.platform]);
  if (!platform.success) throw new AppError('INVALID_HEADER', { header: API_HEADERS.platform });
  // Fastify lower-cases header names.
  const zone = request.headers[API_HEADERS.timeZone.toLowerCase()];
  if (typeof zone !== 'string' || !isTimeZone(zone)) {
    throw new AppError('INVALID_HEADER', { header: API_HEADERS.timeZone });
  }
  const adultAnswer = request.headers[API_HEADERS.notLoggedInAdult];
  return {
    db,
    brand,
    platform: platform.data,
    timeZone: zone,
    notLoggedInAdult: typeof adultAnswer === 'string' ? adultAnswer : undefined,
    user: null,
    authTime: null,
    clientIp: request.clientIp,
    clientCountry: request.clientCountry,
    now: new Date(),
    log: request.log,
    services,
    inTransaction: false,
  };
}

/**
 * The context of a route behind `authGuard.requireUser`, typed as a member's. Throws
 * NOT_LOGIN_USER if a route forgot the guard, so a visitor never reaches member code.
 */
export function memberContext(request: FastifyRequest): MemberContext {
  const { ctx } = request;
  if (!ctx.user || !ctx.authTime) throw new AppError('NOT_LOGIN_USER');
  return { ...ctx, user: ctx.user, authTime: ctx.authTime };
}

/** The context of an admin route, once `adminGuard` has named the admin (NOT_LOGIN_USER if it did not run). */
export function adminContext(request: FastifyRequest): AdminContext {
  if (!request.admin) throw new AppError('NOT_LOGIN_USER');
  return { ...request.ctx, admin: request.admin };
}
