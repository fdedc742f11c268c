#!/usr/bin/env bash
# The API suite again on PostgreSQL: each test file gets its own database, cloned from a migrated
# template (apps/api/test/support/databases.ts) and dropped after it.
set -uo pipefail
cd "$(dirname "$0")/.."
export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
mkdir -p test-results
npm run build -w @balcony/contracts >/dev/null || exit 1
npx vitest run --project api --reporter=default --reporter=json --outputFile.json=test-results/vitest-postgres.json
status=$?
node scripts/count.mjs test-results/vitest-postgres.json || status=1
exit $status
