import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { AccountCache } from '../modules/users/account-cache.js';
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

/**
 * Carries a change from the replica where it happened to every other one: what `listen` reports
 * is published on `channel`, and a message from another replica is handed to `apply`.
 * Answers the function that closes the subscription.
 */
async function relayChanges(
  redis: Redis,
  log: FastifyBaseLogger,
  channel: string,
  listen: (publish: (message: string) => void) => void,
  apply: (message: string) => void,
): Promise<() => Promise<void>> {
  const self = randomUUID();
  const subscriber = redis.duplicate({ enableOfflineQueue: true });
  subscriber.on('error', (err) => log.warn({ err }, 'redis subscriber error'));
  subscriber.on('message', (_channel, raw: string) => {
    const [sender, message = ''] = raw.split('|', 2);
    if (sender !== self) apply(message);
  });
  await subscriber.subscribe(channel);
  listen((message) => {
    redis.publish(channel, `${self}|${message}`).catch((err) => log.warn({ err, channel }, 'change not announced'));
  });
  return async () => {
    await subscriber.quit();
  };
}

/**
 * A catalog change on one replica clears the same shared answers on all (DESIGN §10): the
 * message is the change's tags, comma-separated, or empty for everything (decision 0231).
 */
export function shareInvalidations(redis: Redis, cache: SharedCache, log: FastifyBaseLogger) {
  return relayChanges(
    redis,
    log,
    'balcony:catalog-changed',
    (publish) => cache.onInvalidate((tags) => publish(tags ? tags.join(',') : '')),
    (message) => cache.clearLocal(message === '' ? undefined : message.split(',')),
  );
}

/** An account changed on one replica is read afresh by all. */
export function shareAccountChanges(redis: Redis, accounts: AccountCache, log: FastifyBaseLogger) {
  return relayChanges(
    redis,
    log,
    'balcony:account-changed',
    (publish) => accounts.onForget((userId) => publish(String(userId))),
    (message) => {
      const userId = Number(message);
      if (Number.isSafeInteger(userId)) accounts.forgetLocal(userId);
    },
  );
}
