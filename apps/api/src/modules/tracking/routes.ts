import {
  AppError,
  FacebookConversionAnswer,
  FacebookConversionRequest,
  LoggerAnswer,
  LoggerRequest,
} from '@balcony/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../http/route.js';
import { type ConversionSender, createConversionSender, type TrackingSettings } from './facebook.js';
import * as tracking from './service.js';

/**
 * Spec §7 POST /api/logger and POST /third-party/facebook/conversion (decisions 0261, 0262): open
 * to visitors (a page view happens before any login), limited per client address. The web sends
 * them only with the reader's consent (decision 0263).
 */
export const trackingRoutes: FastifyPluginAsyncZod<{ settings: TrackingSettings; sender?: ConversionSender }> = async (
  app,
  { settings, sender = createConversionSender(settings.facebook, app.log) },
) => {
  const route = routesOf(app, ['tracking']);
  const limiter = app.createRateLimit({
    max: settings.perMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `tracking:${request.clientIp}`,
  });
  const limited = async (request: FastifyRequest) => {
    const outcome = await limiter(request);
    if (!outcome.isAllowed && outcome.isExceeded) throw new AppError('TOO_MANY_REQUESTS');
  };

  route({
    method: 'POST',
    url: '/logger',
    summary: 'A client log line (info, warn, error or an event; debug is never sent) written to the api log',
    access: 'visitor',
    body: LoggerRequest,
    response: LoggerAnswer,
    handler: async (ctx, { body }, { request }) => {
      await limited(request);
      return tracking.writeClientLog(ctx, body);
    },
  });

  route({
    method: 'POST',
    url: '/third-party/facebook/conversion',
    summary: 'A page view, sign-up or purchase passed on to the configured conversion endpoint',
    access: 'visitor',
    body: FacebookConversionRequest,
    response: FacebookConversionAnswer,
    handler: async (ctx, { body }, { request }) => {
      await limited(request);
      return tracking.sendConversion(ctx, sender, body, { userAgent: request.headers['user-agent'] });
    },
  });
};
