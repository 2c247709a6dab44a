#!/usr/bin/env bash
# The page code's own checks, in seconds: Node's test runner over tests/js/ (the pure modules
# of docs/assets/js/) and TypeScript over the JSDoc types of every module, strictly
# (tsconfig.json). Exits non-zero when either fails.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$REPO_ROOT"
[ -x site_build/node_modules/.bin/tsc ] || srd_setup_npm
status=0

srd_log "Page code: unit tests (node --test tests/js/*.test.mjs, Node $(node --version))"
# The files by name: a directory argument means different things to different Node versions.
node --test tests/js/*.test.mjs || status=1

srd_log "Page code: types ($(site_build/node_modules/.bin/tsc --version), site_build/tsconfig.json)"
site_build/node_modules/.bin/tsc --noEmit -p site_build/tsconfig.json || status=1
exit "$status"
