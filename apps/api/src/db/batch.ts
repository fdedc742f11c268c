import DataLoader from 'dataloader';
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { perDatabase } from './per-database.js';
import { typedPlaceholder } from './placeholder.js';

// Per-request reads answered in batches (decision 0294): under load, the reads of one kind asked
// for in one turn of the event loop go to the database as one statement, instead of one write to
// the database and one answer to parse each.

/** Keys in one statement at most: beyond a pool's worth of concurrent requests, a longer array gains little. */
const MAX_KEYS = 100;

/**
 * A read of one key, answered with the other keys asked for in the same turn: `read` gets them
 * all and answers one value per key, in their order (an Error fails that key alone). Nothing is
 * kept past its batch (each answer is of its moment), and a lone request waits only for the end
 * of its turn. One loader per database handle: outside a transaction, the pool.
 */
export function batchedPerTurn<K, V>(
  read: (db: Db, keys: readonly K[]) => Promise<(V | Error)[]>,
  { maxBatchSize = MAX_KEYS }: { maxBatchSize?: number } = {},
): (db: Db, key: K) => Promise<V> {
  const loaderOf = perDatabase(
    (db) =>
      new DataLoader<K, V>((keys) => read(db, keys), {
        cache: false,
        batchScheduleFn: (dispatch) => setImmediate(dispatch),
        maxBatchSize,
      }),
  );
  return (db, key) => loaderOf(db).load(key);
}

/** A column of the keys' relation: its name in `k`, its PostgreSQL type, and its value in a key. */
interface KeyColumn<K> {
  name: string;
  type: 'int' | 'timestamptz';
  of: (key: K) => number | string;
}

/**
 * A batch's keys as the relation `k` of its statement: `from` is `unnest(...) with ordinality as
 * k(<columns>, at)`, one array parameter per column, named after it; `at` counts the keys from 1.
 */
export function keyTable<K>(columns: readonly KeyColumn<K>[]) {
  const names = columns.map((c) => c.name).join(', ');
  const arrays = sql.join(
    columns.map((c) => typedPlaceholder(c.name, `${c.type}[]`)),
    sql`, `,
  );
  return {
    from: sql`unnest(${arrays}) with ordinality as k(${sql.raw(names)}, at)`,
    at: sql<number>`k.at::int`,
    column: (name: string) => sql`k.${sql.identifier(name)}`,
    /** The statement's parameters for these keys. */
    bind: (keys: readonly K[]) => Object.fromEntries(columns.map((c) => [c.name, keys.map(c.of)])),
  };
}

/** The rows of a statement over a `keyTable`, one per key in the keys' order, or undefined where it gave none. */
export function inKeyOrder<R extends { at: number }>(keys: readonly unknown[], rows: readonly R[]): (R | undefined)[] {
  const byAt = new Map(rows.map((row) => [row.at, row]));
  return keys.map((_, i) => byAt.get(i + 1));
}
