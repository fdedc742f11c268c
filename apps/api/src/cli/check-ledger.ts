import { checkLedger } from '../modules/wallet/service.js';
import { openCliDatabase } from './database.js';

// `npm run check:ledger`: recomputes the coin book (DESIGN §5) and exits 1 on any mismatch:
// a ledger whose debits and credits differ, an account whose totals are not its transfers, a lot
// whose remainder is not its amount minus its allocations, a member balance below zero or not
// equal to their lots.

const database = await openCliDatabase();
try {
  const problems = await checkLedger(database.db);
  const found = Object.entries(problems).filter(([, rows]) => rows.length > 0);
  for (const [kind, rows] of found) console.error(`${kind}: ${rows.length}`, JSON.stringify(rows.slice(0, 20)));
  console.log(found.length === 0 ? 'ledger: every balance matches its entries' : 'ledger: MISMATCH');
  process.exitCode = found.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
