#!/usr/bin/env bash
# The GraphQL page's browser test: builds kiln, serves the repository's
# content types with GraphQL and its page on (SQLite in a temp folder, a
# free loopback port), then `node --test e2e/` with KILN_PLAYGROUND at its
# address; kiln is stopped on every way out. Needs Node 20+, npm ci in ui/ and
# Debian's chromium (KILN_CHROMIUM names another); under CI=true a browser
# that cannot start fails the test.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "$here/../../../.." && pwd)
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then kill "$pid"; wait "$pid" 2>/dev/null || true; fi
  done
  rm -rf "$work"
}
trap cleanup EXIT

(cd "$root" && go build -o "$work/kiln" ./cmd/kiln)
unset KILN_DATABASE_URL DATABASE_URL
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
(
  export KILN_CONTENT_TYPES_DIR="$root/content-types" KILN_CONFIG_DIR="$root/config" KILN_DATA_DIR="$work/data"
  export KILN_HOST=127.0.0.1 KILN_PORT="$port" KILN_DEMO=false KILN_LOG_LEVEL=warn KILN_GRAPHQL_ENABLED=true KILN_GRAPHQL_PLAYGROUND=true
  exec "$work/kiln" serve >"$work/kiln.log" 2>&1
) &
pids+=($!)
kiln="http://127.0.0.1:$port"
for _ in $(seq 1 150); do
  if node -e 'fetch(process.argv[1]).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))' "$kiln/_ready"; then break; fi
  sleep 0.2
done
node -e 'fetch(process.argv[1]).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))' "$kiln/_ready" || { echo "kiln did not start" >&2; cat "$work/kiln.log" >&2; exit 1; }

KILN_PLAYGROUND="$kiln"
export KILN_PLAYGROUND
cd "$here"
timeout 300 node --test --test-reporter=spec "${@:-e2e/}"
