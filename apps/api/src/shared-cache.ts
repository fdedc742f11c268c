import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { CacheStats } from './metrics.js';

// What every reader of a brand in one visibility class sees (DESIGN §10), computed once and kept
// in memory under a size bound. An entry lives until the catalog changes (`invalidate`, also
// announced to other replicas), or until its own end: at most the configured TTL, and never past
// the brand's next scheduled publication or local midnight (weekday tabs, "new" marks).

/** An answer already serialised as the success envelope's JSON; the route sends it as it is. */
export class SerialisedAnswer {
  constructor(readonly body: string) {}

  /** The success envelope around `dataJson`, the JSON of its data. */
  static wrapping(dataJson: string): SerialisedAnswer {
    return new SerialisedAnswer(`{"result":"SUCCESS","data":${dataJson}}`);
  }
}

/** A visitor's answer, serialised once, with its ETag. */
export class SharedAnswer extends SerialisedAnswer {
  constructor(
    body: string,
    readonly etag: string,
  ) {
    super(body);
  }

  static of(data: unknown): SharedAnswer {
    const body = SerialisedAnswer.wrapping(JSON.stringify(data)).body;
    return new SharedAnswer(body, `"${createHash('sha1').update(body).digest('base64url')}"`);
  }
}

/** A cached value that knows its own rough size in bytes. */
export interface Sized {
  readonly bytes: number;
}

export interface SharedCache {
  /**
   * The value under `key`, computed by `compute` on a miss; `until` bounds how long it lives
   * (the next moment the catalog changes by itself). Concurrent misses share one computation.
   */
  get<T extends object>(key: string, until: Date, compute: () => Promise<T>): Promise<T>;
  /** Forgets everything, here and, through `onInvalidate` listeners, on other replicas. */
  invalidate(): void;
  /** Forgets everything here only (a message from another replica). */
  clearLocal(): void;
  /** Called after a local `invalidate`, e.g. to publish it on Redis. */
  onInvalidate(listener: () => void): void;
  /** Reads answered from memory (or joined to a computation under way) and reads computed, since start. */
  stats(): CacheStats;
}

/** A rough byte size of an entry, for the memory bound. */
function sizeOf(value: object): number {
  if (value instanceof SerialisedAnswer) return value.body.length * 2;
  return 'bytes' in value && typeof value.bytes === 'number' ? value.bytes : 4096;
}

export function createSharedCache(opts: { ttlMs: number; maxBytes: number; now?: () => number }): SharedCache {
  const now = opts.now ?? Date.now;
  const entries = new LRUCache<string, object>({
    maxSize: opts.maxBytes,
    sizeCalculation: sizeOf,
    perf: { now },
    ttlResolution: 0,
  });
  const pending = new Map<string, Promise<object>>();
  const listeners: (() => void)[] = [];
  let generation = 0;
  const counts: CacheStats = { hits: 0, misses: 0 };

  return {
    async get<T extends object>(key: string, until: Date, compute: () => Promise<T>): Promise<T> {
      const ttl = Math.min(opts.ttlMs, until.getTime() - now());
      if (ttl <= 0) {
        counts.misses += 1;
        return compute();
      }
      const hit = entries.get(key);
      if (hit) {
        counts.hits += 1;
        return hit as T;
      }
      const running = pending.get(key);
      if (running) {
        counts.hits += 1;
        return running as Promise<T>;
      }
      counts.misses += 1;
      const started = generation;
      const work = compute()
        .then((value) => {
          // A change announced while computing makes the result stale: answer it, keep it not.
          if (started === generation) entries.set(key, value, { ttl });
          return value;
        })
        .finally(() => pending.delete(key));
      pending.set(key, work);
      return work;
    },
    invalidate() {
      this.clearLocal();
      for (const listener of listeners) listener();
    },
    clearLocal() {
      generation += 1;
      entries.clear();
      pending.clear();
    },
    onInvalidate(listener) {
      listeners.push(listener);
    },
    stats: () => ({ ...counts }),
  };
}
