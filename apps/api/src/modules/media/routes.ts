import { AppError, MediaQuery } from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { SharedCache } from '../../shared-cache.js';
import { isProtectedPageImage } from '../catalog/service.js';
import { acceptedFormats, isValidKey, type MediaService } from './service.js';
import type { PageUrlSigner } from './signing.js';

/**
 * GET /media/{key}?w=: image renditions by width and by the formats the client accepts (DESIGN §7).
 * Pages of paid episodes and of adult series need the viewer's signature (`exp`, `sig`) and are cached privately until
 * it expires; everything else is public and immutable.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{
  media: MediaService;
  db: Db;
  signer: PageUrlSigner;
  cache: SharedCache;
}> = async (app, { media, db, signer, cache }) => {
  app.get('/*', { schema: { querystring: MediaQuery, hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isValidKey(key)) throw new AppError('NOT_EXIST');
    const { exp, sig, w } = request.query;
    const now = new Date();
    const signed = exp !== undefined && sig !== undefined && signer.verify(key, exp, sig, now);
    if (!signed && (await isProtectedPageImage(cache, db, key))) throw new AppError('UNAUTHORIZED_CONTENTS');
    const image = await media.rendition(key, w, acceptedFormats(request.headers.accept));
    if (!image) throw new AppError('NOT_EXIST');
    const cacheControl = signed
      ? `private, max-age=${Math.max(0, Math.floor((exp * 1000 - now.getTime()) / 1000))}`
      : 'public, max-age=31536000, immutable';
    return reply
      .header('content-type', `image/${image.format}`)
      .header('cache-control', cacheControl)
      .header('vary', 'Accept')
      .send(image.data);
  });
};
