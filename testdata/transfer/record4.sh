#!/usr/bin/env bash
# Records testdata/transfer/strapi4 from a live Strapi 4.25: installs
# strapi4-app/ into PEER4_DIR (npm install when node_modules is missing,
# about 3 minutes), loads load4.js's data into an empty database, exports it
# with Strapi's own CLI (--no-encrypt: .tar.gz), unpacks it into
# strapi4/unpacked, and imports it into a second empty database (what the
# CLI printed goes to strapi4/export-output.txt and import-output.txt).
#
#   PEER4_DIR=<an empty or earlier folder> DB_NAME=strapi_xfer4 PORT=1343 bash testdata/transfer/record4.sh
#
# Node 20 (4.25 supports 18 and 20), npm reaching the npm registry,
# PostgreSQL on 127.0.0.1:5432 reached as the postgres system user (as root).
# DB_NAME and ${DB_NAME}_import are dropped and created.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
PEER4_DIR="${PEER4_DIR:?PEER4_DIR: a folder for the Strapi 4 project}"
mkdir -p "$PEER4_DIR" && PEER4_DIR="$(cd "$PEER4_DIR" && pwd)"
DB_NAME="${DB_NAME:-strapi_xfer4}"
IMPORT_DB="${DB_NAME}_import"
PORT="${PORT:-1343}"
OUT="$HERE/strapi4"
STRAPI=(node node_modules/@strapi/strapi/bin/strapi.js)
TOKEN=peer-full-access-token-0123456789abcdef0123456789abcdef0123456789abcdef

PEER="$PEER4_DIR" READY_PATH=/api/writers
# shellcheck source=peer.sh
source "$HERE/peer.sh"
plain() { sed -e 's/\x1b\[[0-9;]*[A-Za-z]//g' -e "s#$OUT/##g" -e "s#$PEER4_DIR/##g"; }

# 1. the project
cp "$HERE/strapi4-app/package.json" "$PEER4_DIR/"
rm -rf "$PEER4_DIR/config" "$PEER4_DIR/src" "$PEER4_DIR/public/uploads"
cp -r "$HERE/strapi4-app/config" "$HERE/strapi4-app/src" "$PEER4_DIR/"
mkdir -p "$PEER4_DIR/public/uploads"
core_files
# test-only secrets, as the Strapi peer's .env.example has them
cat >"$PEER4_DIR/.env" <<ENV
NODE_ENV=production
STRAPI_TELEMETRY_DISABLED=true
APP_KEYS=peerKeyOne0000000000000==,peerKeyTwo0000000000000==
API_TOKEN_SALT=peerApiTokenSalt000000==
ADMIN_JWT_SECRET=peerAdminJwtSecret0000==
TRANSFER_TOKEN_SALT=peerTransferTokenSalt0==
JWT_SECRET=peerJwtSecret0000000000==
PEER_API_TOKEN=$TOKEN
ENV
if [ ! -d "$PEER4_DIR/node_modules/@strapi/strapi" ]; then
  (cd "$PEER4_DIR" && npm install --no-audit --no-fund --loglevel=error)
fi

# 2. the data
recreate_db "$DB_NAME"
start "$DB_NAME"
BASE="http://127.0.0.1:$PORT" TOKEN="$TOKEN" FILES="$REPO/testdata/graphql/files" node "$HERE/load4.js"
stop

# 3. the archive
rm -rf "$OUT" && mkdir -p "$OUT/unpacked"
cd "$PEER4_DIR"
{ echo "\$ strapi export --no-encrypt -f export"
  DATABASE_NAME="$DB_NAME" "${STRAPI[@]}" export --no-encrypt -f "$OUT/export" 2>&1; } | plain >"$OUT/export-output.txt"
tar -xzf "$OUT/export.tar.gz" -C "$OUT/unpacked"

# 4. back into an empty database
recreate_db "$IMPORT_DB"
{ echo "\$ strapi import -f export.tar.gz --force"
  DATABASE_NAME="$IMPORT_DB" "${STRAPI[@]}" import -f "$OUT/export.tar.gz" --force 2>&1; } | plain >"$OUT/import-output.txt"
cd - >/dev/null
tail -3 "$OUT/import-output.txt"
ls -la "$OUT"
