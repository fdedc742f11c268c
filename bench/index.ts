// `npm run bench` (both), `npm run bench -- api` or `npm run bench -- pages`: prints the figures.
import { printApiRows, runApiBench } from './api.js';
import { printPageRows, runPagesBench } from './pages.js';

const which = process.argv[2] ?? 'all';
if (!['all', 'api', 'pages'].includes(which)) {
  console.error('usage: tsx index.ts [all|api|pages]');
  process.exit(2);
}

if (which !== 'pages') {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  printApiRows(await runApiBench(seconds), seconds);
}
if (which !== 'api') printPageRows(await runPagesBench());
