#!/usr/bin/env bash
# Proves Kiln works as a framework from outside its module: this folder is
# a module of its own (go.mod, with Kiln from the repository through a
# replace), as a plugin author's would be. The script checks its code,
# runs its tests (on PostgreSQL too when KILN_TEST_POSTGRES_URL is set),
# builds its single binary, serves this project with it on SQLite in a temp
# folder on a free loopback port, and calls the plugin's endpoints as a
# client would. Each step is bounded in time; the server is stopped on
# every way out. .ci/run runs it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"

work=$(mktemp -d)
pid=""
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid"; wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

echo "gofmt, go vet"
unformatted=$(gofmt -l .)
[ -z "$unformatted" ] || { echo "gofmt would change: $unformatted"; exit 1; }
timeout 600 go vet ./...

echo "go test"
timeout 600 go test -count=1 ./...

echo "go build"
timeout 600 go build -o "$work/bookshelf" .

port=""
for _ in $(seq 1 50); do
  p=$((20000 + RANDOM % 20000))
  if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then port=$p; break; fi
done
[ -n "$port" ] || { echo "no free port"; exit 1; }
export KILN_CONTENT_TYPES_DIR="$here/content-types" KILN_CONFIG_DIR="$here/config" KILN_DATA_DIR="$work/data"
export KILN_HOST=127.0.0.1 KILN_PORT="$port" KILN_DEMO=false KILN_LOG_LEVEL=warn
unset KILN_DATABASE_URL DATABASE_URL

email=admin@bookshelf.test password='Bookshelf-check-1'
"$work/bookshelf" admin create --email "$email" --username admin --password "$password" >/dev/null
"$work/bookshelf" serve >"$work/serve.log" 2>&1 &
pid=$!
base="http://127.0.0.1:$port/api"
up=""
for _ in $(seq 1 100); do
  if curl -fsS -m 2 -o /dev/null "$base/books" 2>/dev/null; then up=1; break; fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.2
done
[ -n "$up" ] || { echo "bookshelf did not start"; cat "$work/serve.log"; exit 1; }
echo "bookshelf serves $base"

# call METHOD PATH [BODY]: the answer's body; fails on a status other
# than the one expected in $want.
call() {
  local out status
  out=$(curl -sS -m 10 -w '\n%{http_code}' -X "$1" -H "Authorization: Bearer ${token:-}" \
    -H 'Content-Type: application/json' ${3:+--data "$3"} "$base$2")
  status=${out##*$'\n'}
  if [ "$status" != "$want" ]; then
    echo "$1 $2: status $status, want $want: ${out%$'\n'*}"; exit 1
  fi
  printf '%s' "${out%$'\n'*}"
}

token=""
want=200 signin=$(call POST /auth/local "{\"identifier\":\"$email\",\"password\":\"$password\"}")
token=$(printf '%s' "$signin" | grep -o '"jwt":"[^"]*"' | cut -d'"' -f4)
[ -n "$token" ] || { echo "no token in $signin"; exit 1; }

want=201 book=$(call POST /books '{"data":{"title":"Dune"}}')
doc=$(printf '%s' "$book" | grep -o '"documentId":"[^"]*"' | cut -d'"' -f4)
want=201 call POST "/books/$doc/reviews" '{"rating":4,"body":"Sand, water and politics."}' >/dev/null
want=400 refused=$(call POST "/books/$doc/reviews" '{"rating":1,"body":"No."}')
case "$refused" in *'at least 20 characters","name":"ValidationError"'*) ;; *) echo "the hook's refusal: $refused"; exit 1 ;; esac
token=""
want=200 rating=$(call GET "/books/$doc/rating")
case "$rating" in *'"book":"Dune","reviews":1,"average":4,'*) ;; *) echo "the rating: $rating"; exit 1 ;; esac
echo "the plugin answers: $rating"
# Its page in the admin panel: listed, and its module served.
pages=$(curl -fsS -m 10 "http://127.0.0.1:$port/admin/plugins.json")
case "$pages" in *'"path":"ratings","label":"Ratings","action":"reviews.rating","module":"/admin/plugins/reviews/ratings.js"'*) ;; *) echo "the panel's pages: $pages"; exit 1 ;; esac
curl -fsS -m 10 "http://127.0.0.1:$port/admin/plugins/reviews/ratings.js" | grep -q 'export default function Ratings(' || { echo "the page's module is not served"; exit 1; }
echo "its page in the panel: /admin#/plugins/reviews/ratings"
