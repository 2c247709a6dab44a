#!/usr/bin/env bash
# The page code's own checks, in seconds: Node's test runner over tests/js/ (the pure modules
# of docs/assets/js/) and TypeScript over the JSDoc types, twice: every module, not strict
# (tsconfig.json), then strictly each module that opens with `// @ts-check`
# (tsconfig.strict.json: today every module opens so). `check_js.sh --all`: every module
# strictly, opted in or not (tsconfig.all.json). Exits non-zero when any check fails.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$REPO_ROOT"
[ -x site_build/node_modules/.bin/tsc ] || srd_setup_npm
configs=(site_build/tsconfig.json site_build/tsconfig.strict.json)
[ "${1:-}" = "--all" ] && configs=(site_build/tsconfig.all.json)
status=0

srd_log "Page code: unit tests (node --test tests/js/*.test.mjs, Node $(node --version))"
# The files by name: a directory argument means different things to different Node versions.
node --test tests/js/*.test.mjs || status=1

for config in "${configs[@]}"; do
  srd_log "Page code: types ($(site_build/node_modules/.bin/tsc --version), $config)"
  site_build/node_modules/.bin/tsc --noEmit -p "$config" || status=1
done
exit "$status"
