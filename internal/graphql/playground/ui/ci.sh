#!/usr/bin/env bash
# The GraphQL page in CI (.ci/run): its dependencies from the lockfile,
# the embedded dist being what this folder builds (npm run check), and
# the browser test against a real kiln (e2e/run.sh).
set -euo pipefail
cd "$(dirname "$0")"
npm ci --no-audit --no-fund --loglevel=error
npm run --silent check
bash e2e/run.sh
