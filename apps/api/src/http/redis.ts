import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

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
