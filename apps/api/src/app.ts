import { randomUUID } from 'node:crypto';
import { type AdminRole, BRANDS, type PaymentMethod, REQUEST_TIMEOUT_MS } from '@balcony/contracts';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { AdminPrincipal, ServiceContext, Services } from './context.js';
import type { Database } from './db/client.js';
import { renderDemoImage } from './db/seed/demo-images.js';
import { createClientAddressReader } from './http/client-address.js';
import { createServiceContext } from './http/context.js';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  refuseInvalidPreflight,
  registerErrorHandling,
} from './http/errors.js';
import { createSensitiveLimits } from './http/rate-limits.js';
import { connectRedis, shareAccountChanges, shareInvalidations } from './http/redis.js';
import { OneLinePerRequest } from './http/request-log.js';
import { DOCUMENT_HEADERS, SECURITY_HEADERS } from './http/security-headers.js';
import { webPageDrops } from './http/web-pages.js';
import { startJobs } from './jobs.js';
import { createMetrics, type Metrics } from './metrics.js';
import { accountRoutes } from './modules/account/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { totpKeys } from './modules/admin/totp.js';
import { appleGuestRoutes } from './modules/apple-guest/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { createSocialProviders } from './modules/auth/social/providers.js';
import { socialRoutes } from './modules/auth/social/routes.js';
import { createTokenSigner } from './modules/auth/tokens.js';
import { catalogAdminRoutes } from './modules/catalog/admin-routes.js';
import { createPublicationClock } from './modules/catalog/publication-clock.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { commentRoutes } from './modules/comments/routes.js';
import { contactRoutes } from './modules/contact/routes.js';
import { couponRoutes } from './modules/coupons/routes.js';
import { eventRoutes } from './modules/events/routes.js';
import { freetimeRoutes } from './modules/freetime/routes.js';
import { giftRoutes } from './modules/gifts/routes.js';
import { expireDue as expireGifts } from './modules/gifts/service.js';
import { enterPhase, type Readiness, refuseUnlessReady, shedUnderPressure } from './modules/health/readiness.js';
import { healthRoutes, metricsRoutes } from './modules/health/routes.js';
import { createSandboxIdentityProvider } from './modules/identity/provider.js';
import { identityRoutes } from './modules/identity/routes.js';
import { libraryRoutes } from './modules/library/routes.js';
import { createMailer } from './modules/mail/mailer.js';
import { refuseAppsInMaintenance } from './modules/maintenance/guard.js';
import { maintenanceRoutes } from './modules/maintenance/routes.js';
import { createMaintenanceSwitchboard } from './modules/maintenance/service.js';
import { mediaRoutes } from './modules/media/routes.js';
import { createMediaService } from './modules/media/service.js';
import { createPageUrlSigner } from './modules/media/signing.js';
import { openMediaStores } from './modules/media/store.js';
import { type AppPushSenders, createApnsSender, createFcmSender } from './modules/notifications/app-push-sender.js';
import { createWebPushSender } from './modules/notifications/push-sender.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import * as notifications from './modules/notifications/service.js';
import { purchaseRoutes } from './modules/purchases/routes.js';
import { reportRoutes } from './modules/reports/routes.js';
import { createSandboxProvider, type PaymentProvider, type PaymentProviders } from './modules/shop/providers.js';
import { shopRoutes } from './modules/shop/routes.js';
import { createStripeClient, createStripeProvider } from './modules/shop/stripe.js';
import { stripeWebhookRoutes } from './modules/shop/webhook-routes.js';
import { createSmsSender } from './modules/sms/sender.js';
import { supportRoutes } from './modules/support/routes.js';
import { trackingRoutes } from './modules/tracking/routes.js';
import { transferRoutes } from './modules/transfer/routes.js';
import { createTransferSigner } from './modules/transfer/signing.js';
import { createAccountCache } from './modules/users/account-cache.js';
import { viewerRoutes } from './modules/viewer/routes.js';
import { walletRoutes } from './modules/wallet/routes.js';
import { expireDue } from './modules/wallet/service.js';
import { createSharedCache, type SharedCache } from './shared-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared catalog answers; whoever changes the catalog outside a request calls `invalidate()`. */
    catalogCache: SharedCache;
    /** Starting, ready or draining: what GET /_/ready answers (decision 0214). */
    readiness: Readiness;
    /** This process's Prometheus metrics (GET /metrics). */
    metrics: Metrics;
    /** The collaborators every service context carries, for work at start (server.ts). */
    services: Services;
  }
  interface FastifyRequest {
    /** Built once per /api/v1 request (createServiceContext); the auth guard sets its caller. */
    ctx: ServiceContext;
    /** The reader's address: relayed by the web (signed) or from the socket and trusted proxies. */
    clientIp: string;
    /** The reader's country (ISO alpha-2): relayed by the web (signed) or the CDN's header. */
    clientCountry: string | undefined;
    /** The console admin of an admin route, set by its guard (modules/admin/guard.ts). */
    admin: AdminPrincipal | null;
  }
  interface FastifyContextConfig {
    /** The roles an admin route is open to (OWNER besides); the route-table test reads it. */
    adminRoles?: readonly AdminRole[];
  }
}

export interface AppDeps {
  config: AppConfig;
  database: Database;
  /** server.ts passes its own, starting as `migrating`; an app built without one is ready. */
  readiness?: Readiness;
}

/** Fastify's `trustProxy` for TRUST_PROXY: a hop count becomes the function proxy-addr expects. */
function trustedProxies(setting: AppConfig['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** A currency's minor unit as the brands count it (EUR 2, JPY 0, TWD 0). */
function minorUnitsOf(currency: string): number {
  return Object.values(BRANDS).find((b) => b.currency === currency)?.currencyMinorUnits ?? 2;
}

/** The payment providers the config turns on, by method (DESIGN §5). */
function paymentProviders(settings: AppConfig['payments']): PaymentProviders {
  const providers = new Map<PaymentMethod, PaymentProvider>();
  if (settings.sandbox) providers.set('SANDBOX', createSandboxProvider());
  if (settings.stripe) {
    providers.set('STRIPE', createStripeProvider(createStripeClient(settings.stripe), minorUnitsOf));
  }
  return providers;
}

/** The long-lived collaborators every service context carries (built once per app). */
export function createServices(
  config: AppConfig,
  log: FastifyBaseLogger,
  metrics: Metrics = createMetrics({ processMetrics: false }),
): Services {
  return {
    tokens: createTokenSigner(config.auth),
    mailer: createMailer({ ...config.mail, log }),
    sms: createSmsSender({ ...config.sms, log }),
    identity: config.identity.sandbox ? createSandboxIdentityProvider(config.auth.secret) : null,
    providers: createSocialProviders(config.social),
    signer: createPageUrlSigner(config.auth.secret),
    cache: createSharedCache({ ttlMs: config.catalogCache.ttlSeconds * 1000, maxBytes: config.catalogCache.maxBytes }),
    accounts: createAccountCache({ ttlMs: config.accountCacheMs }),
    payments: paymentProviders(config.payments),
    webOrigins: config.webOrigins,
    metrics,
    totp: totpKeys(config.auth.secret),
    transferSigner: createTransferSigner(config.transferSigningSecret ?? config.auth.secret),
    maintenance: createMaintenanceSwitchboard(config.maintenance ?? { brands: [], endsAt: null, cacheMs: 5000 }),
  };
}

/** Builds the API without listening, so tests drive it with `app.inject`. */
export async function buildApp({
  config,
  database,
  readiness = { phase: 'ready', since: Date.now() },
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    logController: new OneLinePerRequest(config.logReadSample),
    requestTimeout: REQUEST_TIMEOUT_MS,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Only configured proxies may say who the client is (DESIGN §11); by default none.
    trustProxy: trustedProxies(config.trustProxy),
    // Every answer is the envelope, also those Fastify and Node's parser give before any route.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // A closing app answers new requests itself, in the envelope (refuseUnlessReady).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.decorate('readiness', readiness);
  app.addHook('preClose', async () => enterPhase(readiness, 'draining'));
  app.addHook('onRequest', refuseUnlessReady(readiness));
  const metrics = createMetrics({ processMetrics: config.metricsToken !== undefined });
  app.decorate('metrics', metrics);
  metrics.watchPool(() => database.poolUse());
  // Every route counts its answers under its own pattern; the label sets are built here, once.
  app.addHook('onRoute', (route) => {
    const series = metrics.route([route.method].flat().join(','), route.url);
    route.onResponse = [
      ...[route.onResponse ?? []].flat(),
      (request, reply, done) => {
        series.answered(reply.statusCode, reply.elapsedTime, request.id);
        done();
      },
    ];
  });
  const unmatched = metrics.route('*', '(unmatched)');
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched.answered(reply.statusCode, reply.elapsedTime, request.id);
    done();
  });
  // Hooks that run on every request take `done` rather than returning a promise: each promise is
  // one more turn of the microtask queue on every read (decision 0291).
  app.addHook('onSend', (request, reply, _payload, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  const clientAddressOf = createClientAddressReader(config.relaySecret, config.countryHeader);
  app.decorateRequest('clientIp', '');
  app.decorateRequest('clientCountry', undefined);
  app.addHook('onRequest', (request, reply, done) => {
    const address = clientAddressOf(request);
    request.clientIp = address.ip;
    request.clientCountry = address.country;
    reply.headers(SECURITY_HEADERS);
    done();
  });
  app.addHook('onRequest', refuseInvalidPreflight);
  await app.register(cors, { origin: config.webOrigins, credentials: true });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Balcony webtoon API', version: '1.0.0' },
      servers: [],
      components: {
        securitySchemes: {
          adminSession: {
            type: 'http',
            scheme: 'bearer',
            description: 'An admin console session (POST /api/v1/admin/auth/login); each admin route names its roles.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The api's only documents: they get the document headers too (decision 0304).
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: {
      onRequest: (_request, reply, done) => {
        reply.headers(DOCUMENT_HEADERS);
        done();
      },
    },
  });
  // Limits apply only to routes that ask for one (login, codes, resets). With REDIS_URL every
  // replica counts in Redis; while Redis is down the limits are skipped rather than failing the
  // request (account locks still stop password guessing). Without it, in-process per replica.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : undefined;
  const services = createServices(config, app.log, metrics);
  app.decorate('catalogCache', services.cache);
  app.decorate('services', services);
  metrics.watchCatalogCache(() => services.cache.stats());
  // Each change made here also drops the web's visitor pages built from it (decision 0231).
  services.cache.onInvalidate(
    webPageDrops({
      baseUrls: config.webPageDropUrls ?? config.webOrigins,
      relaySecret: config.relaySecret,
      log: app.log,
    }),
  );
  metrics.watchJobBacklog('send-pushes', () => notifications.pushBacklog(database.db, new Date()));
  if (redis) {
    const unsubscribe = [
      await shareInvalidations(redis, services.cache, app.log),
      await shareAccountChanges(redis, services.accounts, app.log),
    ];
    app.addHook('onClose', async () => {
      for (const close of unsubscribe) await close();
      await redis.quit();
    });
  }
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => request.clientIp,
    ...(redis && { redis, skipOnError: true, nameSpace: 'balcony-rate-limit-' }),
  });

  // Demo images are drawn on first request (seed code), so seeding stays fast.
  const stores = openMediaStores({ mediaDir: config.mediaDir, s3: config.s3 });
  const media = createMediaService({ stores, log: app.log, drawMissing: renderDemoImage });
  app.decorate(
    'sensitiveLimits',
    createSensitiveLimits(app, { perAddress: config.sensitiveRateLimit, perAccount: config.accountRateLimit }),
  );

  // Shed load rather than queue without bound: while the mean event-loop delay is over the
  // threshold, calls answer 503 with Retry-After in the envelope (shedUnderPressure; decision 0215).
  if (config.loadShedEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: config.loadShedEventLoopDelayMs,
      pressureHandler: shedUnderPressure(readiness),
    });
  }
  await app.register(healthRoutes, { database, readiness });
  if (config.metricsToken) await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  const { stripe } = config.payments;
  if (stripe) {
    await app.register(stripeWebhookRoutes, {
      db: database.db,
      services,
      stripe: createStripeClient(stripe),
      webhookSecret: stripe.webhookSecret,
      toleranceSeconds: stripe.webhookToleranceSeconds,
    });
  }
  await app.register(mediaRoutes, {
    prefix: '/media',
    media,
    db: database.db,
    signer: services.signer,
    cache: services.cache,
  });
  await app.register(
    async (v1) => {
      v1.decorateRequest('ctx');
      v1.decorateRequest('admin', null);
      v1.addHook('onRequest', (request, _reply, done) => {
        request.ctx = createServiceContext(request, database.db, services);
        done();
      });
      // Apps get SERVICE_MAINTENANCE while their brand is under maintenance (decision 0253).
      v1.addHook('onRequest', refuseAppsInMaintenance);
      await v1.register(catalogRoutes);
      await v1.register(viewerRoutes);
      await v1.register(libraryRoutes);
      await v1.register(walletRoutes);
      await v1.register(shopRoutes);
      await v1.register(purchaseRoutes);
      await v1.register(freetimeRoutes);
      await v1.register(giftRoutes);
      await v1.register(authRoutes);
      await v1.register(socialRoutes);
      await v1.register(accountRoutes);
      await v1.register(adminRoutes);
      await v1.register(couponRoutes);
      await v1.register(reportRoutes);
      await v1.register(supportRoutes);
      await v1.register(commentRoutes);
      // Contact images: a private store, never served by /media (decision 0201).
      await v1.register(contactRoutes, { store: stores.private });
      // The console's content and home (issue 15 items 3 and 4): images into the public originals.
      await v1.register(catalogAdminRoutes, { store: stores.originals });
      await v1.register(transferRoutes);
      await v1.register(maintenanceRoutes);
      await v1.register(notificationRoutes, {
        vapidPublicKey: config.webPush.publicKey,
        pushServiceHosts: config.pushServiceHosts,
      });
      await v1.register(identityRoutes);
      await v1.register(appleGuestRoutes);
      await v1.register(trackingRoutes, { settings: config.tracking });
      await v1.register(eventRoutes);
    },
    { prefix: '/api/v1' },
  );

  if (config.jobsIntervalSeconds > 0) {
    const pushSender = createWebPushSender(config.webPush, app.log);
    const apns = config.appPush.apns && createApnsSender(config.appPush.apns, app.log);
    const appSenders: AppPushSenders = {
      ...(config.appPush.fcm && { FCM: createFcmSender(config.appPush.fcm, app.log) }),
      ...(apns && { APNS: apns }),
    };
    const jobs = [
      { name: 'expire-coins', run: (now: Date) => expireDue(database.db, now) },
      { name: 'expire-gifts', run: (now: Date) => expireGifts(database.db, now) },
      // Notifications (decisions 0208, 0209): find what happened, push what is due, forget after 30 days.
      { name: 'notification-triggers', run: (now: Date) => notifications.scanTriggers(database.db, now) },
      {
        name: 'send-pushes',
        run: (now: Date) => notifications.sendDuePushes(database.db, pushSender, now, appSenders),
      },
      { name: 'delete-old-notifications', run: (now: Date) => notifications.deleteExpired(database.db, now) },
    ];
    // Drops what shows the catalogue as it was the moment something scheduled is published
    // (decision 0287); a console change may have scheduled something sooner, so it looks again.
    const publications = createPublicationClock({
      db: database.db,
      cache: services.cache,
      log: app.log,
      ready: () => readiness.phase === 'ready',
    });
    services.cache.onInvalidate(() => publications.rearm());
    let stopJobs: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      await publications.start();
      stopJobs = startJobs(
        jobs,
        config.jobsIntervalSeconds * 1000,
        app.log,
        metrics,
        () => readiness.phase === 'ready',
      );
    });
    app.addHook('onClose', async () => {
      await stopJobs?.();
      await publications.stop();
      apns?.close();
    });
  }

  return app;
}
