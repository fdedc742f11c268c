import { AppError } from '@balcony/contracts';
import { describe, expect, it } from 'vitest';
import { createTokenSigner } from './tokens.js';

const signer = () =>
  createTokenSigner({ secret: new Uint8Array(32).fill(7), accessTtlSeconds: 60, refreshTtlSeconds: 3600 });
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 25, 12, 0, seconds));

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'none';
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
}

describe('access tokens', () => {
  it('answers the same claims again, and NEED_TO_REFRESH once the token has expired, though it was checked before', async () => {
    const tokens = signer();
    const { token } = await tokens.signAccess({ userId: 42, brandId: 'delitoonb-fr' }, at(0));
    const first = await tokens.verifyAccess(token, { now: at(10) });
    expect(await tokens.verifyAccess(token, { now: at(59) })).toEqual(first);
    expect(first).toMatchObject({ userId: 42, brandId: 'delitoonb-fr' });
    expect(await codeOf(tokens.verifyAccess(token, { now: at(60) }))).toBe('NEED_TO_REFRESH');
    expect((await tokens.verifyAccess(token, { now: at(600), allowExpired: true })).userId).toBe(42);
  });

  it('refuses a token changed by one character after the genuine one was accepted', async () => {
    const tokens = signer();
    const { token } = await tokens.signAccess({ userId: 42, brandId: 'delitoonb-fr' }, at(0));
    await tokens.verifyAccess(token, { now: at(1) });
    const forged = token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);
    expect(await codeOf(tokens.verifyAccess(forged, { now: at(1) }))).toBe('MALFORMED_JWT');
  });

  it('refuses a token signed with another secret', async () => {
    const other = createTokenSigner({
      secret: new Uint8Array(32).fill(9),
      accessTtlSeconds: 60,
      refreshTtlSeconds: 3600,
    });
    const { token } = await other.signAccess({ userId: 42, brandId: 'delitoonb-fr' }, at(0));
    expect(await codeOf(signer().verifyAccess(token, { now: at(1) }))).toBe('MALFORMED_JWT');
  });
});
