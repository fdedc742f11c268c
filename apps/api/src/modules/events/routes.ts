import {
  AdminEvent,
  AdminEventList,
  AdminRouletteAudit,
  AttendanceResult,
  EmoticonRequest,
  EmoticonResult,
  EventDetail,
  EventIdParams,
  EventInput,
  EventList,
  EventTheme,
  EventThemeInput,
  EventThemeList,
  RouletteTickets,
  SpinRequest,
  SpinResult,
  ThemeIdParams,
  TicketGrantRequest,
  TicketGrantResult,
} from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../http/route.js';
import * as events from './service.js';

/** Events (spec §2 /event, /roulette, /benefit); the console creates and schedules them. */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['events']);

  route({
    method: 'GET',
    url: '/events',
    summary: 'The events running now in the brand, with what each gives (also the benefit page)',
    access: 'visitor',
    response: EventList,
    handler: (ctx) => events.running(ctx),
  });

  route({
    method: 'GET',
    url: '/events/:eventId',
    summary: 'A running event; for a member also their stamps, tickets, spins and reaction',
    access: 'visitor',
    params: EventIdParams,
    response: EventDetail,
    handler: (ctx, { params }) => events.detail(ctx, params.eventId),
  });

  route({
    method: 'GET',
    url: '/events/themes/:themeId',
    summary: 'The colours and banner of an event theme',
    access: 'visitor',
    params: ThemeIdParams,
    response: EventTheme,
    handler: (ctx, { params }) => events.theme(ctx, params.themeId),
  });

  route({
    method: 'POST',
    url: '/events/:eventId/attendance',
    summary: "Stamp today's attendance (once a day in the brand's zone) and receive its rewards",
    access: 'member',
    params: EventIdParams,
    response: AttendanceResult,
    handler: (ctx, { params }) => events.stamp(ctx, params.eventId),
  });

  route({
    method: 'POST',
    url: '/events/:eventId/roulette/spin',
    summary:
      'Spend one roulette ticket: the server draws the prize and credits it (the same key answers the same spin)',
    access: 'member',
    params: EventIdParams,
    body: SpinRequest,
    response: SpinResult,
    handler: (ctx, { params, body }) => events.spin(ctx, params.eventId, body),
  });

  route({
    method: 'POST',
    url: '/events/:eventId/emoticon',
    summary: 'React once to an emoticon event and receive its reward',
    access: 'member',
    params: EventIdParams,
    body: EmoticonRequest,
    response: EmoticonResult,
    handler: (ctx, { params, body }) => events.react(ctx, params.eventId, body),
  });

  route({
    method: 'GET',
    url: '/roulette/tickets',
    summary: "The member's roulette tickets left",
    access: 'member',
    response: RouletteTickets,
    handler: (ctx) => events.tickets(ctx),
  });

  route({
    method: 'GET',
    url: '/admin/events',
    summary: 'Every event of the brand with its status and participants (admins)',
    access: { admin: ['CONTENT'] },
    response: AdminEventList,
    handler: (ctx) => events.adminList(ctx),
  });

  route({
    method: 'POST',
    url: '/admin/events',
    summary: 'Create and schedule an event (admins; audited)',
    access: { admin: ['CONTENT'] },
    body: EventInput,
    response: AdminEvent,
    handler: (ctx, { body }) => events.create(ctx, body),
  });

  route({
    method: 'PUT',
    url: '/admin/events/:eventId',
    summary: "Change an event's schedule, texts, rewards or prizes (admins; audited)",
    access: { admin: ['CONTENT'] },
    params: EventIdParams,
    body: EventInput,
    response: AdminEvent,
    handler: (ctx, { params, body }) => events.update(ctx, params.eventId, body),
  });

  route({
    method: 'GET',
    url: '/admin/events/:eventId/audit',
    summary: "A roulette's draw seed and every spin, to recompute each draw (admins)",
    access: { admin: ['CONTENT', 'FINANCE'] },
    params: EventIdParams,
    response: AdminRouletteAudit,
    handler: (ctx, { params }) => events.audit(ctx, params.eventId),
  });

  route({
    method: 'GET',
    url: '/admin/event-themes',
    summary: "The brand's event themes (admins)",
    access: { admin: ['CONTENT'] },
    response: EventThemeList,
    handler: (ctx) => events.adminThemes(ctx),
  });

  route({
    method: 'POST',
    url: '/admin/event-themes',
    summary: 'Create an event theme (admins; audited)',
    access: { admin: ['CONTENT'] },
    body: EventThemeInput,
    response: EventTheme,
    handler: (ctx, { body }) => events.createTheme(ctx, body),
  });

  route({
    method: 'POST',
    url: '/admin/roulette-tickets',
    summary: 'Grant roulette tickets to a member (admins; idempotent by key; audited)',
    access: { admin: ['FINANCE'] },
    body: TicketGrantRequest,
    response: TicketGrantResult,
    handler: (ctx, { body }) => events.grantTickets(ctx, body),
  });
};
