#!/usr/bin/env bash
# Both ways between a live Strapi 5.54 and Kiln, on strapi5/export.tar.gz
# (not re-recorded: other tests depend on its exact contents):
#
#  1. strapi import of export.tar.gz into an empty database, Strapi started
#     on it, load.js --dump: what Strapi answers of the archive
#     (strapi5/strapi-dump.json; internal/transfer TestAnswersAsStrapi makes
#     the same reads of Kiln after kiln import of the same archive). This
#     run's dump is compared with the committed one (WRITE_DUMP=1 replaces
#     it).
#  2. kiln import of export.tar.gz into a Kiln project of the same types
#     (testdata/graphql/src, locales en, fr, de, testdata/graphql's
#     permissions), kiln export --no-encrypt, then strapi import of Kiln's
#     archive into another empty database, first without --force (does it
#     ask about schemas?), then with --force; Strapi started on it,
#     load.js --dump again (strapi5/kiln-export-dump.json; internal/transfer
#     TestKilnExportIntoStrapi compares it with strapi-dump.json), and the
#     users' sign-in (POST /api/auth/local as alice).
#
# What the commands printed, and the comparisons, go to
# strapi5/kiln-export-into-strapi.txt.
#
#   PEER_DIR=<a Strapi 5.54 project> DB_NAME=strapi_rt PORT=1344 bash testdata/transfer/roundtrip.sh
#
# PEER_DIR is a Strapi 5.54.0 project as record.sh wants it (README.md,
# "Making them again"); its src/ is replaced as record.sh replaces it.
# DB_NAME and ${DB_NAME}_kiln are dropped and created (PostgreSQL on
# 127.0.0.1:5432, through su postgres, as root). Kiln: KILN (a kiln binary;
# default: go build ./cmd/kiln), KILN_DATABASE_URL (default: SQLite in the
# work folder). WORK (default: a new temporary folder) holds Kiln's project
# data, its archive and the dumps. Every Strapi started is stopped.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
PEER_DIR="${PEER_DIR:?PEER_DIR: a Strapi 5.54 project (README.md)}"
PEER_DIR="$(cd "$PEER_DIR" && pwd)"
DB_NAME="${DB_NAME:-strapi_rt}"
KILN_DB="${DB_NAME}_kiln"
PORT="${PORT:-1344}"
WORK="${WORK:-$(mktemp -d)}"
OUT="$HERE/strapi5"
REPORT="$OUT/kiln-export-into-strapi.txt"
ARCHIVE="$OUT/export.tar.gz"
STRAPI=(node node_modules/@strapi/strapi/bin/strapi.js)
export STRAPI_TELEMETRY_DISABLED=true
mkdir -p "$WORK"

version=$(node -p "require('$PEER_DIR/node_modules/@strapi/strapi/package.json').version")
[ "$version" = 5.54.0 ] || { echo "PEER_DIR has @strapi/strapi $version, not 5.54.0"; exit 1; }

PEER="$PEER_DIR" READY_PATH=/api/sites
# shellcheck source=peer.sh
source "$HERE/peer.sh"
now() { date +%s.%N; }
since() { printf '%.1f s' "$(echo "$(now) - $1" | bc)"; }
plain() { sed -e 's/\x1b\[[0-9;]*[A-Za-z]//g' -e 's/\r//g' -e "s#$OUT/##g" -e "s#$WORK/##g" -e "s#$PEER_DIR/##g" -e "s#$REPO/##g"; }
# the table strapi import prints, but for its totals
untabled() { grep -v -e '^[├┌└]' -e '^│ --' ; }
log() { echo "$@" | plain | tee -a "$REPORT"; }

# The project, as record.sh makes it.
graphql_project
dump() { # $1 output file
  local t; t=$(now)
  BASE="http://127.0.0.1:$PORT" TOKEN="$TOKEN" node "$HERE/load.js" --dump >"$1"
  log "(load.js --dump: $(since "$t"))"
}
strapi_import() { # $1 database, then strapi import's arguments
  local db=$1 t; shift
  t=$(now)
  log "\$ strapi import $*"
  { cd "$PEER_DIR"; DATABASE_NAME="$db" "${STRAPI[@]}" import "$@" 2>&1 && echo "exit status 0" || echo "exit status $?"; } |
    plain | untabled | tee -a "$REPORT"
  log "(strapi import: $(since "$t"))"
}

# imported_and_dumped: a fresh database $1, strapi import --force of the
# archive $2 into it, Strapi started on it (left running) and its answers
# dumped into $3.
imported_and_dumped() {
  recreate_db "$1"
  strapi_import "$1" -f "$2" --force
  local t; t=$(now); start "$1"; log "(Strapi started: $(since "$t"))"
  dump "$3"
}

: >"$REPORT"
log "Round trip of strapi5/export.tar.gz, $(date -u +%Y-%m-%dT%H:%M:%SZ), Strapi $version"
log

# 1. Strapi's own archive into Strapi: what it answers.
log "== 1. strapi import of export.tar.gz, then load.js --dump"
imported_and_dumped "$DB_NAME" "$ARCHIVE" "$WORK/strapi-dump.json"
stop
if [ "${WRITE_DUMP:-}" = 1 ]; then
  cp "$WORK/strapi-dump.json" "$OUT/strapi-dump.json"
  log "strapi-dump.json written"
elif cmp -s "$WORK/strapi-dump.json" "$OUT/strapi-dump.json"; then
  log "the dump is strapi-dump.json, byte for byte"
else
  log "the dump differs from strapi-dump.json:"
  diff "$OUT/strapi-dump.json" "$WORK/strapi-dump.json" | head -40 | tee -a "$REPORT"
fi
log

# 2. Through Kiln: kiln import, kiln export, strapi import.
log "== 2. kiln import of export.tar.gz, kiln export, strapi import of Kiln's archive"
if [ -z "${KILN:-}" ]; then
  KILN="$WORK/kiln"
  (cd "$REPO" && go build -o "$KILN" ./cmd/kiln)
fi
rm -rf "$WORK/kiln-config" "$WORK/kiln-data" "$WORK/kiln-export.tar.gz"
mkdir -p "$WORK/kiln-config" "$WORK/kiln-data"
cp "$REPO/testdata/graphql/config/permissions.yaml" "$WORK/kiln-config/"
printf 'defaultLocale: en\nlocales:\n  - {code: en, name: English (en)}\n  - {code: fr, name: French (fr)}\n  - {code: de, name: German (de)}\n' >"$WORK/kiln-config/i18n.yaml"
export KILN_CONTENT_TYPES_DIR="$REPO/testdata/graphql/src" KILN_CONFIG_DIR="$WORK/kiln-config" KILN_DATA_DIR="$WORK/kiln-data"
export KILN_DATABASE_URL="${KILN_DATABASE_URL:-sqlite:$WORK/kiln-data/kiln.db}"
log "Kiln's database: ${KILN_DATABASE_URL%%:*}"
log "\$ kiln import export.tar.gz"
"$KILN" import "$ARCHIVE" 2>&1 | plain | tee -a "$REPORT"
log "\$ kiln export -f kiln-export --no-encrypt"
"$KILN" export -f "$WORK/kiln-export" --no-encrypt 2>&1 | plain | tee -a "$REPORT"
log

# Without --force, stdin a terminal (a pty): yes to "The import will
# delete your existing data!", no to any other question (a schema
# difference asks whether to go on).
log "-- without --force (yes to the first question, no to any other):"
recreate_db "$KILN_DB"
t=$(now)
(cd "$PEER_DIR" && DATABASE_NAME="$KILN_DB" python3 - "${STRAPI[@]}" import -f "$WORK/kiln-export.tar.gz" <<'PY'
# strapi import on a pty: each inquirer question (a line ending "(y/N)")
# answered once, yes to the data deletion, no to any other; then what it
# printed, without the spinners and the prompts' redrawing.
import fcntl, os, pty, re, select, struct, sys, termios
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 400, 0, 0))  # a question on one line
ansi = re.compile(r"\x1b\[[?0-9;]*[A-Za-z]")
spin = "\u280b\u2819\u2839\u2838\u283c\u2834\u2826\u2827\u2807\u280f"
def lines(raw):
    return [l.rstrip() for l in re.split(f"[\\r\\n]+|(?=[{spin}\u2714])", ansi.sub("", raw.decode(errors="replace")))]
out, asked = b"", []
while select.select([fd], [], [], 600)[0]:
    try:
        chunk = os.read(fd, 4096)
    except OSError:
        break
    if not chunk:
        break
    out += chunk
    for q in re.findall(r"\? (.*?) \((?:y/N|Y/n)\)", "\n".join(lines(out))):
        if q not in [x for x, _ in asked]:
            yes = "will delete your existing data" in q
            asked.append((q, "yes" if yes else "no"))
            os.write(fd, b"y\r" if yes else b"n\r")
_, status = os.waitpid(pid, 0)
seen = set()
for line in lines(out):
    if not line or line[0] in spin + "-" or "(y/N)" in line or line in seen:
        continue
    seen.add(line)
    print(line)
for q, a in asked:
    print(f"(asked: {q} -> answered {a})")
print(f"exit status {os.waitstatus_to_exitcode(status)}")
PY
) 2>&1 | plain | untabled | tee -a "$REPORT"
log "(strapi import: $(since "$t"))"
log

log "-- with --force:"
imported_and_dumped "$KILN_DB" "$WORK/kiln-export.tar.gz" "$WORK/kiln-export-dump.json"
cp "$WORK/kiln-export-dump.json" "$OUT/kiln-export-dump.json"
signin=$(curl -s -w ' %{http_code}' -H 'Content-Type: application/json' \
  -d '{"identifier":"alice","password":"Passw0rd!"}' "http://127.0.0.1:$PORT/api/auth/local")
log "POST /api/auth/local as alice: HTTP ${signin##* }, $(node -e '
  const a = JSON.parse(process.argv[1].replace(/ [0-9]+$/, ""));
  console.log(a.jwt ? `a jwt for ${a.user.username} (${a.user.email}, confirmed ${a.user.confirmed})` : JSON.stringify(a.error));' "$signin")"
stop
log

log "== the dumps compared"
log "reads answered otherwise than in strapi-dump.json, byte for byte: $(node -e '
  const [a, b] = process.argv.slice(1).map((f) => JSON.parse(require("fs").readFileSync(f, "utf8")));
  const names = Object.keys(a).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
  console.log(names.length ? names.join(", ") : "none");' "$OUT/strapi-dump.json" "$WORK/kiln-export-dump.json")"
log "go test -run TestKilnExportIntoStrapi ./internal/transfer (kilnsProject says what it leaves out):"
if (cd "$REPO" && go test -count=1 -run 'TestKilnExportIntoStrapi' ./internal/transfer 2>&1) | plain | tee -a "$REPORT"; then
  log "Strapi answers Kiln's export as it answers its own, but for the differences the test names"
else
  log "Strapi answers Kiln's export otherwise than its own (above)"
fi
