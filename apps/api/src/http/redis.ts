import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { SharedCache } from '../shared-cache.js';

/**
 * A Redis connection for shared counters (rate limits). Connects before the app starts, so a
 * wrong REDIS_URL stops the start; afterwards a command fails at once while Redis is away
 * instead of queueing, and the caller decides what that means.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
  });
  // ioredis reconnects by itself; each failure is logged, never thrown at the process.
  redis.on('error', (err) => log.warn({ err }, 'redis error'));
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  return redis;
}

const INVALIDATION_CHANNEL = 'balcony:catalog-changed';

/**
 * Carries a catalog change from the replica where it happened to every other one: a local
 * `invalidate` is published, and a message from another replica clears the local copies.
 * Answers the function that closes the subscription.
 */
export async function shareInvalidations(
  redis: Redis,
  cache: SharedCache,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const self = randomUUID();
  const subscriber = redis.duplicate({ enableOfflineQueue: true });
  subscriber.on('error', (err) => log.warn({ err }, 'redis subscriber error'));
  subscriber.on('message', (_channel, sender: string) => {
    if (sender !== self) cache.clearLocal();
  });
  await subscriber.subscribe(INVALIDATION_CHANNEL);
  cache.onInvalidate(() => {
    redis.publish(INVALIDATION_CHANNEL, self).catch((err) => log.warn({ err }, 'catalog change not announced'));
  });
  return async () => {
    await subscriber.quit();
  };
}
