import { AppError } from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAllowedWidth, isValidKey, type MediaService, negotiateFormat } from './service.js';

const Query = z.object({
  w: z.coerce
    .number()
    .int()
    .refine(isAllowedWidth, { message: 'width must be one of the device widths of spec §9' })
    .optional(),
});

/** GET /media/{key}?w=: image renditions by width and by the formats the client accepts (DESIGN §7). */
export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaService }> = async (app, { media }) => {
  app.get('/*', { schema: { querystring: Query, hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isValidKey(key)) throw new AppError('NOT_EXIST');
    const format = negotiateFormat(request.headers.accept);
    const image = await media.rendition(key, request.query.w, format);
    if (!image) throw new AppError('NOT_EXIST');
    return reply
      .header('content-type', `image/${image.format}`)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('vary', 'Accept')
      .send(image.data);
  });
};
