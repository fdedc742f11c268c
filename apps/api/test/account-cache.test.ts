import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createTestApp, type TestApp } from './helper.js';
import { memberHelpers } from './support/members.js';
import { redisAnswers } from './support/redis.js';

// A member's account row is reused for a moment to authenticate their calls
// (src/modules/users/account-cache.ts). A change must reach every replica at once.

const redisUp = await redisAnswers();

describe.skipIf(!redisUp)('account cache across replicas (skipped when no Redis answers at 127.0.0.1:6379)', () => {
  let a: TestApp;
  let b: FastifyInstance;
  const onA = memberHelpers(() => a);
  const onB = memberHelpers(() => ({ ...a, app: b }));

  beforeAll(async () => {
    // A long TTL, so only the message over Redis can make replica B read the account again.
    a = await createTestApp({ redisUrl: 'redis://127.0.0.1:6379', accountCacheMs: 60_000 });
    b = await buildApp({ config: a.config, database: a.database });
    await b.ready();
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('a withdrawal on one replica shuts the account out of the other', async () => {
    const m = await onA.member();
    expect((await onB.me(m.token)).id).toBe(m.userId);
    const gone = await onA.call(
      'POST',
      '/user/withdrawal',
      { reason: 'Moving to another service', confirm: true, password: m.password },
      { token: m.token },
    );
    expect(gone.json().result).toBe('SUCCESS');
    // The message crosses Redis while B answers; B refuses the token as soon as it has arrived.
    await expect
      .poll(async () => (await onB.call('POST', '/user', {}, { token: m.token })).json().code)
      .toBe('WITHDRAWAL');
  });
});
