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

echo "building kiln"
(cd "$root" && timeout 600 go build -o "$work/kiln" ./cmd/kiln)
mkdir -p "$work/data"

port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
export KILN_CONTENT_TYPES_DIR="$project/src" KILN_CONFIG_DIR="$project/config" KILN_DATA_DIR="$work/data"
export KILN_HOST=127.0.0.1 KILN_PORT="$port" KILN_DEMO=false KILN_LOG_LEVEL=warn
export KILN_GRAPHQL_ENABLED=true
unset KILN_DATABASE_URL DATABASE_URL

email=admin@graphql-clients.test password='Client-check-1'
"$work/kiln" admin create --email "$email" --username admin --password "$password" >/dev/null

"$work/kiln" serve >"$work/kiln.log" 2>&1 &
pid=$!
base="http://127.0.0.1:$port"
up=""
for _ in $(seq 1 100); do
  if node -e 'fetch(process.argv[1]).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))' "$base/api/versions"; then up=1; break; fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.2
done
[ -n "$up" ] || { echo "kiln did not start"; cat "$work/kiln.log"; exit 1; }
echo "kiln serves $base/graphql"

token=$(node -e '
  const [url, identifier, password] = process.argv.slice(1);
  fetch(url, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({identifier, password})})
    .then(r => r.json()).then(b => { if (!b.jwt) { console.error(JSON.stringify(b)); process.exit(1) } console.log(b.jwt) })' \
  "$base/api/auth/local" "$email" "$password")

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
