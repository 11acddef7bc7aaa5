#!/usr/bin/env bash
# run.sh <projects/x.json> <project src/> [custom-fields.yaml]
# Loads the schema into a Strapi 5 peer and into Kiln (SQLite, then PostgreSQL),
# writes the same generated entries to each, and compares the project's queries.
# Env: KILN (kiln binary), PEER_DIR (a peer copy), PEER_SH (the peer's peer.sh),
# PEER_PORT (1345), PEER_DB (strapi_compare), KILN_PORT (1346),
# PG (postgres://postgres@127.0.0.1:5432), ONLY (sqlite|postgres to run one).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
PROJECT=$1; SRC=$2; CF=${3:-}
KILN=${KILN:?kiln binary}; PEER_DIR=${PEER_DIR:?peer dir}; PEER_SH=${PEER_SH:?peer.sh}
PEER_PORT=${PEER_PORT:-1345}; PEER_DB=${PEER_DB:-strapi_compare}; KILN_PORT=${KILN_PORT:-1346}
PG=${PG:-postgres://postgres@127.0.0.1:5432}
W=${WORK:-/tmp/project-compare}; mkdir -p "$W"
cf=(); [ -n "$CF" ] && cf=(--custom-fields "$CF")
name=$(basename "$PROJECT" .json)

# KEEP_PEER=1 reuses the running peer and its entries (a re-run against Kiln only)
if [ -z "${KEEP_PEER:-}" ]; then
  rm -rf "$W"; mkdir -p "$W"
  node "$HERE/compare.js" peer-setup --src "$SRC" --peer-dir "$PEER_DIR" --project "$PROJECT" "${cf[@]}"
  PEER_DIR=$PEER_DIR PORT=$PEER_PORT DB_NAME=$PEER_DB bash "$PEER_SH" reset
fi
PT=$(grep ^PEER_API_TOKEN "$PEER_DIR/.env" | cut -d= -f2)
[ -n "${KEEP_PEER:-}" ] || node "$HERE/compare.js" load --src "$SRC" --base "http://127.0.0.1:$PEER_PORT" --token "$PT" --project "$PROJECT" --out "$W/peer.json" "${cf[@]}"

node "$HERE/compare.js" kiln-config --src "$SRC" --out "$W/config" --project "$PROJECT" "${cf[@]}"
for db in sqlite postgres; do
  [ -n "${ONLY:-}" ] && [ "$ONLY" != $db ] && continue
  rm -rf "$W/data"; mkdir -p "$W/data"
  unset KILN_DATABASE_URL
  if [ $db = postgres ]; then
    psql -q "$PG/postgres" -c "DROP DATABASE IF EXISTS kiln_compare" -c "CREATE DATABASE kiln_compare"
    export KILN_DATABASE_URL="$PG/kiln_compare?sslmode=disable"
  fi
  flags=(--content-types "$SRC" --config "$W/config" --data "$W/data")
  KT=$("$KILN" token create --name compare --type full-access "${flags[@]}" 2>"$W/token-$db.log" | tail -1) || { echo "kiln token ($db) failed:"; tail -5 "$W/token-$db.log"; [ $db = postgres ] && psql -q "$PG/postgres" -c "DROP DATABASE IF EXISTS kiln_compare"; continue; }
  KILN_HOST=127.0.0.1 KILN_PORT=$KILN_PORT "$KILN" serve --no-demo "${flags[@]}" >"$W/kiln-$db.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 120); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$KILN_PORT/_ready")" = 200 ] && break
    kill -0 $pid 2>/dev/null || break; sleep 0.5
  done
  if kill -0 $pid 2>/dev/null; then
    node "$HERE/compare.js" load --src "$SRC" --base "http://127.0.0.1:$KILN_PORT" --token "$KT" --project "$PROJECT" --out "$W/kiln-$db.json" "${cf[@]}"
    echo "== $name on Kiln ($db) vs Strapi 5.54"
    node "$HERE/compare.js" compare --project "$PROJECT" --kiln "http://127.0.0.1:$KILN_PORT" --kiln-map "$W/kiln-$db.json" --kiln-token "$KT" --peer-token "$PT" \
      --peer "http://127.0.0.1:$PEER_PORT" --peer-map "$W/peer.json" ${VERBOSE:+--verbose} | tee "$W/result-$db.txt"
    kill $pid; wait $pid 2>/dev/null || true
  else
    echo "== $name: Kiln ($db) did not start:"; grep -i 'error' "$W/kiln-$db.log" | head -3 | cut -c1-300
  fi
  [ $db = postgres ] && psql -q "$PG/postgres" -c "DROP DATABASE IF EXISTS kiln_compare"
done
