import { EpisodeOffer, IdParams, ReadingPosition, SaveProgressBody, ViewerResponse } from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../http/route.js';
import * as viewer from './service.js';

export const viewerRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['viewer']);

  route({
    method: 'GET',
    url: '/episodes/:id/viewer',
    summary: 'Pages of an episode the caller may read; paid pages through short-lived signed URLs',
    // Free episodes are open to visitors; a session that ended answers NOT_FOUND_ACCESS_TOKEN.
    access: 'reader',
    params: IdParams,
    response: ViewerResponse,
    handler: (ctx, { params }) => viewer.episodeViewer(ctx, params.id),
  });

  route({
    method: 'GET',
    url: '/episodes/:id/offer',
    summary:
      'What opening an episode takes for the caller: prices, sale type, access and the ticket (the locked viewer)',
    access: 'reader',
    params: IdParams,
    response: EpisodeOffer,
    handler: (ctx, { params }) => viewer.episodeOffer(ctx, params.id),
  });

  route({
    method: 'PUT',
    url: '/episodes/:id/progress',
    summary: 'Keep where the member stopped reading an episode',
    access: 'reader-member',
    params: IdParams,
    body: SaveProgressBody,
    response: ReadingPosition,
    handler: (ctx, { params, body }) => viewer.saveProgress(ctx, params.id, body),
  });
};
