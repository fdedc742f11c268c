import { LRUCache } from 'lru-cache';
import type { RequestAccount } from './repo.js';

// The account that authenticates a member's request (its row and the sessions it ended, decision
// 0292), kept a moment (docs/decisions/0138-account-cache.md).
// A page makes several calls at once and each one checks the account; without this every call
// of a member pays one database round trip before doing its work. A change through
// `users.update` forgets the row here and, over Redis, on other replicas; the short TTL bounds
// what a change made elsewhere (another process without Redis) can leave behind.

export interface AccountCache {
  get(userId: number, load: () => Promise<RequestAccount | null>): Promise<RequestAccount | null>;
  /** Forgets one account here and, through `onForget` listeners, on other replicas. */
  forget(userId: number): void;
  /** Forgets one account here only (a message from another replica). */
  forgetLocal(userId: number): void;
  onForget(listener: (userId: number) => void): void;
}

const MAX_ACCOUNTS = 50_000;

export function createAccountCache(opts: { ttlMs: number; now?: () => number }): AccountCache {
  const rows = new LRUCache<number, RequestAccount>({
    max: MAX_ACCOUNTS,
    ttl: Math.max(opts.ttlMs, 1),
    perf: { now: opts.now ?? Date.now },
    ttlResolution: 0,
  });
  const listeners: ((userId: number) => void)[] = [];
  // A load that started before a `forget` must not put back the row it read.
  const generation = new Map<number, number>();
  let forgets = 0;
  const forgetLocal = (userId: number) => {
    rows.delete(userId);
    generation.set(userId, ++forgets);
    // Only loads still in flight compare against it; keep the map from growing without end.
    if (generation.size > MAX_ACCOUNTS) generation.clear();
  };

  return {
    async get(userId, load) {
      if (opts.ttlMs <= 0) return load();
      const hit = rows.get(userId);
      if (hit) return hit;
      const started = forgets;
      const row = await load();
      if (row && (generation.get(userId) ?? 0) <= started) {
        Object.freeze(row.user);
        rows.set(userId, Object.freeze(row));
      }
      return row;
    },
    forget(userId) {
      forgetLocal(userId);
      for (const listener of listeners) listener(userId);
    },
    forgetLocal,
    onForget(listener) {
      listeners.push(listener);
    },
  };
}
