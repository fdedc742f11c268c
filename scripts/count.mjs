#!/usr/bin/env node
// Reads vitest and Playwright JSON reports and prints "N passed, N failed" (the line CI reads).
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.error(`missing report ${file}: counting its run as one failure`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats) {
    // Playwright
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
  } else {
    // vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numFailedTestSuites ?? 0) - countSuitesWithFailedTests(report);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

/** Suites that failed only because their tests failed are already counted through those tests. */
function countSuitesWithFailedTests(report) {
  return (report.testResults ?? []).filter(
    (s) => s.status === 'failed' && s.assertionResults?.some((a) => a.status === 'failed'),
  ).length;
}
