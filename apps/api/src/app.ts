import { randomUUID } from 'node:crypto';
import { BRANDS, type PaymentMethod, REQUEST_TIMEOUT_MS } from '@balcony/contracts';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { ServiceContext, Services } from './context.js';
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
import { startJobs } from './jobs.js';
import { createSandboxIdentityVerifier } from './modules/account/identity.js';
import { accountRoutes } from './modules/account/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { createSocialProviders } from './modules/auth/social/providers.js';
import { socialRoutes } from './modules/auth/social/routes.js';
import { createTokenSigner } from './modules/auth/tokens.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { commentRoutes } from './modules/comments/routes.js';
import { contactRoutes } from './modules/contact/routes.js';
import { couponRoutes } from './modules/coupons/routes.js';
import { freetimeRoutes } from './modules/freetime/routes.js';
import { giftRoutes } from './modules/gifts/routes.js';
import { expireDue as expireGifts } from './modules/gifts/service.js';
import { healthRoutes } from './modules/health/routes.js';
import { libraryRoutes } from './modules/library/routes.js';
import { createMailer } from './modules/mail/mailer.js';
import { mediaRoutes } from './modules/media/routes.js';
import { createMediaService } from './modules/media/service.js';
import { createPageUrlSigner } from './modules/media/signing.js';
import { diskStore } from './modules/media/store.js';
import { purchaseRoutes } from './modules/purchases/routes.js';
import { createSandboxProvider, type PaymentProvider, type PaymentProviders } from './modules/shop/providers.js';
import { shopRoutes } from './modules/shop/routes.js';
import { createStripeClient, createStripeProvider } from './modules/shop/stripe.js';
import { stripeWebhookRoutes } from './modules/shop/webhook-routes.js';
import { createSmsSender } from './modules/sms/sender.js';
import { supportRoutes } from './modules/support/routes.js';
import { createAccountCache } from './modules/users/account-cache.js';
import { viewerRoutes } from './modules/viewer/routes.js';
import { walletRoutes } from './modules/wallet/routes.js';
import { expireDue } from './modules/wallet/service.js';
import { createSharedCache, type SharedCache } from './shared-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared catalog answers; whoever changes the catalog outside a request calls `invalidate()`. */
    catalogCache: SharedCache;
  }
  interface FastifyRequest {
    /** Built once per /api/v1 request (createServiceContext); the auth guard sets its caller. */
    ctx: ServiceContext;
    /** The reader's address: relayed by the web (signed) or from the socket and trusted proxies. */
    clientIp: string;
  }
}

export interface AppDeps {
  config: AppConfig;
  database: Database;
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
export function createServices(config: AppConfig, log: FastifyBaseLogger): Services {
  return {
    tokens: createTokenSigner(config.auth),
    mailer: createMailer({ ...config.mail, log }),
    sms: createSmsSender({ ...config.sms, log }),
    identity: createSandboxIdentityVerifier(config.auth.secret),
    providers: createSocialProviders(config.social),
    signer: createPageUrlSigner(config.auth.secret),
    cache: createSharedCache({ ttlMs: config.catalogCache.ttlSeconds * 1000, maxBytes: config.catalogCache.maxBytes }),
    accounts: createAccountCache({ ttlMs: config.accountCacheMs }),
    payments: paymentProviders(config.payments),
    webOrigins: config.webOrigins,
  };
}

/** Builds the API without listening, so tests drive it with `app.inject`. */
export async function buildApp({ config, database }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    requestTimeout: REQUEST_TIMEOUT_MS,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Only configured proxies may say who the client is (DESIGN §11); by default none.
    trustProxy: trustedProxies(config.trustProxy),
    // Every answer is the envelope, also those Fastify and Node's parser give before any route.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const clientAddressOf = createClientAddressReader(config.relaySecret);
  app.decorateRequest('clientIp', '');
  app.addHook('onRequest', async (request) => {
    request.clientIp = clientAddressOf(request);
  });

  await app.register(helmet, {
    // The api serves JSON and images; its only HTML is the OpenAPI UI, which needs inline assets.
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  app.addHook('onRequest', refuseInvalidPreflight);
  await app.register(cors, { origin: config.webOrigins, credentials: true });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Balcony webtoon API', version: '1.0.0' },
      servers: [],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // Limits apply only to routes that ask for one (login, codes, resets). With REDIS_URL every
  // replica counts in Redis; while Redis is down the limits are skipped rather than failing the
  // request (account locks still stop password guessing). Without it, in-process per replica.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : undefined;
  const services = createServices(config, app.log);
  app.decorate('catalogCache', services.cache);
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
  const media = createMediaService({ mediaDir: config.mediaDir, log: app.log, drawMissing: renderDemoImage });
  app.decorate(
    'sensitiveLimits',
    createSensitiveLimits(app, { perAddress: config.sensitiveRateLimit, perAccount: config.accountRateLimit }),
  );

  await app.register(healthRoutes, { database });
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
  await app.register(mediaRoutes, { prefix: '/media', media, db: database.db, signer: services.signer });
  await app.register(
    async (v1) => {
      v1.decorateRequest('ctx');
      v1.addHook('onRequest', async (request) => {
        request.ctx = createServiceContext(request, database.db, services);
      });
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
      await v1.register(accountRoutes, { countryHeader: config.countryHeader });
      await v1.register(adminRoutes);
      await v1.register(couponRoutes);
      await v1.register(supportRoutes);
      await v1.register(commentRoutes);
      // Contact images: a private store, never served by /media (decision 0201).
      await v1.register(contactRoutes, { store: diskStore(`${config.mediaDir}/private`) });
    },
    { prefix: '/api/v1' },
  );

  if (config.jobsIntervalSeconds > 0) {
    const jobs = [
      { name: 'expire-coins', run: (now: Date) => expireDue(database.db, now) },
      { name: 'expire-gifts', run: (now: Date) => expireGifts(database.db, now) },
    ];
    let stopJobs: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stopJobs = startJobs(jobs, config.jobsIntervalSeconds * 1000, app.log);
    });
    app.addHook('onClose', async () => {
      await stopJobs?.();
    });
  }

  return app;
}
