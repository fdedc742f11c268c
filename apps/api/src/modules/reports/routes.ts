import {
  CouponsReport,
  FreetimeReport,
  REPORT_KINDS,
  ReadersReport,
  ReportQuery,
  SalesReport,
  SeriesReport,
} from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminContext } from '../../http/context.js';
import { RequiredHeaders } from '../../http/headers.js';
import { adminRouteOptions, routesOf } from '../../http/route.js';
import * as reports from './service.js';

const FINANCE = ['FINANCE'] as const;

/** The console's dashboards (issue 15 item 7): figures per day or series, each also as CSV. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['admin']);

  route({
    method: 'GET',
    url: '/admin/reports/sales',
    summary: 'Paid orders, their amount and the coins they charged, and refunds, per day and currency',
    access: { admin: FINANCE },
    query: ReportQuery,
    response: SalesReport,
    handler: (ctx, { query }) => reports.sales(ctx, query),
  });

  route({
    method: 'GET',
    url: '/admin/reports/series',
    summary: 'Coins spent per series, its buyers and readers, the most coins first',
    access: { admin: FINANCE },
    query: ReportQuery,
    response: SeriesReport,
    handler: (ctx, { query }) => reports.series(ctx, query),
  });

  route({
    method: 'GET',
    url: '/admin/reports/readers',
    summary: 'Active members per day: reading, buying or signing in',
    access: { admin: FINANCE },
    query: ReportQuery,
    response: ReadersReport,
    handler: (ctx, { query }) => reports.readers(ctx, query),
  });

  route({
    method: 'GET',
    url: '/admin/reports/freetime',
    summary: 'Wait-until-free tickets used per day',
    access: { admin: FINANCE },
    query: ReportQuery,
    response: FreetimeReport,
    handler: (ctx, { query }) => reports.freetime(ctx, query),
  });

  route({
    method: 'GET',
    url: '/admin/reports/coupons',
    summary: 'Coupon registrations per day',
    access: { admin: FINANCE },
    query: ReportQuery,
    response: CouponsReport,
    handler: (ctx, { query }) => reports.coupons(ctx, query),
  });

  // Each table as a CSV file to download: not JSON in the envelope, so declared without `routesOf`
  // (a failure is still the envelope).
  const financeOnly = adminRouteOptions(FINANCE);
  for (const kind of REPORT_KINDS) {
    app.route({
      method: 'GET',
      url: `/admin/reports/${kind}.csv`,
      config: financeOnly.config,
      onRequest: financeOnly.onRequest,
      schema: {
        tags: ['admin'],
        summary: `The ${kind} report as CSV`,
        ...financeOnly.docs,
        headers: RequiredHeaders,
        querystring: ReportQuery,
        response: { 200: z.string() },
      },
      handler: async (request, reply) => {
        const { fileName, csv } = await reports.reportCsv(adminContext(request), kind, request.query as ReportQuery);
        reply
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .type('text/csv; charset=utf-8');
        return csv;
      },
    });
  }
};
