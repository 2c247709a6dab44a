#!/usr/bin/env bash
# Run every test: (1) native pytest over tests/ on this machine's Python, browser
# tests included; (2) the engine tests again inside Pyodide (CPython 3.14, wasm)
# under Node; before both, the quick checks (ruff, mypy, the page code's Node tests and
# types). Installs what it needs (.venv, npm pyodide, Debian chromium).
# Exits non-zero when any of them fails.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$REPO_ROOT"
start=$SECONDS

srd_log "Set-up"
srd_setup_python site,test
srd_setup_npm
srd_setup_chromium
srd_setup_fonts
echo "Set-up took $((SECONDS - start)) s"

# The quick checks first (seconds): Python lint and format (ruff) over every Python file, the
# engine's types (mypy, strict), and the page code's own tests and types (Node, tsc). A failure
# here fails the run, but the suites still run, so one run shows everything that is wrong.
srd_log "Checks: ruff, mypy, the page code's unit tests and types"
checks=0
"$VENV/bin/ruff" check . || checks=1
"$VENV/bin/ruff" format --check . || checks=1
"$VENV/bin/mypy" || checks=1
bash site_build/check_js.sh || checks=1
echo "Checks took $((SECONDS - start)) s from the start"

# The two runs go side by side: the Pyodide run (about a minute, mostly one core) in the
# background with its output kept for the end; the native run on both cores
# (pytest-xdist; the site is built once for both workers, see tests/support/site_fixtures.py).
# WORKERS overrides the worker count (WORKERS=0: one process, as plain pytest). The 25 slowest
# steps are listed at the end of the native run (where the suite's time goes).
set +e
pyodide_log="$(mktemp)"
trap 'rm -f "$pyodide_log"' EXIT
srd_log "2/2 (in the background) Engine tests inside Pyodide (Node $(node --version))"
"$PY" -m site_build pyodide-test >"$pyodide_log" 2>&1 &
pyodide_pid=$!

srd_log "1/2 Native pytest: $("$PY" -V) over tests/ on ${WORKERS:-2} workers"
"$PY" -m pytest tests -n "${WORKERS:-2}" --durations=25
native=$?

wait "$pyodide_pid"
pyodide=$?
srd_log "2/2 Engine tests inside Pyodide: output"
cat "$pyodide_log"
set -e

echo
echo "test.sh: checks exit $checks, native pytest exit $native, Pyodide pytest exit $pyodide ($((SECONDS - start)) s)"
[ "$checks" -eq 0 ] && [ "$native" -eq 0 ] && [ "$pyodide" -eq 0 ]
