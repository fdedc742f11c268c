import DataLoader from 'dataloader';
import type { Db } from './client.js';

// Per-request reads answered in batches (decision 0294): under load, the reads of one kind asked
// for in one turn of the event loop go to the database as one statement, instead of one write to
// the database and one answer to parse each.

/** Keys in one statement at most: beyond a pool's worth of concurrent requests, a longer array gains little. */
const MAX_KEYS = 100;

/**
 * A read of one key, answered with the other keys asked for in the same turn: `read` gets them
 * all and answers one value per key, in their order. Nothing is kept past its batch (each answer
 * is of its moment), and a lone request waits only for the end of its turn. One loader per
 * database handle: outside a transaction, the pool.
 */
export function batchedPerTurn<K, V>(
  read: (db: Db, keys: readonly K[]) => Promise<V[]>,
): (db: Db, key: K) => Promise<V> {
  const loaders = new WeakMap<Db, DataLoader<K, V>>();
  return (db, key) => {
    let loader = loaders.get(db);
    if (!loader) {
      loader = new DataLoader((keys) => read(db, keys), {
        cache: false,
        batchScheduleFn: (dispatch) => setImmediate(dispatch),
        maxBatchSize: MAX_KEYS,
      });
      loaders.set(db, loader);
    }
    return loader.load(key);
  };
}

/**
 * The rows of a statement over `unnest(...) with ordinality as k(..., at)`, one per key in the
 * keys' order (`at` counts from 1), or undefined where the statement gave none.
 */
export function inKeyOrder<R extends { at: number }>(keys: readonly unknown[], rows: readonly R[]): (R | undefined)[] {
  const byAt = new Map(rows.map((row) => [row.at, row]));
  return keys.map((_, i) => byAt.get(i + 1));
}
