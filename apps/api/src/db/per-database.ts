import type { Db } from './client.js';

/**
 * A value made once per database handle and kept as long as the handle lives: a prepared
 * statement, a batch loader. Outside a transaction the handle is the pool, so it is made once.
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
