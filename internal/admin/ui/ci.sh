#!/usr/bin/env bash
# The admin panel's checks, as .ci/run runs them: its unit tests (vitest),
# the embedded files (../dist) being exactly what this source builds, and
# the browser tests against a real kiln (e2e/run.sh). Needs Node 20+ and
# npm; the browser tests need Debian's chromium.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
timeout 300 npm ci --no-audit --no-fund --loglevel=error
timeout 300 npx vitest run
built=$(mktemp -d)
trap 'rm -rf "$built"' EXIT
timeout 300 npx vite build --logLevel warn --outDir "$built" --emptyOutDir
if ! diff -r "$built" ../dist; then
  echo "internal/admin/dist is not what internal/admin/ui builds: run npm run build in internal/admin/ui and commit dist/"
  exit 1
fi
echo "internal/admin/dist is what the source builds ($(du -sb ../dist | cut -f1) bytes)"
bash e2e/run.sh
