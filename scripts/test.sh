#!/usr/bin/env bash
# The whole test suite on the embedded database (PGlite); when TEST_DATABASE_URL points at a
# real PostgreSQL server, every database-facing suite again on it. Arguments go to every mocha
# run (`npm test -- --grep sessions`).
#
# Two phases, to fit CI's time on two cores (a mocha run alone leaves a core idle half the time):
#  1. the sandbox and judge suites alone: they assert that no process of the sandbox user is
#     left on the host after their runs, which another suite's judging would break;
#  2. everything else in two streams at once, each file in exactly one of them. Their output is
#     shown live, each line marked with its stream, and each failing stream's failures again
#     at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

pg_url="${TEST_DATABASE_URL:-}"
alone=(tests/sandbox tests/judge)
# The server's files and the embedded stores' on one side, the browser, the cluster and the CLI
# on the other: about the same time each (per-file timings in docs/contributing.md).
# The CLI's judging (tests/judge/cli.test.ts, 93 s) checks no host-wide state: it runs in a stream.
stream_a=(tests/e2e tests/cluster tests/cli tests/judge/cli.test.ts tests/fuzz tests/web tests/architecture.test.ts)
stream_b=(tests/server tests/db)
# The files that reach the database through TEST_DATABASE_URL: the server's (a fresh database
# per test server), the stores' (tests/db/fresh-stores.ts), and the CLI's that talk to a test
# server or restore into PostgreSQL. The other CLI files use the embedded store of their own
# DATA_DIR or none: on PostgreSQL they would only run again as they did.
pg_a=(tests/db tests/cli/backup.test.ts tests/cli/server.test.ts)
pg_b=(tests/server)

files_of() {
  for place in "$@"; do
    if [ -d "$place" ]; then find "$place" -name '*.test.ts'; else echo "$place"; fi
  done | sort
}

# A test file in none of the lists above would never run: refuse instead.
missing=$(comm -23 <(files_of tests) <(files_of "${alone[@]}" "${stream_a[@]}" "${stream_b[@]}"))
if [ -n "$missing" ]; then
  echo "scripts/test.sh: these test files are in no phase; add their folder to a list:" >&2
  echo "$missing" >&2
  exit 1
fi

mocha_on_pglite() { env -u TEST_DATABASE_URL npx mocha $(files_of "$@") "${extra[@]}"; }
# Phase 1's files less those a stream lists.
phase1_files() { comm -23 <(files_of "${alone[@]}") <(files_of "${stream_a[@]}" "${stream_b[@]}"); }
mocha_on_postgres() { TEST_DATABASE_URL="$pg_url" npx mocha $(files_of "$@") "${extra[@]}"; }
extra=("$@")

echo "== phase 1: the sandbox and judge suites alone (PGlite)"
# A failure here still lets phase 2 run: one CI run shows every failure.
mocha_on_pglite $(phase1_files) && phase1=0 || phase1=$?

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
run_stream() {
  local name=$1
  shift
  {
    echo "== stream $name on the embedded database (PGlite)"
    mocha_on_pglite "$@" && status=0 || status=$?
    if [ -n "$pg_url" ] && [ "$status" -eq 0 ]; then
      echo "== stream $name: database-facing suites on PostgreSQL ($pg_url)"
      local pg_list="pg_$name[@]"
      mocha_on_postgres "${!pg_list}" && status=0 || status=$?
    fi
    echo "$status" >"$logs/$name.status"
  } 2>&1 | tee "$logs/$name.log" | sed -u "s/^/[$name] /"
}

echo "== phase 2: two streams at once"
run_stream a "${stream_a[@]}" &
pid_a=$!
run_stream b "${stream_b[@]}" &
pid_b=$!
wait "$pid_a" "$pid_b" || true

failed=0
if [ "$phase1" -ne 0 ]; then
  failed=1
  echo
  echo "== phase 1 failed (exit status $phase1): its failures are above, before phase 2"
fi
for name in a b; do
  status=$(cat "$logs/$name.status" 2>/dev/null || echo 1)
  if [ "$status" -ne 0 ]; then
    failed=1
    echo
    echo "== stream $name failed (exit status $status); its failures again:"
    sed -n '/^  [0-9]* failing/,$p' "$logs/$name.log"
  fi
done
exit "$failed"
