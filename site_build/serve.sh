#!/usr/bin/env bash
# Build the Dice Systems SRD and serve it with working rollers at
# http://127.0.0.1:${PORT:-8000}/ . Installs what it needs (.venv, npm pyodide, and
# Debian's chromium, in which the build draws each widget's first odds into its page).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$REPO_ROOT"

srd_log "Set-up"
srd_setup_python site
srd_setup_npm
srd_setup_chromium
srd_setup_fonts

srd_log "Build and serve"
exec "$PY" -m site_build serve --port "${PORT:-8000}"
