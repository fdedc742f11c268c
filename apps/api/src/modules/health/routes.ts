import { ApiHealth } from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';

/** GET /_/health: always 200, with the state of each dependency (DESIGN §3). */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get('/_/health', { schema: { response: { 200: ApiHealth } } }, async () => {
    const up = await database.ping();
    return {
      status: up ? ('ok' as const) : ('degraded' as const),
      database: { kind: database.kind, status: up ? ('ok' as const) : ('down' as const) },
    };
  });
};
