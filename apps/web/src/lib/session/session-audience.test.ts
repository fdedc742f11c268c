import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { audienceClass, BRANDS } from '@balcony/contracts';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createSessionAudience, VISITOR_AUDIENCE } from '../../../session-audience.mjs';

vi.mock('server-only', () => ({}));

// The production server reads the class a member's sealed session holds (decision 0289), with the
// key the app seals it with; the data folder holds that key when WEB_SESSION_SECRET is unset.
vi.stubEnv('DATA_DIR', mkdtempSync(join(tmpdir(), 'web-audience-')));
const { seal } = await import('./seal');
// DATA_DIR is set for this whole file and restored after it, so no later file run by this worker sees it.
afterAll(() => vi.unstubAllEnvs());

const HOUR = 3_600_000;
const session = {
  brandId: 'delitoon-fr',
  userId: 7,
  email: 'reader@example.com',
  accessToken: 'a',
  accessExpiresAt: Date.now() + HOUR,
  refreshToken: 'r',
  refreshExpiresAt: Date.now() + 24 * HOUR,
  audience: VISITOR_AUDIENCE,
};
const audienceOf = createSessionAudience(process.env, (host) =>
  host === 'de.example' ? 'delitoon-de' : 'delitoon-fr',
);

describe("a member's class, read from their sealed session by the production server", () => {
  it("is the visitors' class of every brand's web", () => {
    for (const brand of Object.values(BRANDS))
      expect(audienceClass({ brand, platform: 'WEB', user: null }), brand.id).toBe(VISITOR_AUDIENCE);
  });

  it("is known for a member of the visitors' class, on a host of its brand", async () => {
    expect(await audienceOf(await seal(session, 3600), 'fr.example')).toBe(VISITOR_AUDIENCE);
  });

  it('is unknown for a member of another class: their pages are theirs alone', async () => {
    for (const audience of ['adult|bl', 'minor|no-bl', 'adult|no-bl'])
      expect(await audienceOf(await seal({ ...session, audience }, 3600), 'fr.example')).toBeNull();
  });

  it('is unknown on another brand, without a class, for an expired access token, and for a cookie not sealed here', async () => {
    expect(await audienceOf(await seal(session, 3600), 'de.example')).toBeNull();
    const { audience: _none, ...classless } = session;
    expect(await audienceOf(await seal(classless, 3600), 'fr.example')).toBeNull();
    const expired = { ...session, accessExpiresAt: Date.now() - 1 };
    expect(await audienceOf(await seal(expired, 3600), 'fr.example')).toBeNull();
    expect(await audienceOf('eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..forged', 'fr.example')).toBeNull();
    const sealed = await seal(session, 3600);
    expect(await audienceOf(`${sealed.slice(0, -2)}AA`, 'fr.example')).toBeNull();
  });
});
