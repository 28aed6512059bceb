#!/usr/bin/env bash
# The whole test suite on the embedded database (PGlite); then, when TEST_DATABASE_URL
# points at a real PostgreSQL server, every database-facing suite again on it.
set -euo pipefail
cd "$(dirname "$0")/.."

pg_url="${TEST_DATABASE_URL:-}"
echo "== test suite on the embedded database (PGlite)"
env -u TEST_DATABASE_URL npx mocha 'tests/**/*.test.ts' "$@"
if [ -n "$pg_url" ]; then
  # The files that reach the database through TEST_DATABASE_URL: the server's (a fresh database
  # per test server), the stores' (tests/db/fresh-stores.ts), and the CLI's that talk to a test
  # server or restore into PostgreSQL. The other CLI files use the embedded store of their own
  # DATA_DIR or none: on PostgreSQL they would only run again as they did.
  echo "== database-facing suites on PostgreSQL ($pg_url)"
  TEST_DATABASE_URL="$pg_url" npx mocha 'tests/server/**/*.test.ts' 'tests/db/**/*.test.ts' \
    tests/cli/backup.test.ts tests/cli/server.test.ts "$@"
fi
