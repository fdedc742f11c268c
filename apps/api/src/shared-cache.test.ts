import { describe, expect, it } from 'vitest';
import { createSharedCache, SharedAnswer } from './shared-cache.js';

// The shared cache's own rules, on a clock the test moves.

function clockAt(start: number) {
  const clock = { t: start, now: () => clock.t };
  return clock;
}

describe('shared cache', () => {
  const far = (clock: { t: number }) => new Date(clock.t + 3_600_000);

  it('computes once and answers the same value until the TTL ends', async () => {
    const clock = clockAt(1_000_000);
    const cache = createSharedCache({ ttlMs: 60_000, maxBytes: 1 << 20, now: clock.now });
    let runs = 0;
    const compute = async () => ({ run: ++runs });
    expect(await cache.get('k', far(clock), compute)).toEqual({ run: 1 });
    clock.t += 59_000;
    expect(await cache.get('k', far(clock), compute)).toEqual({ run: 1 });
    clock.t += 2_000;
    expect(await cache.get('k', far(clock), compute)).toEqual({ run: 2 });
  });

  it('never keeps an answer past the moment the catalog changes by itself', async () => {
    const clock = clockAt(1_000_000);
    const cache = createSharedCache({ ttlMs: 60_000, maxBytes: 1 << 20, now: clock.now });
    let runs = 0;
    const compute = async () => ({ run: ++runs });
    const publication = new Date(clock.t + 5_000);
    await cache.get('k', publication, compute);
    clock.t += 4_000;
    expect(await cache.get('k', publication, compute)).toEqual({ run: 1 });
    clock.t += 1_000;
    expect(await cache.get('k', publication, compute)).toEqual({ run: 2 });
  });

  it('shares one computation between concurrent misses', async () => {
    const cache = createSharedCache({ ttlMs: 60_000, maxBytes: 1 << 20 });
    let runs = 0;
    const compute = async () => {
      runs += 1;
      await new Promise((resolve) => setImmediate(resolve));
      return { runs };
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => cache.get('k', new Date(Date.now() + 60_000), compute)),
    );
    expect(runs).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('forgets everything on invalidate, tells its listeners, and keeps no answer computed meanwhile', async () => {
    const cache = createSharedCache({ ttlMs: 60_000, maxBytes: 1 << 20 });
    const until = new Date(Date.now() + 60_000);
    let announced = 0;
    cache.onInvalidate(() => {
      announced += 1;
    });
    let runs = 0;
    await cache.get('k', until, async () => ({ run: ++runs }));
    let release: () => void = () => {};
    const slow = cache.get(
      'k2',
      until,
      () => new Promise<object>((resolve) => (release = () => resolve({ stale: true }))),
    );
    cache.invalidate();
    release();
    expect(await slow).toEqual({ stale: true });
    expect(announced).toBe(1);
    expect(await cache.get('k', until, async () => ({ run: ++runs }))).toEqual({ run: 2 });
    expect(await cache.get('k2', until, async () => ({ fresh: true }))).toEqual({ fresh: true });
  });

  it('forgets only the answers holding an invalidated tag, and tells its listeners which', async () => {
    const cache = createSharedCache({ ttlMs: 60_000, maxBytes: 1 << 20 });
    const until = new Date(Date.now() + 60_000);
    const told: (readonly string[] | null)[] = [];
    cache.onInvalidate((tags) => told.push(tags));
    let runs = 0;
    const compute = async () => ({ run: ++runs });
    const a = await cache.get('a', until, compute, ['series:1']);
    const b = await cache.get('b', until, compute, ['series:2', 'lists:x']);
    // Tags known from the value itself (an episode's series).
    const c = await cache.get(
      'c',
      until,
      async () => ({ seriesId: 1 }),
      (v) => [`series:${v.seriesId}`],
    );
    cache.invalidate(['series:1']);
    expect(told).toEqual([['series:1']]);
    expect(await cache.get('a', until, compute, ['series:1'])).not.toBe(a);
    expect(await cache.get('b', until, compute, ['series:2'])).toBe(b);
    expect(await cache.get('c', until, async () => ({ seriesId: 1 }))).not.toBe(c);
    cache.invalidate(['lists:x']);
    expect(await cache.get('b', until, compute)).not.toBe(b);
    cache.invalidate([]);
    expect(told).toHaveLength(2);
  });

  it('keeps no answer computed while one of its tags was invalidated', async () => {
    const cache = createSharedCache({ ttlMs: 60_000, maxBytes: 1 << 20 });
    const until = new Date(Date.now() + 60_000);
    let release: () => void = () => {};
    const slow = cache.get(
      'k',
      until,
      () => new Promise<object>((resolve) => (release = () => resolve({ stale: true }))),
      ['series:7'],
    );
    cache.invalidate(['series:7']);
    release();
    expect(await slow).toEqual({ stale: true });
    expect(await cache.get('k', until, async () => ({ fresh: true }), ['series:7'])).toEqual({ fresh: true });
  });

  it('stays under its memory bound by dropping the least recently used answers', async () => {
    const cache = createSharedCache({ ttlMs: 60_000, maxBytes: 10_000 });
    const until = new Date(Date.now() + 60_000);
    const big = (n: number) => async () => SharedAnswer.of('x'.repeat(2_000 + n), until);
    const first = await cache.get('a', until, big(1));
    await cache.get('b', until, big(2));
    await cache.get('c', until, big(3));
    expect(await cache.get('a', until, big(9))).not.toBe(first);
  });

  it('serialises a shared answer once, in the envelope, with a strong ETag of its bytes', () => {
    const until = new Date(Date.now() + 60_000);
    const a = SharedAnswer.of({ items: [1, 2] }, until);
    expect(JSON.parse(a.body)).toEqual({ result: 'SUCCESS', data: { items: [1, 2] } });
    expect(a.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(SharedAnswer.of({ items: [1, 2] }, until).etag).toBe(a.etag);
    expect(SharedAnswer.of({ items: [2, 1] }, until).etag).not.toBe(a.etag);
  });
});

describe('an entry that measures nothing', () => {
  it('is kept like any other (a brand without FAQ entries measured 0 bytes)', async () => {
    const cache = createSharedCache({ ttlMs: 60_000, maxBytes: 1024 });
    const empty = { categories: [], bytes: 0 };
    expect(await cache.get('faq', new Date(Date.now() + 60_000), async () => empty)).toBe(empty);
    expect(await cache.get('faq', new Date(Date.now() + 60_000), async () => ({ categories: [], bytes: 0 }))).toBe(
      empty,
    );
  });
});
