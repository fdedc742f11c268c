import { API_HEADERS, AppError, type BrandConfig, ClientPlatform, getBrand } from '@balcony/contracts';
import type { FastifyRequest } from 'fastify';

/** Who is calling and for which brand: what every service receives besides its input. */
export interface RequestContext {
  brand: BrandConfig;
  platform: ClientPlatform;
  /** The caller's own zone (x-balcony-timeZone); brand rules use `brand.timeZone`. */
  timeZone: string;
  /** The Japanese visitor's adult-popup answer (spec §4), relayed by the web from its cookie. */
  notLoggedInAdult: string | undefined;
  now: Date;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Reads and checks the headers that spec §7 requires on every /api/v1 call. */
export function readRequestContext(request: FastifyRequest): RequestContext {
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
    brand,
    platform: platform.data,
    timeZone: zone,
    notLoggedInAdult: typeof adultAnswer === 'string' ? adultAnswer : undefined,
    now: new Date(),
  };
}
