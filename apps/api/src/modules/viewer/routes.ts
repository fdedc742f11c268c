import {
  AppError,
  IdParams,
  ReadingPosition,
  SaveProgressBody,
  successEnvelope,
  ViewerResponse,
} from '@balcony/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { ok } from '../../http/envelope.js';
import { RequiredHeaders } from '../../http/headers.js';
import type { AuthGuard } from '../auth/guard.js';
import * as viewer from './service.js';
import type { PageUrlSigner } from './signing.js';

/** A bearer the viewer cannot use any more (forged, other brand, account gone) ends the session: spec §8 NOT_FOUND_ACCESS_TOKEN. */
const ENDED_SESSION_CODES = new Set(['MALFORMED_JWT', 'NOT_LOGIN_USER', 'WITHDRAWAL']);

export const viewerRoutes: FastifyPluginAsyncZod<{ db: Db; guard: AuthGuard; signer: PageUrlSigner }> = async (
  app,
  { db, guard, signer },
) => {
  const tags = ['viewer'];
  app.addHook('preHandler', async (request) => {
    try {
      await guard.optionalUser(request);
    } catch (error) {
      if (error instanceof AppError && ENDED_SESSION_CODES.has(error.code))
        throw new AppError('NOT_FOUND_ACCESS_TOKEN');
      throw error;
    }
  });
  const ctx = (request: FastifyRequest) => ({ ...request.ctx, db, user: request.member, signer });

  app.get(
    '/episodes/:id/viewer',
    {
      schema: {
        tags,
        summary: 'Pages of an episode the caller may read; paid pages through short-lived signed URLs',
        headers: RequiredHeaders,
        params: IdParams,
        response: { 200: successEnvelope(ViewerResponse) },
      },
    },
    async (request) => ok(await viewer.episodeViewer(ctx(request), request.params.id)),
  );

  app.put(
    '/episodes/:id/progress',
    {
      schema: {
        tags,
        summary: 'Keep where the member stopped reading an episode',
        headers: RequiredHeaders,
        params: IdParams,
        body: SaveProgressBody,
        response: { 200: successEnvelope(ReadingPosition) },
      },
    },
    async (request) => {
      const member = request.member;
      if (!member) throw new AppError('NOT_LOGIN_USER');
      return ok(await viewer.saveProgress({ ...ctx(request), user: member }, request.params.id, request.body));
    },
  );
};
