#!/usr/bin/env bash
# Runs the panel's browser tests (e2e/*.test.mjs) against a real kiln
# serve: builds kiln, seeds the platform's small demo set on SQLite in a
# temp folder, makes an admin, serves on a free loopback port, runs
# `node --test e2e/`, and stops kiln on every way out. Needs Node 20+ and
# Debian's chromium (.ci/run installs it); under CI=true a browser that
# cannot start fails the tests.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "$here/../../.." && pwd)
work=$(mktemp -d)
pid=""
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill "$pid"; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

(cd "$root" && go build -o "$work/kiln" ./cmd/kiln)
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
export KILN_CONTENT_TYPES_DIR="$root/content-types" KILN_CONFIG_DIR="$root/config" KILN_DATA_DIR="$work/data"
export KILN_HOST=127.0.0.1 KILN_PORT="$port" KILN_DEMO=false KILN_LOG_LEVEL=warn
export KILN_WEBHOOKS_ALLOW_PRIVATE=true  # the webhook test's receiver is on loopback
unset KILN_DATABASE_URL DATABASE_URL
"$work/kiln" seed --scale small >/dev/null
export KILN_ADMIN_ROLES=admin,coach  # the coach signs in too: a role with fewer rights
export KILN_ADMIN_EMAIL=panel-admin@e2e.test KILN_ADMIN_PASSWORD='Panel-e2e-pass-1'
"$work/kiln" admin create --email "$KILN_ADMIN_EMAIL" --username panel-admin --password "$KILN_ADMIN_PASSWORD" >/dev/null
"$work/kiln" serve >"$work/serve.log" 2>&1 &
pid=$!
export KILN_BASE="http://127.0.0.1:$port"
for _ in $(seq 1 100); do
  if node -e 'fetch(process.argv[1]).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))' "$KILN_BASE/_ready"; then break; fi
  kill -0 "$pid" 2>/dev/null || { echo "kiln exited"; cat "$work/serve.log"; exit 1; }
  sleep 0.2
done
cd "$here"
timeout 600 node --test --test-reporter=spec e2e/
