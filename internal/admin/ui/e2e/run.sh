#!/usr/bin/env bash
# Runs the panel's browser tests (e2e/*.test.mjs) against real kiln
# servers: builds kiln, then serves, each on SQLite in a temp folder and a
# free loopback port with an admin made by `kiln admin create`, the
# platform (its small demo set seeded, or KILN_E2E_SCALE's: KILN_BASE) and
# seven projects of other shapes (KILN_PROJECTS): a `kiln init` project,
# testdata/single-types,
# a Strapi project's src/ (testdata/components), testdata/media,
# testdata/locales, e2e/kinds (every field kind) and testdata/plugin-module
# (a plugin of another module, with a page in the panel). Then `node --test
# e2e/` (or the test files given as arguments), and every kiln is stopped
# on every way out. Needs Node 20+ and Debian's chromium (.ci/run installs
# it); under CI=true a browser that cannot start fails the tests.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "$here/../../.." && pwd)
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
# The plugin author's module (testdata/plugin-module): its binary serves
# its own project with the reviews plugin and that plugin's panel page.
(cd "$root/testdata/plugin-module" && go build -o "$work/bin/bookshelf" .)
export KILN_ADMIN_EMAIL=panel-admin@e2e.test KILN_ADMIN_PASSWORD='Panel-e2e-pass-1'
export KILN_ADMIN_ROLES=admin,coach  # the coach signs in too: a role with fewer rights
export KILN_WEBHOOKS_ALLOW_PRIVATE=true  # the webhook test's receiver is on loopback
unset KILN_DATABASE_URL DATABASE_URL

# serve NAME CONTENT_TYPES CONFIG [seed]: a kiln of that project, its
# address left in $served; $bin is the binary (kiln unless given). (Not
# printed for a $(...) to read: the pid
# would then be kept in that subshell, and the cleanup would miss it.)
served=""
serve() {
  local name=$1 types=$2 config=$3 seed=${4:-}
  local port
  port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  (
    export KILN_CONTENT_TYPES_DIR="$types" KILN_CONFIG_DIR="$config" KILN_DATA_DIR="$work/$name"
    export KILN_HOST=127.0.0.1 KILN_PORT="$port" KILN_DEMO=false KILN_LOG_LEVEL=warn
    local bin=${bin:-$work/kiln}
    if [ -n "$seed" ]; then "$bin" seed --scale "${KILN_E2E_SCALE:-small}" >/dev/null; fi
    "$bin" admin create --email "$KILN_ADMIN_EMAIL" --username panel-admin --password "$KILN_ADMIN_PASSWORD" >/dev/null
    exec "$bin" serve >"$work/$name.log" 2>&1
  ) &
  pids+=($!)
  local base="http://127.0.0.1:$port"
  for _ in $(seq 1 150); do
    if node -e 'fetch(process.argv[1]).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))' "$base/_ready"; then
      served=$base; return 0
    fi
    sleep 0.2
  done
  echo "kiln ($name) did not start" >&2; cat "$work/$name.log" >&2; return 1
}

"$work/kiln" init "$work/init-project" >/dev/null
serve platform "$root/content-types" "$root/config" seed; KILN_BASE=$served
# The init project lets the panel write its files (config/views.yaml).
KILN_ADMIN_DEVELOPMENT=true serve init "$work/init-project/content-types" "$work/init-project/config"; init=$served
serve single-types "$root/testdata/single-types/content-types" "$root/testdata/single-types/config"; singles=$served
serve strapi-src "$root/testdata/components/src" "$root/testdata/components/config"; strapi=$served
serve media "$root/testdata/media/content-types" "$root/testdata/media/config"; media=$served
serve locales "$root/testdata/locales/content-types" "$root/testdata/locales/config"; locales=$served
serve kinds "$here/e2e/kinds/content-types" "$here/e2e/kinds/config"; kinds=$served
bin="$work/bin/bookshelf" serve bookshelf "$root/testdata/plugin-module/content-types" "$root/testdata/plugin-module/config"; bookshelf=$served
export KILN_BASE
export KILN_PROJECTS="{\"init\":\"$init\",\"single-types\":\"$singles\",\"strapi-src\":\"$strapi\",\"media\":\"$media\",\"locales\":\"$locales\",\"kinds\":\"$kinds\",\"bookshelf\":\"$bookshelf\"}"
cd "$here"
timeout 600 node --test --test-reporter=spec "${@:-e2e/}"
