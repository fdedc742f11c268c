// `npm run bench` (api and pages), `npm run bench -- api`, `npm run bench -- pages` or
// `npm run bench -- purchases` (PostgreSQL and pgbench): prints the figures.
import { printApiRows, runApiBench } from './api.js';
import { printPageRows, runPagesBench } from './pages.js';

const which = process.argv[2] ?? 'all';
if (!['all', 'api', 'pages', 'purchases'].includes(which)) {
  console.error('usage: tsx index.ts [all|api|pages|purchases]');
  process.exit(2);
}

if (which === 'purchases') {
  // Loaded only here: it brings the api's own modules (the wallet) into this process.
  const { printPurchasesResult, runPurchasesBench } = await import('./purchases.js');
  printPurchasesResult(await runPurchasesBench(Number(process.env.BENCH_SECONDS ?? 10)));
  process.exit(0);
}

if (which !== 'pages') {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  printApiRows(await runApiBench(seconds), seconds);
}
if (which !== 'api') printPageRows(await runPagesBench());
