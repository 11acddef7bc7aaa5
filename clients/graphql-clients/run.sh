#!/usr/bin/env bash
# Checks Kiln's GraphQL with real clients, Apollo Client and urql: builds
# kiln, serves the GraphQL test project (testdata/graphql: its src/ and
# config/) with GraphQL on (KILN_GRAPHQL_ENABLED=true) on SQLite in a temp
# folder and a free loopback port, makes an admin with `kiln admin
# create`, signs in at /api/auth/local, writes the entries the tests read
# through GraphQL mutations with that token (seed.mjs), then runs
# `npm ci && node --test` (the *.test.mjs files), each step bounded in
# time, and stops kiln.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
project="$root/testdata/graphql"

for tool in node npm go; do
  command -v "$tool" >/dev/null || { echo "$tool is missing: the GraphQL clients check needs Go, Node 20+ and npm"; exit 1; }
done
node -e 'process.exit(+process.versions.node.split(".")[0] >= 20 ? 0 : 1)' ||
  { echo "Node $(node --version) is too old: Apollo Client and urql need Node 20 or later here"; exit 1; }

work=$(mktemp -d)
pid=""
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid"; wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

export KILN_GRAPHQL_ENABLED=true
. "$root/clients/serve-kiln.sh"
serve_kiln "$project/src" "$project/config"
base="$origin"
echo "kiln serves $base/graphql"

cd "$here"
start=$(date +%s)
timeout 300 npm ci --no-audit --no-fund --loglevel=error
echo "npm ci took $(( $(date +%s) - start ))s"

export KILN_GRAPHQL_URL="$base/graphql" KILN_TOKEN="$token"
fail() { echo "$1; kiln's log:"; tail -20 "$work/kiln.log"; exit 1; }
timeout 60 node seed.mjs || fail "seeding through GraphQL failed"
start=$(date +%s)
# One file at a time: the files share the server, and each asserts exact
# lists of the entries it reads.
timeout 300 node --test --test-concurrency=1 --test-reporter=spec || fail "the GraphQL clients' tests failed"
echo "node --test took $(( $(date +%s) - start ))s"
