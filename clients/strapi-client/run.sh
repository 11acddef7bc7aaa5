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

. "$root/clients/serve-kiln.sh"
serve_kiln "$project/content-types" "$project/config"
base="$origin/api"
echo "kiln serves $base"

cd "$here"
timeout 300 npm ci --no-audit --no-fund --loglevel=error
KILN_URL="$base" KILN_TOKEN="$token" timeout 120 node test.js || { echo "kiln's log:"; tail -20 "$work/kiln.log"; exit 1; }
