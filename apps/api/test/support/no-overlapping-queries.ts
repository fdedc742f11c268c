import { afterEach, expect } from 'vitest';

// A transaction holds one connection, and node-postgres deprecates queueing queries on it while
// one runs (pg 9 will refuse). It warns when a query finds another already waiting (three at
// once), once per process: the first test that does it fails here, on PostgreSQL
// (npm run test:db), naming itself.

const OVERLAP = /client\.query\(\) when the client is already executing a query/;
const offenders: string[] = [];

process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' && OVERLAP.test(warning.message)) {
    offenders.push(expect.getState().currentTestName ?? 'a hook');
  }
});

afterEach(() => {
  const found = offenders.splice(0);
  if (found.length > 0) {
    throw new Error(`overlapping queries on one connection (inside a transaction?) in: ${found.join(', ')}`);
  }
});
