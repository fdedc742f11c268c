import { describe, expect, it } from 'vitest';
import { seal, sealingKey, unseal } from './seal';

describe('sealed cookie values', () => {
  const key = sealingKey('a test secret that is long enough to use');
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('give back what was sealed, before it expires, and show nothing of it', () => {
    // Long enough never to turn up by chance in the random-looking value (a 3-letter one once did).
    const token = 'an-admin-session-token-0123456789';
    const value = seal(key, { token, brandIds: [] }, 60, now);
    expect(value).not.toContain(token);
    expect(Buffer.from(value, 'base64url').toString('latin1')).not.toContain(token);
    expect(unseal(key, value, now + 59_000)).toEqual({ token, brandIds: [] });
  });

  it('refuse an expired, altered or foreign value', () => {
    const value = seal(key, { token: 'abc' }, 60, now);
    expect(unseal(key, value, now + 60_000)).toBeNull();
    const raw = Buffer.from(value, 'base64url');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(unseal(key, raw.toString('base64url'), now)).toBeNull();
    expect(unseal(sealingKey('another secret, also long enough!!'), value, now)).toBeNull();
    expect(unseal(key, 'garbage', now)).toBeNull();
    expect(unseal(key, undefined, now)).toBeNull();
  });
});
