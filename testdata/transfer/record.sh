#!/usr/bin/env bash
# Records testdata/transfer/strapi5 from a live Strapi 5.54: installs the
# types of testdata/graphql/src into a Strapi project, loads load.js's data
# into an empty database, exports it with Strapi's own CLI three ways
# (.tar.gz, .tar, .tar.gz.enc; and once with --format dir, only to check that
# it is the archive unpacked), unpacks the .tar.gz into strapi5/unpacked, and
# imports each archive and the unpacked folder into a second empty database,
# whose REST answers are then compared with the source's (what the CLI
# printed goes to strapi5/export-output.txt and strapi5/import-output.txt).
#
#   PEER_DIR=<a Strapi 5.54 project> DB_NAME=strapi_xfer PORT=1342 bash testdata/transfer/record.sh
#
# PEER_DIR is a Strapi 5.54.0 project on PostgreSQL with its node_modules
# installed (@strapi/strapi, @strapi/plugin-users-permissions, pg), a
# config/ that reads DATABASE_NAME and PORT from the environment, and a .env
# with PEER_API_TOKEN, ADMIN_JWT_SECRET, API_TOKEN_SALT, TRANSFER_TOKEN_SALT,
# ENCRYPTION_KEY, JWT_SECRET, APP_KEYS (README.md: "Making them again").
# Its src/ is replaced. PostgreSQL on 127.0.0.1:5432, user postgres, is
# reached with psql as the postgres system user (su postgres), as root.
# DB_NAME is dropped and created; so is ${DB_NAME}_import.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
PEER_DIR="${PEER_DIR:?PEER_DIR: a Strapi 5.54 project (README.md)}"
PEER_DIR="$(cd "$PEER_DIR" && pwd)"
DB_NAME="${DB_NAME:-strapi_xfer}"
IMPORT_DB="${DB_NAME}_import"
PORT="${PORT:-1342}"
KEY="kiln-test-key"
OUT="$HERE/strapi5"
STRAPI=(node node_modules/@strapi/strapi/bin/strapi.js)

version=$(node -p "require('$PEER_DIR/node_modules/@strapi/strapi/package.json').version")
[ "$version" = 5.54.0 ] || { echo "PEER_DIR has @strapi/strapi $version, not 5.54.0"; exit 1; }

PEER="$PEER_DIR" READY_PATH=/api/sites
# shellcheck source=peer.sh
source "$HERE/peer.sh"
dump() { # $1 database, $2 output file
  start "$1"
  BASE="http://127.0.0.1:$PORT" TOKEN="$TOKEN" node "$HERE/load.js" --dump >"$2"
  stop
}
plain() { sed -e 's/\x1b\[[0-9;]*[A-Za-z]//g' -e "s#$OUT/##g" -e "s#$PEER_DIR/##g"; }

# 1. the project: testdata/graphql/src's types and components, each type
# with a core router, controller and service, and this folder's bootstrap.
graphql_project

# 2. the data, on an empty database
recreate_db "$DB_NAME"
start "$DB_NAME"
BASE="http://127.0.0.1:$PORT" TOKEN="$TOKEN" FILES="$REPO/testdata/graphql/files" node "$HERE/load.js"
stop

# 3. the archives, by Strapi's own CLI (it loads the project itself, so the
# server need not run)
rm -rf "$OUT" && mkdir -p "$OUT"
cd "$PEER_DIR"
export STRAPI_TELEMETRY_DISABLED=true
{
  echo "\$ strapi export --no-encrypt -f export"
  DATABASE_NAME="$DB_NAME" "${STRAPI[@]}" export --no-encrypt -f "$OUT/export" 2>&1
  echo
  echo "\$ strapi export --no-encrypt --no-compress -f export"
  DATABASE_NAME="$DB_NAME" "${STRAPI[@]}" export --no-encrypt --no-compress -f "$OUT/export" 2>&1 | tail -2
  echo
  echo "\$ strapi export --key $KEY -f export"
  DATABASE_NAME="$DB_NAME" "${STRAPI[@]}" export --key "$KEY" -f "$OUT/export" 2>&1 | tail -2
  echo
  # the same export as an unpacked folder (not kept: it is unpacked/ but
  # for metadata.json's createdAt)
  rm -rf "$PEER_DIR/export-dir"
  echo "\$ strapi export --no-encrypt --format dir -f export-dir"
  DATABASE_NAME="$DB_NAME" "${STRAPI[@]}" export --no-encrypt --format dir -f "$PEER_DIR/export-dir" 2>&1 | tail -2
} | plain >"$OUT/export-output.txt"
mkdir -p "$OUT/unpacked" && tar -xzf "$OUT/export.tar.gz" -C "$OUT/unpacked"
# compared line by line, in any order and with each line's keys sorted: the
# order of the rows is the database's (no ORDER BY; every start of Strapi
# rewrites the core-store row strapi_content_types_schema, which moves it),
# and the order of an entity's component fields differs from one export to
# the next; plugin_upload_metrics is left out, as every start of Strapi draws
# a new weeklySchedule for it
lines() {
  case "$1" in
    *.jsonl) node -e '
      const canon = (v) => Array.isArray(v) ? v.map(canon) : v && typeof v === "object"
        ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon(v[k])])) : v;
      const out = require("fs").readFileSync(process.argv[1], "utf8").split("\n").filter(Boolean)
        .filter((l) => !l.includes("\"key\":\"plugin_upload_metrics\""))
        .map((l) => JSON.stringify(canon(JSON.parse(l)))).sort();
      console.log(out.join("\n"));' "$1" ;;
    *) cat "$1" ;;
  esac
}
same=yes
for f in $({ (cd "$OUT/unpacked" && find . -type f ! -name metadata.json); (cd "$PEER_DIR/export-dir" && find . -type f ! -name metadata.json); } | sort -u); do
  if ! cmp -s <(lines "$OUT/unpacked/$f" 2>/dev/null) <(lines "$PEER_DIR/export-dir/$f" 2>/dev/null); then
    same=no; echo "--format dir: $f differs from the .tar.gz's" | tee -a "$OUT/export-output.txt"
  fi
done
if [ $same = yes ]; then
  echo "--format dir wrote the files of the .tar.gz (the same lines, but for metadata.json's createdAt and plugin_upload_metrics)" | tee -a "$OUT/export-output.txt"
fi
cd - >/dev/null

# 4. what the source database answers (REST, every type, drafts and locales)
dump "$DB_NAME" "$PEER_DIR/dump-source.json"

# 5. the reverse direction: each archive (and the unpacked folder) into an
# empty database of the same schema (Strapi makes the tables when the CLI
# loads the project), then the same REST reads as on the source
: >"$OUT/import-output.txt"
for args in "-f $OUT/export.tar.gz --force" "-f $OUT/export.tar --force" \
  "-f $OUT/export.tar.gz.enc --key $KEY --force" "-f $OUT/unpacked --force"; do
  recreate_db "$IMPORT_DB"
  {
    echo "\$ strapi import $args"
    cd "$PEER_DIR"
    # shellcheck disable=SC2086
    DATABASE_NAME="$IMPORT_DB" "${STRAPI[@]}" import $args 2>&1
    cd - >/dev/null
  } | plain >>"$OUT/import-output.txt"
  dump "$IMPORT_DB" "$PEER_DIR/dump-import.json"
  if cmp -s "$PEER_DIR/dump-source.json" "$PEER_DIR/dump-import.json"; then
    echo "(REST then answered as on the source database, row ids aside)" >>"$OUT/import-output.txt"
  else
    { echo "(REST then answered otherwise than on the source database:)"
      diff "$PEER_DIR/dump-source.json" "$PEER_DIR/dump-import.json" | head -40; } >>"$OUT/import-output.txt"
  fi
  echo >>"$OUT/import-output.txt"
done

# 6. what strapi import accepts of a hand-made folder (for Kiln's exports):
# (a) the unpacked export without strapi import's --force, stdin not a
# terminal; (b) its schemas cut to the api:: types and the components;
# (c) only metadata.json, those schemas, the api:: entities and the links
# between api:: types and components but localizations (no assets/, no
# configuration/), and what is left of the destination's plugin rows after.
EXP="$PEER_DIR/import-experiments"
rm -rf "$EXP" && mkdir -p "$EXP"
cp -r "$OUT/unpacked" "$EXP/b"
mkdir -p "$EXP/c/schemas" "$EXP/c/entities" "$EXP/c/links"
cp "$OUT/unpacked/metadata.json" "$EXP/c/"
node -e '
  const fs = require("fs");
  const [src, b, c] = process.argv.slice(1);
  const read = (f) => fs.readFileSync(`${src}/${f}`, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
  const write = (dir, f, rows) => fs.writeFileSync(`${dir}/${f}`, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
  const ours = (uid) => uid.startsWith("api::") || !uid.includes("::");
  const schemas = read("schemas/schemas_00001.jsonl").filter((s) => ours(s.uid));
  write(b, "schemas/schemas_00001.jsonl", schemas);
  write(c, "schemas/schemas_00001.jsonl", schemas);
  write(c, "entities/entities_00001.jsonl", read("entities/entities_00001.jsonl").filter((e) => ours(e.type)));
  write(c, "links/links_00001.jsonl", read("links/links_00001.jsonl")
    .filter((l) => ours(l.left.type) && ours(l.right.type) && l.left.field !== "localizations"));
' "$OUT/unpacked" "$EXP/b" "$EXP/c"
counts() {
  su postgres -c "psql -d $IMPORT_DB -tAc \"select 'i18n_locale', count(*) from i18n_locale union all select 'up_roles', count(*) from up_roles union all select 'up_permissions', count(*) from up_permissions union all select 'up_users', count(*) from up_users union all select 'files', count(*) from files union all select 'strapi_core_store_settings', count(*) from strapi_core_store_settings union all select 'strapi_webhooks', count(*) from strapi_webhooks union all select 'stories', count(*) from stories\"" | tr '|' ' '
}
{
  cd "$PEER_DIR"
  recreate_db "$IMPORT_DB"
  echo "(a) \$ strapi import -f unpacked </dev/null"
  { DATABASE_NAME="$IMPORT_DB" timeout 300 "${STRAPI[@]}" import -f "$OUT/unpacked" </dev/null 2>&1 && echo "exit status 0" || echo "exit status $?"; } | tail -3
  echo
  recreate_db "$IMPORT_DB"
  echo "(b) \$ strapi import -f b --force    # b: schemas of api:: types and components only"
  DATABASE_NAME="$IMPORT_DB" "${STRAPI[@]}" import -f "$EXP/b" --force 2>&1 | grep -v '^[├┌└]'
  echo "rows after (table, count):"; counts
  echo
  recreate_db "$IMPORT_DB"
  echo "(c) \$ strapi import -f c --force    # c: metadata.json, b's schemas, api:: entities, their links but localizations"
  DATABASE_NAME="$IMPORT_DB" "${STRAPI[@]}" import -f "$EXP/c" --force 2>&1 | grep -v '^[├┌└]'
  echo "rows after (table, count):"; counts
  cd - >/dev/null
} 2>&1 | plain | sed "s#$EXP/##g" >"$OUT/import-experiments.txt"

grep -E '^\$|^\(REST' "$OUT/import-output.txt"
ls -la "$OUT"
