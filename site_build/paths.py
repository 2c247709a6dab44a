"""Where things live in the repository (all absolute, independent of the cwd)."""

from __future__ import annotations

from pathlib import Path

REPO_ROOT: Path = Path(__file__).resolve().parent.parent
SITE_BUILD_DIR: Path = REPO_ROOT / "site_build"
NODE_MODULES: Path = SITE_BUILD_DIR / "node_modules"
PYODIDE_NPM_DIR: Path = NODE_MODULES / "pyodide"
MKDOCS_CONFIG: Path = REPO_ROOT / "mkdocs.yml"
TESTS_DIR: Path = REPO_ROOT / "tests"
CACHE_DIR: Path = REPO_ROOT / ".cache"
DEFAULT_SITE_DIR: Path = REPO_ROOT / "site"

# Site-relative folders the browser code loads from (same origin, no CDN).
PYODIDE_ASSET_DIR = "assets/pyodide"
ENGINE_ASSET_DIR = "assets/engine"

# The Pyodide core as shipped by the npm package; pyodide.js is optional.
PYODIDE_CORE_FILES: tuple[str, ...] = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PYODIDE_OPTIONAL_FILES: tuple[str, ...] = ("pyodide.js",)
