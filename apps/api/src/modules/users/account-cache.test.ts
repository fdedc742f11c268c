import { describe, expect, it } from 'vitest';
import { createAccountCache } from './account-cache.js';
import type { RequestAccount, UserRow } from './repo.js';

const row = (id: number, nickname: string): RequestAccount => ({
  user: { id, nickname, status: 'ACTIVE' } as unknown as UserRow,
  endedSessions: new Set(),
});

describe('account cache', () => {
  it('reuses a row until its TTL, then reads it again', async () => {
    let now = 1_000_000;
    let loads = 0;
    const cache = createAccountCache({ ttlMs: 2000, now: () => now });
    const load = async () => row(1, `read ${++loads}`);
    expect((await cache.get(1, load))?.user.nickname).toBe('read 1');
    now += 1999;
    expect((await cache.get(1, load))?.user.nickname).toBe('read 1');
    now += 2;
    expect((await cache.get(1, load))?.user.nickname).toBe('read 2');
  });

  it('reads a forgotten account afresh and tells its listeners, not for a local forget', async () => {
    const cache = createAccountCache({ ttlMs: 60_000 });
    const told: number[] = [];
    cache.onForget((id) => told.push(id));
    await cache.get(7, async () => row(7, 'before'));
    cache.forget(7);
    expect((await cache.get(7, async () => row(7, 'after')))?.user.nickname).toBe('after');
    cache.forgetLocal(7);
    expect((await cache.get(7, async () => row(7, 'again')))?.user.nickname).toBe('again');
    expect(told).toEqual([7]);
  });

  it('does not keep a row read before a change that landed while it was being read', async () => {
    const cache = createAccountCache({ ttlMs: 60_000 });
    let finish: (value: RequestAccount) => void = () => {};
    const slow = cache.get(3, () => new Promise<RequestAccount>((resolve) => (finish = resolve)));
    cache.forget(3);
    finish(row(3, 'stale'));
    expect((await slow)?.user.nickname).toBe('stale');
    expect((await cache.get(3, async () => row(3, 'fresh')))?.user.nickname).toBe('fresh');
  });

  it('keeps nothing when off, and hands out rows no caller can change', async () => {
    let loads = 0;
    const off = createAccountCache({ ttlMs: 0 });
    await off.get(1, async () => row(1, String(++loads)));
    await off.get(1, async () => row(1, String(++loads)));
    expect(loads).toBe(2);

    const on = createAccountCache({ ttlMs: 60_000 });
    const kept = await on.get(2, async () => row(2, 'kept'));
    expect(() => {
      (kept?.user as { nickname: string }).nickname = 'changed';
    }).toThrow(TypeError);
    expect(await on.get(2, async () => null)).toBe(kept);
  });

  it('does not remember that an account is missing', async () => {
    const cache = createAccountCache({ ttlMs: 60_000 });
    expect(await cache.get(9, async () => null)).toBeNull();
    expect((await cache.get(9, async () => row(9, 'created')))?.user.nickname).toBe('created');
  });
});
