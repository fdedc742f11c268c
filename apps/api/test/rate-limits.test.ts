import { describe, expect, it } from 'vitest';
import { signClientIp } from '../src/http/client-address.js';
import { brandHeaders, createTestApp, type TestApp } from './helper.js';
import { redisAnswers } from './support/redis.js';

// Rate limits on sensitive routes, per client address, and shared between app instances
// through Redis. Each test makes its own app with a low limit.

const redisUp = await redisAnswers();

describe('rate limits', () => {
  // The reader's address as the web relays it, signed with the relay key.
  const login = (app: TestApp, ip: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/v1/auth/local/login',
      payload: { email: 'nobody@example.com', password: 'Webtoon123' },
      headers: {
        ...brandHeaders(),
        'x-balcony-client-ip': ip,
        'x-balcony-client-ip-sig': signClientIp(app.config.relaySecret, ip),
      },
    });

  it('answers 429 in the FAIL envelope past the limit', async () => {
    const limited = await createTestApp({ sensitiveRateLimit: 2 });
    try {
      expect((await login(limited, '198.51.100.1')).statusCode).toBe(404);
      expect((await login(limited, '198.51.100.1')).statusCode).toBe(404);
      const third = await login(limited, '198.51.100.1');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ result: 'FAIL', code: 'TOO_MANY_REQUESTS', message: expect.any(String) });
      // Counted per client address.
      expect((await login(limited, '198.51.100.2')).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });

  it.skipIf(!redisUp)(
    'counts across app instances through Redis (skipped when no Redis answers at 127.0.0.1:6379)',
    async () => {
      const options = { sensitiveRateLimit: 3, redisUrl: 'redis://127.0.0.1:6379' };
      const a = await createTestApp(options);
      const b = await createTestApp(options);
      try {
        // A random benchmarking address (IPv4: IPv6 clients are counted per /56), so that the
        // counters of an earlier run within the minute do not count.
        const ip = `198.${18 + Math.floor(Math.random() * 2)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
        expect((await login(a, ip)).statusCode).toBe(404);
        expect((await login(b, ip)).statusCode).toBe(404);
        expect((await login(a, ip)).statusCode).toBe(404);
        const fourth = await login(b, ip);
        expect(fourth.statusCode).toBe(429);
        expect(fourth.json().code).toBe('TOO_MANY_REQUESTS');
        expect((await login(a, ip)).statusCode).toBe(429);
      } finally {
        await a.close();
        await b.close();
      }
    },
  );
});
