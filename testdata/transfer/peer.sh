# Sourced by record.sh, record4.sh and roundtrip.sh: a live Strapi of the
# peer project started and stopped on a database of its own, and those
# databases made afresh. The caller sets PEER (the Strapi project's
# folder), PORT, STRAPI (the command that runs Strapi's CLI, from PEER)
# and READY_PATH (a path Strapi answers once it serves).

psql_() { su postgres -c "psql -qc \"$1\""; }
recreate_db() { psql_ "DROP DATABASE IF EXISTS $1 WITH (FORCE)" 2>/dev/null; psql_ "CREATE DATABASE $1"; }

PID=""
start() { # $1 database
  if [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/")" != 000 ]; then
    echo "port $PORT is in use"; exit 1
  fi
  cd "$PEER"
  PORT="$PORT" DATABASE_NAME="$1" nohup "${STRAPI[@]}" start >"$PEER/strapi-$PORT.log" 2>&1 &
  PID=$!
  cd - >/dev/null
  echo "$PID" >"$PEER/strapi-$PORT.pid"
  for _ in $(seq 1 600); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT$READY_PATH")" != 000 ] && return
    kill -0 "$PID" 2>/dev/null || { tail -30 "$PEER/strapi-$PORT.log"; exit 1; }
    sleep 0.5
  done
  echo "Strapi did not answer"; exit 1
}
stop() {
  [ -n "$PID" ] || return 0
  kill "$PID" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$PID" 2>/dev/null || break; sleep 0.2; done
  kill -0 "$PID" 2>/dev/null && kill -9 "$PID"
  PID=""; rm -f "$PEER/strapi-$PORT.pid"
}
trap stop EXIT

# core_files gives each type of $PEER/src/api a core controller, router
# and service (Strapi's factories), as `strapi generate` would.
core_files() {
  local dir name uid
  for dir in "$PEER"/src/api/*/; do
    name=$(basename "$dir"); uid="api::$name.$name"
    mkdir -p "$dir/controllers" "$dir/routes" "$dir/services"
    printf "'use strict';\nmodule.exports = require('@strapi/strapi').factories.createCoreController('%s');\n" "$uid" >"$dir/controllers/$name.js"
    printf "'use strict';\nmodule.exports = require('@strapi/strapi').factories.createCoreRouter('%s');\n" "$uid" >"$dir/routes/$name.js"
    printf "'use strict';\nmodule.exports = require('@strapi/strapi').factories.createCoreService('%s');\n" "$uid" >"$dir/services/$name.js"
  done
}

# graphql_project makes $PEER's src/ testdata/graphql/src's types and
# components with core files and this folder's bootstrap (Strapi 5), and
# sets TOKEN to the peer's full-access API token.
graphql_project() {
  rm -rf "$PEER/src" "$PEER/public/uploads"
  mkdir -p "$PEER/src" "$PEER/public/uploads"
  cp -r "$REPO/testdata/graphql/src/api" "$REPO/testdata/graphql/src/components" "$PEER/src/"
  cp "$HERE/strapi/index.js" "$PEER/src/index.js"
  core_files
  TOKEN=$(grep '^PEER_API_TOKEN=' "$PEER/.env" | cut -d= -f2)
}
