#!/usr/bin/env bash
# Run every test: (1) native pytest over tests/ on this machine's Python, browser
# tests included; (2) the engine tests again inside Pyodide (CPython 3.14, wasm)
# under Node. Installs what it needs (.venv, npm pyodide, Debian chromium).
# Exits non-zero when either run fails.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$REPO_ROOT"
start=$SECONDS

srd_log "Set-up"
srd_setup_python site,test
srd_setup_npm
srd_setup_chromium
echo "Set-up took $((SECONDS - start)) s"

set +e
srd_log "1/2 Native pytest: $("$PY" -V) over tests/"
"$PY" -m pytest tests
native=$?

srd_log "2/2 Engine tests inside Pyodide (Node $(node --version))"
"$PY" -m site_build pyodide-test
pyodide=$?
set -e

echo
echo "test.sh: native pytest exit $native, Pyodide pytest exit $pyodide ($((SECONDS - start)) s)"
[ "$native" -eq 0 ] && [ "$pyodide" -eq 0 ]
