import { randomUUID } from 'node:crypto';
import { REQUEST_TIMEOUT_MS } from '@balcony/contracts';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { createClientAddressReader } from './http/client-address.js';
import { type RequestContext, readRequestContext } from './http/context.js';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  refuseInvalidPreflight,
  registerErrorHandling,
} from './http/errors.js';
import { createSensitiveLimits } from './http/rate-limits.js';
import { connectRedis } from './http/redis.js';
import { createAuthGuard } from './modules/auth/guard.js';
import { authRoutes } from './modules/auth/routes.js';
import { createSocialProviders } from './modules/auth/social/providers.js';
import { socialRoutes } from './modules/auth/social/routes.js';
import { createTokenSigner } from './modules/auth/tokens.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { libraryRoutes } from './modules/library/routes.js';
import { createMailer } from './modules/mail/mailer.js';
import { mediaRoutes } from './modules/media/routes.js';
import { createMediaService } from './modules/media/service.js';
import { createSmsSender } from './modules/sms/sender.js';
import { createSandboxIdentityVerifier } from './modules/users/identity.js';
import { userRoutes } from './modules/users/routes.js';
import { viewerRoutes } from './modules/viewer/routes.js';
import { createPageUrlSigner } from './modules/viewer/signing.js';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
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
  if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  }
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => request.clientIp,
    ...(redis && { redis, skipOnError: true, nameSpace: 'balcony-rate-limit-' }),
  });

  const media = createMediaService({ mediaDir: config.mediaDir, log: app.log });
  const tokens = createTokenSigner(config.auth);
  const guard = createAuthGuard({ db: database.db, tokens });
  const mailer = createMailer({ ...config.mail, log: app.log });
  const sms = createSmsSender({ ...config.sms, log: app.log });
  const authDeps = { db: database.db, tokens, mailer, sms, webBaseUrl: config.webOrigins[0] ?? '' };
  const usersDeps = { ...authDeps, identity: createSandboxIdentityVerifier(config.auth.secret) };
  const socialDeps = { ...authDeps, providers: createSocialProviders(config.social), webOrigins: config.webOrigins };

  const limits = createSensitiveLimits(app, {
    perAddress: config.sensitiveRateLimit,
    perAccount: config.accountRateLimit,
  });

  await app.register(healthRoutes, { database });
  const signer = createPageUrlSigner(config.auth.secret);
  await app.register(mediaRoutes, { prefix: '/media', media, db: database.db, signer });
  await app.register(
    async (v1) => {
      v1.decorateRequest('ctx');
      v1.addHook('onRequest', async (request) => {
        request.ctx = readRequestContext(request);
      });
      await v1.register(catalogRoutes, { db: database.db, guard });
      await v1.register(viewerRoutes, { db: database.db, guard, signer });
      await v1.register(libraryRoutes, { db: database.db, guard });
      await v1.register(authRoutes, { deps: authDeps, guard, limits });
      await v1.register(socialRoutes, { deps: socialDeps, limits });
      await v1.register(userRoutes, {
        guard,
        deps: usersDeps,
        limits,
        countryHeader: config.countryHeader,
      });
    },
    { prefix: '/api/v1' },
  );

  return app;
}
