import { MaintenanceState, MaintenanceSwitches, MaintenanceUpdate } from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../http/route.js';
import * as maintenance from './service.js';

/** The maintenance switch of spec §2 /prepare (decisions 0252, 0253). */
export const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['maintenance']);

  route({
    method: 'GET',
    url: '/maintenance',
    summary: "Whether the brand is under maintenance and its expected end (the web's /prepare)",
    access: 'public',
    response: MaintenanceState,
    handler: (ctx) => maintenance.current(ctx),
  });

  route({
    method: 'GET',
    url: '/admin/maintenance',
    summary: 'The maintenance switches of the brand and of every brand (admins)',
    access: { admin: ['CONTENT', 'SUPPORT', 'FINANCE'] },
    response: MaintenanceSwitches,
    handler: (ctx) => maintenance.switchesOf(ctx),
  });

  route({
    method: 'PUT',
    url: '/admin/maintenance',
    summary: 'Switch maintenance on with its expected end, or off, for the brand or every brand (owners)',
    access: { admin: ['OWNER'] },
    body: MaintenanceUpdate,
    response: MaintenanceSwitches,
    handler: (ctx, { body }) => maintenance.update(ctx, body),
  });
};
