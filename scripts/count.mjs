#!/usr/bin/env node
// Reads vitest and Playwright JSON reports and prints "N passed, N failed" (the line CI reads).
// Every failure is named just above that line, so the tail of a CI log says what failed.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
const failures = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    failures.push(`${file}: report missing, its run counts as one failure`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats) {
    // Playwright
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    failures.push(...playwrightFailures(report));
  } else {
    // vitest
    passed += report.numPassedTests;
    failed += report.numFailedTests + countFilesFailedWithoutTests(report);
    failures.push(...vitestFailures(report));
  }
}
for (const line of failures) console.log(`FAILED ${line}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

/**
 * Files that failed without a failed test (an import or a hook broke), one failure each. Vitest's
 * numFailedTestSuites counts every describe block around a failed test, so it is not used.
 */
function countFilesFailedWithoutTests(report) {
  return (report.testResults ?? []).filter(
    (s) => s.status === 'failed' && !s.assertionResults?.some((a) => a.status === 'failed'),
  ).length;
}

/**
 * A failure's message in a few lines: its first line, then what an assertion expected and received
 * (or the diff of a deep equality), so a CI log names the value that broke without the trace.
 */
function summary(text) {
  const lines = String(text ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: strips terminal colours from messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim());
  const [first = '', ...rest] = lines;
  const detail = rest.filter((l) => /^\s*(Expected|Received|[-+] )/.test(l) && !/^\s*at /.test(l)).slice(0, 12);
  return [first.trim(), ...detail].map((l) => l.slice(0, 300)).join('\n    ');
}

function vitestFailures(report) {
  const out = [];
  for (const suite of report.testResults ?? []) {
    const file = suite.name.replace(`${process.cwd()}/`, '');
    const tests = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const t of tests) out.push(`${file} > ${t.fullName}: ${summary(t.failureMessages?.[0])}`);
    if (suite.status === 'failed' && tests.length === 0) out.push(`${file}: ${summary(suite.message)}`);
  }
  return out;
}

function playwrightFailures(report) {
  const out = [];
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        out.push(`${spec.file} [${test.projectName}] > ${[...titles, spec.title].join(' > ')}: ${summary(error)}`);
      }
    }
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return out;
}
