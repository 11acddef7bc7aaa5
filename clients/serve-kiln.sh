# Sourced by the clients' run.sh: serve_kiln builds kiln, serves a project
# on SQLite in $work and a free loopback port, makes an admin with `kiln
# admin create` and signs it in. It sets pid (kiln's, for the caller's
# cleanup), origin (http://127.0.0.1:<port>) and token (the admin's JWT),
# and exits the script, with kiln's log, when kiln does not start.
#   serve_kiln <content types folder> <config folder>    (needs root, work)
serve_kiln() {
  echo "building kiln"
  (cd "$root" && timeout 600 go build -o "$work/kiln" ./cmd/kiln)
  mkdir -p "$work/data"
  local port
  port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  export KILN_CONTENT_TYPES_DIR="$1" KILN_CONFIG_DIR="$2" KILN_DATA_DIR="$work/data"
  export KILN_HOST=127.0.0.1 KILN_PORT="$port" KILN_DEMO=false KILN_LOG_LEVEL=warn
  unset KILN_DATABASE_URL DATABASE_URL

  local email=admin@clients.test password='Client-check-1'
  "$work/kiln" admin create --email "$email" --username admin --password "$password" >/dev/null

  "$work/kiln" serve >"$work/kiln.log" 2>&1 &
  pid=$!
  origin="http://127.0.0.1:$port"
  local up=""
  for _ in $(seq 1 100); do
    if node -e 'fetch(process.argv[1]).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))' "$origin/api/versions"; then up=1; break; fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  [ -n "$up" ] || { echo "kiln did not start"; cat "$work/kiln.log"; exit 1; }

  token=$(node -e '
    const [url, identifier, password] = process.argv.slice(1);
    fetch(url, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({identifier, password})})
      .then(r => r.json()).then(b => { if (!b.jwt) { console.error(JSON.stringify(b)); process.exit(1) } console.log(b.jwt) })' \
    "$origin/api/auth/local" "$email" "$password")
}
