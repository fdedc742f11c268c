import { describe, expect, it } from 'vitest';
import { seal, sealingKey, unseal } from './seal';

describe('sealed cookie values', () => {
  const key = sealingKey('a test secret that is long enough to use');
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('give back what was sealed, before it expires', () => {
    const value = seal(key, { token: 'abc', brandIds: [] }, 60, now);
    expect(value).not.toContain('abc');
    expect(unseal(key, value, now + 59_000)).toEqual({ token: 'abc', brandIds: [] });
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
