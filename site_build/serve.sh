#!/usr/bin/env bash
# Build the Dice Systems SRD and serve it with working rollers at
# http://127.0.0.1:${PORT:-8000}/ . Installs what it needs (.venv, npm pyodide).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$REPO_ROOT"

srd_log "Set-up"
srd_setup_python site
srd_setup_npm

srd_log "Build and serve"
exec "$PY" -m site_build serve --port "${PORT:-8000}"
