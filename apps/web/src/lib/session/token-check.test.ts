import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_MARGIN_MS, checkTokens, refreshKeepsSession } from './token-check';

describe('token check (spec §4)', () => {
  const now = 1_000_000_000_000;
  it('keeps an access token with more than 5 minutes left', () => {
    expect(checkTokens({ accessExpiresAt: now + ACCESS_TOKEN_MARGIN_MS + 1, refreshExpiresAt: now + 1 }, now)).toBe(
      'keep',
    );
  });
  it('refreshes at 5 minutes or less while the refresh token is valid', () => {
    expect(checkTokens({ accessExpiresAt: now + ACCESS_TOKEN_MARGIN_MS, refreshExpiresAt: now + 1 }, now)).toBe(
      'refresh',
    );
    expect(checkTokens({ accessExpiresAt: now - 1, refreshExpiresAt: now + 1 }, now)).toBe('refresh');
  });
  it('renews nothing once the refresh token has expired', () => {
    expect(checkTokens({ accessExpiresAt: now - 1, refreshExpiresAt: now }, now)).toBe('expired');
  });
  it('clears the tokens when a refresh answers another e-mail', () => {
    expect(refreshKeepsSession({ email: 'a@x.fr' }, 'A@x.fr')).toBe(true);
    expect(refreshKeepsSession({ email: 'a@x.fr' }, 'b@x.fr')).toBe(false);
    expect(refreshKeepsSession({ email: null }, 'b@x.fr')).toBe(true);
  });
});
