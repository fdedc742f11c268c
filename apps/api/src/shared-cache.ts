import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { CacheStats } from './metrics.js';

// What every reader of a brand in one visibility class sees (DESIGN §10), computed once and kept
// in memory under a size bound. An entry lives until what it depends on changes (`invalidate`
// with its tags, or everything; also announced to other replicas), or until its own end: at most the configured TTL, and never past
// the brand's next scheduled publication or local midnight (weekday tabs, "new" marks).

/** An answer already serialised as the success envelope's JSON; the route sends it as it is. */
export class SerialisedAnswer {
  constructor(readonly body: string) {}

  /** The success envelope around `dataJson`, the JSON of its data. */
  static wrapping(dataJson: string): SerialisedAnswer {
    return new SerialisedAnswer(`{"result":"SUCCESS","data":${dataJson}}`);
  }
}

/** A visitor's answer, serialised once, with its ETag and the moment it may change by itself. */
export class SharedAnswer extends SerialisedAnswer {
  /**
   * The body as UTF-8, encoded once: sent as a string, each answer would encode it again and
   * measure its length (about 7 % of a cached read's CPU in a profile of `bench api`).
   */
  readonly encoded: Buffer;

  constructor(
    body: string,
    readonly etag: string,
    /** Milliseconds since the epoch: the next publication or midnight; a CDN keeps it no longer. */
    readonly freshUntil: number,
  ) {
    super(body);
    this.encoded = Buffer.from(body, 'utf8');
  }

  #gzipped: { body: Buffer; etag: string } | undefined;

  /**
   * The gzip representation, made on first use and kept: every client of the api (the web's
   * fetch, browsers, CDNs) accepts it, and a catalogue answer shrinks to a fifth. Its ETag is its own.
   */
  get gzipped(): { body: Buffer; etag: string } {
    this.#gzipped ??= { body: gzipSync(this.encoded), etag: `${this.etag.slice(0, -1)}-gz"` };
    return this.#gzipped;
  }

  static of(data: unknown, freshUntil: Date): SharedAnswer {
    const body = SerialisedAnswer.wrapping(JSON.stringify(data)).body;
    return new SharedAnswer(body, `"${createHash('sha1').update(body).digest('base64url')}"`, freshUntil.getTime());
  }
}

/** A cached value that knows its own rough size in bytes. */
export interface Sized {
  readonly bytes: number;
}

/**
 * What a cached answer depends on, so that a change drops exactly the answers it affects
 * (decision 0231): e.g. `series:12` (one series' page and its episodes), `lists:delitoon-fr`
 * (a brand's lists of series). Tags are plain strings without commas.
 */
export type CacheTags = readonly string[];

export interface SharedCache {
  /**
   * The value under `key`, computed by `compute` on a miss; `until` bounds how long it lives
   * (the next moment the catalog changes by itself). Concurrent misses share one computation.
   * `tags` (or a function of the value giving them) say what the value depends on.
   */
  get<T extends object>(
    key: string,
    until: Date,
    compute: () => Promise<T>,
    tags?: CacheTags | ((value: T) => CacheTags),
  ): Promise<T>;
  /**
   * Forgets the values holding one of `tags`, or everything without them, here and, through
   * `onInvalidate` listeners, on other replicas.
   */
  invalidate(tags?: CacheTags): void;
  /** As `invalidate`, here only (a message from another replica). */
  clearLocal(tags?: CacheTags): void;
  /** Called after a local `invalidate` with its tags (null: everything), e.g. to publish it on Redis. */
  onInvalidate(listener: (tags: CacheTags | null) => void): void;
  /** Reads answered from memory (or joined to a computation under way) and reads computed, since start. */
  stats(): CacheStats;
}

/** A rough byte size of an entry, for the memory bound. */
function sizeOf(value: object): number {
  // With the gzip representation most of them get: about a fifth of the encoded body.
  if (value instanceof SharedAnswer) return value.body.length * 2 + Math.ceil(value.encoded.length * 1.2);
  if (value instanceof SerialisedAnswer) return value.body.length * 2;
  // At least 1: the LRU refuses a size of 0 (an empty FAQ of a brand measured 0 bytes).
  return 'bytes' in value && typeof value.bytes === 'number' ? Math.max(1, value.bytes) : 4096;
}

export function createSharedCache(opts: { ttlMs: number; maxBytes: number; now?: () => number }): SharedCache {
  const now = opts.now ?? Date.now;
  // Which keys hold each tag, and each key's tags, so a tagged change finds its entries at once.
  const keysOfTag = new Map<string, Set<string>>();
  const tagsOfKey = new Map<string, CacheTags>();
  const untag = (key: string) => {
    for (const tag of tagsOfKey.get(key) ?? []) {
      const keys = keysOfTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysOfTag.delete(tag);
    }
    tagsOfKey.delete(key);
  };
  const entries = new LRUCache<string, object>({
    maxSize: opts.maxBytes,
    sizeCalculation: sizeOf,
    perf: { now },
    ttlResolution: 0,
    // An entry dropped for any reason (evicted, expired, replaced, cleared) leaves the tag index.
    dispose: (_value, key) => untag(key),
  });
  const pending = new Map<string, Promise<object>>();
  const listeners: ((tags: CacheTags | null) => void)[] = [];
  // Every invalidation counts one; a computation stores its value only if nothing it depends on
  // was invalidated since it started (everything: `clearedAt`; a tag: `tagClearedAt`).
  let generation = 0;
  let clearedAt = 0;
  const tagClearedAt = new Map<string, number>();
  const counts: CacheStats = { hits: 0, misses: 0 };

  const staleSince = (started: number, tags: CacheTags) =>
    clearedAt > started || tags.some((tag) => (tagClearedAt.get(tag) ?? 0) > started);

  return {
    async get<T extends object>(
      key: string,
      until: Date,
      compute: () => Promise<T>,
      tags?: CacheTags | ((value: T) => CacheTags),
    ): Promise<T> {
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
          const own = typeof tags === 'function' ? tags(value) : (tags ?? []);
          // A change announced while computing makes the result stale: answer it, keep it not.
          if (!staleSince(started, own)) {
            entries.set(key, value, { ttl });
            tagsOfKey.set(key, own);
            for (const tag of own) {
              const keys = keysOfTag.get(tag) ?? new Set<string>();
              keys.add(key);
              keysOfTag.set(tag, keys);
            }
          }
          return value;
        })
        .finally(() => {
          if (pending.get(key) === work) pending.delete(key);
        });
      pending.set(key, work);
      return work;
    },
    invalidate(tags) {
      if (tags?.length === 0) return;
      this.clearLocal(tags);
      for (const listener of listeners) listener(tags ?? null);
    },
    clearLocal(tags) {
      generation += 1;
      // A computation under way may depend on what changed (its tags are known only once it
      // ends): later readers start their own; it keeps its value only if `staleSince` allows.
      pending.clear();
      if (!tags) {
        clearedAt = generation;
        entries.clear();
        return;
      }
      for (const tag of tags) {
        tagClearedAt.set(tag, generation);
        for (const key of [...(keysOfTag.get(tag) ?? [])]) entries.delete(key);
      }
    },
    onInvalidate(listener) {
      listeners.push(listener);
    },
    stats: () => ({ ...counts }),
  };
}
