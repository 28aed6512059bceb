#!/usr/bin/env bash
# The whole test suite on the embedded database (PGlite); then, when TEST_DATABASE_URL
# points at a real PostgreSQL server, every database-facing suite again on it.
set -euo pipefail
cd "$(dirname "$0")/.."

pg_url="${TEST_DATABASE_URL:-}"
echo "== test suite on the embedded database (PGlite)"
env -u TEST_DATABASE_URL npx mocha 'tests/**/*.test.ts' "$@"
if [ -n "$pg_url" ]; then
  echo "== database-facing suites on PostgreSQL ($pg_url)"
  TEST_DATABASE_URL="$pg_url" npx mocha 'tests/server/**/*.test.ts' 'tests/cli/**/*.test.ts' "$@"
fi
