#!/usr/bin/env bash
# The whole suite: unit and API tests (vitest, fresh PGlite per file), then the browser journeys
# (Playwright in Debian's Chromium against the built system). Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || { echo "Dependencies are missing: run npm install first." >&2; exit 1; }
rm -rf test-results e2e/test-results && mkdir -p test-results

status=0
npm run build || exit 1
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json || status=1

if bash scripts/ensure-chromium.sh; then
  (cd e2e && npx playwright test) || status=1
else
  status=1
fi

node scripts/count.mjs test-results/vitest.json e2e/test-results/report.json || status=1
exit $status
