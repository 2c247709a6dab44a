# Shared set-up for serve.sh and test.sh (sourced, not run). Idempotent: each step
# is skipped when a stamp says its inputs have not changed since the last run.
#   srd_setup_python EXTRAS   e.g. "site" or "site,test"
#   srd_setup_npm
#   srd_setup_chromium
#   srd_setup_fonts           DejaVu Sans, for the pages' preview cards (site_build/social.py)
# Node/npm and chromium come from Debian's apt when missing.

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$REPO_ROOT/.venv"
PY="$VENV/bin/python"
export PIP_DISABLE_PIP_VERSION_CHECK=1

srd_log() { printf '\n==== %s ====\n' "$*"; }

_srd_hash() { cat "$@" | sha256sum | cut -c1-16; }

_srd_apt_install() {
  echo "Installing Debian packages: $*"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

srd_setup_python() {
  local extras="$1"
  if ! "$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "Creating $VENV"
    rm -rf "$VENV"
    python3 -m venv "$VENV" 2>/dev/null || { _srd_apt_install python3-venv; python3 -m venv "$VENV"; }
  fi
  local want stamp have extra ok
  want="$(_srd_hash "$REPO_ROOT/pyproject.toml" "$REPO_ROOT/site_build/setup.sh")"
  # A stamp per extras set installed for the current pyproject; any superset will do.
  for stamp in "$VENV"/.srd-stamp-*; do
    [ "$(cat "$stamp" 2>/dev/null)" = "$want" ] || continue
    have=",${stamp##*/.srd-stamp-},"; ok=1
    for extra in ${extras//,/ }; do [[ "$have" == *",$extra,"* ]] || ok=0; done
    if [ "$ok" = 1 ]; then
      echo "Python deps up to date (.venv, extras: $extras)"
      return 0
    fi
  done
  echo "Installing Python deps into .venv (extras: $extras)"
  "$PY" -m pip install -q "setuptools>=68" wheel
  # --no-build-isolation: build with the setuptools just installed, no second download.
  "$PY" -m pip install -q --no-build-isolation -e "$REPO_ROOT[$extras]"
  echo "$want" >"$VENV/.srd-stamp-$extras"
}

srd_setup_npm() {
  local stamp="$REPO_ROOT/site_build/node_modules/.srd-stamp"
  local want
  want="$(_srd_hash "$REPO_ROOT/site_build/package-lock.json")"
  if [ "$(cat "$stamp" 2>/dev/null)" = "$want" ] \
     && [ -f "$REPO_ROOT/site_build/node_modules/pyodide/pyodide.mjs" ]; then
    echo "npm deps up to date (site_build/node_modules)"
    return 0
  fi
  command -v npm >/dev/null || _srd_apt_install nodejs npm
  echo "Installing npm deps (pyodide, workbox-build) into site_build/node_modules"
  npm ci --prefix "$REPO_ROOT/site_build" --no-audit --no-fund --loglevel=error
  echo "$want" >"$stamp"
}

srd_setup_chromium() {
  if [ -x /usr/bin/chromium ]; then
    echo "Chromium present (/usr/bin/chromium)"
    return 0
  fi
  _srd_apt_install chromium
  [ -x /usr/bin/chromium ] || { echo "chromium did not install" >&2; return 1; }
}

srd_setup_fonts() {
  if [ -f /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf ] \
     && [ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]; then
    echo "Fonts present (DejaVu Sans)"
    return 0
  fi
  _srd_apt_install fonts-dejavu-core
}
