#!/usr/bin/env bash
# Builds the product and runs the named e2e spec files, one run at a time per checkout (a second run must not
# rebuild dist/ under the server the first one is driving).
# Usage: scripts/e2e-one.sh auth/auth.spec.ts [more specs…]
set -euo pipefail
cd "$(dirname "$0")/.."
exec flock /tmp/sira-e2e.lock bash -c 'npm run build >/tmp/sira-e2e-build.log 2>&1 || { tail -40 /tmp/sira-e2e-build.log; exit 1; }; cd e2e && npx vitest run --config vitest.config.ts "$@"' _ "$@"
