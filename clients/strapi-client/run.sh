#!/usr/bin/env bash
# Checks Kiln with the official @strapi/client: builds kiln, serves the
# single-types test project (testdata/single-types) on SQLite in a temp
# folder and a free loopback port, makes an admin with `kiln admin
# create`, signs in at /api/auth/local, then runs `npm ci && node test.js`
# with that token, each step bounded in time, and stops kiln.
# The project enables no plugin (it has no config/plugins.yaml), so it
# is served alone: its own types and roles, nothing of the platform's.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
project="$root/testdata/single-types"

for tool in node npm go; do
  command -v "$tool" >/dev/null || { echo "$tool is missing: the @strapi/client check needs Node 20+ and npm"; exit 1; }
done
node -e 'process.exit(+process.versions.node.split(".")[0] >= 20 ? 0 : 1)' ||
  { echo "Node $(node --version) is too old: @strapi/client needs Node 20 or later"; exit 1; }

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
(cd "$root" && go build -o "$work/kiln" ./cmd/kiln)
mkdir -p "$work/data"

port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
export KILN_CONTENT_TYPES_DIR="$project/content-types" KILN_CONFIG_DIR="$project/config" KILN_DATA_DIR="$work/data"
export KILN_HOST=127.0.0.1 KILN_PORT="$port" KILN_DEMO=false KILN_LOG_LEVEL=warn
unset KILN_DATABASE_URL DATABASE_URL

email=admin@single-types.test password='Client-check-1'
"$work/kiln" admin create --email "$email" --username admin --password "$password" >/dev/null

"$work/kiln" serve >"$work/kiln.log" 2>&1 &
pid=$!
base="http://127.0.0.1:$port/api"
up=""
for _ in $(seq 1 100); do
  if node -e 'fetch(process.argv[1]).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))' "$base/versions"; then up=1; break; fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.2
done
[ -n "$up" ] || { echo "kiln did not start"; cat "$work/kiln.log"; exit 1; }
echo "kiln serves $base"

token=$(node -e '
  const [url, identifier, password] = process.argv.slice(1);
  fetch(url, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({identifier, password})})
    .then(r => r.json()).then(b => { if (!b.jwt) { console.error(JSON.stringify(b)); process.exit(1) } console.log(b.jwt) })' \
  "$base/auth/local" "$email" "$password")

cd "$here"
timeout 300 npm ci --no-audit --no-fund --loglevel=error
KILN_URL="$base" KILN_TOKEN="$token" timeout 120 node test.js || { echo "kiln's log:"; tail -20 "$work/kiln.log"; exit 1; }
