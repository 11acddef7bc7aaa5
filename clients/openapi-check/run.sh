#!/usr/bin/env bash
# Validates every OpenAPI document Kiln serves with a second validator,
# independent of the Go tests' kin-openapi: @readme/openapi-parser.
# The Go test TestServedDocumentsAreValid (internal/cli) builds each project
# as kiln serve does (the platform with its plugins and with each switched
# off, testdata/single-types, a kiln init project), fetches /api/openapi.json,
# /api/v1/openapi.json and /api/v2/openapi.json through the real router,
# validates them with kin-openapi, and writes them into a temp folder
# (KILN_OPENAPI_DIR); then `npm ci && node check.js` validates each file.
# Both verdicts are printed; either failing fails the step.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

for tool in node npm go; do
  command -v "$tool" >/dev/null || { echo "$tool is missing: the OpenAPI check needs Go, Node 20+ and npm"; exit 1; }
done
node -e 'process.exit(+process.versions.node.split(".")[0] >= 20 ? 0 : 1)' ||
  { echo "Node $(node --version) is too old: @readme/openapi-parser needs Node 20 or later"; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "writing the served documents (go test -run TestServedDocumentsAreValid ./internal/cli)"
go_status=0
(cd "$root" && KILN_OPENAPI_DIR="$work" timeout 600 go test -count=1 -run '^TestServedDocumentsAreValid$' ./internal/cli) || go_status=$?

cd "$here"
timeout 300 npm ci --no-audit --no-fund --loglevel=error
node_status=0
timeout 300 node check.js "$work" || node_status=$?

if [ "$go_status" != 0 ] || [ "$node_status" != 0 ]; then
  echo "the OpenAPI documents are not valid: kin-openapi (go test) exit $go_status, @readme/openapi-parser exit $node_status"
  exit 1
fi
