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
import { type RequestContext, readRequestContext } from './http/context.js';
import { registerErrorHandling } from './http/errors.js';
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
  }
}

export interface AppDeps {
  config: AppConfig;
  database: Database;
}

/** Builds the API without listening, so tests drive it with `app.inject`. */
export async function buildApp({ config, database }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    requestTimeout: REQUEST_TIMEOUT_MS,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    // The api serves JSON and images; its only HTML is the OpenAPI UI, which needs inline assets.
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
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
      await v1.register(authRoutes, { deps: authDeps, guard, sensitiveRateLimit: config.sensitiveRateLimit });
      await v1.register(socialRoutes, { deps: socialDeps, sensitiveRateLimit: config.sensitiveRateLimit });
      await v1.register(userRoutes, {
        guard,
        deps: usersDeps,
        sensitiveRateLimit: config.sensitiveRateLimit,
        countryHeader: config.countryHeader,
      });
    },
    { prefix: '/api/v1' },
  );

  return app;
}
