import {
  FreetimeTicketList,
  FreetimeTicketsQuery,
  FreetimeUseResult,
  IdParams,
  UseFreetimeRequest,
} from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../http/route.js';
import * as freetime from './service.js';

/** The wait-until-free ticket (issue 12). */
export const freetimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['freetime']);

  route({
    method: 'POST',
    url: '/episodes/:id/freetime',
    summary: "Use the series' wait-until-free ticket on an episode: a FREETIME unlock of 72 hours (idempotent by key)",
    access: 'member',
    params: IdParams,
    body: UseFreetimeRequest,
    response: FreetimeUseResult,
    handler: (ctx, { params, body }) => freetime.useTicket(ctx, params.id, body),
  });

  route({
    method: 'GET',
    url: '/freetime/tickets',
    summary: "When the member's wait-until-free ticket of each series is back (null: ready now)",
    access: 'member',
    query: FreetimeTicketsQuery,
    response: FreetimeTicketList,
    handler: (ctx, { query }) => freetime.tickets(ctx, query.seriesIds),
  });
};
