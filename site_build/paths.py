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

# The Pyodide core as shipped by the npm package (the page imports pyodide.mjs; the classic
# pyodide.js and the source maps are not shipped).
PYODIDE_CORE_FILES: tuple[str, ...] = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# Post-build steps in Node (service worker, precompressed copies): site_build/postbuild.mjs.
POSTBUILD_SCRIPT: Path = SITE_BUILD_DIR / "postbuild.mjs"
PRECOMPRESSED_CACHE: Path = CACHE_DIR / "precompressed"
# The service worker, at the site's root so that its scope is the whole site.
SERVICE_WORKER = "sw.js"
# Folders named by their content (``assets/pyodide/<version>-<hash>/``,
# ``assets/engine/<hash>/``) and Material's hashed bundles (``bundle.1a2b3c4d.min.js``):
# what these addresses hold never changes, so a browser may keep them for good.
CONTENT_HASH_LENGTH = 12
IMMUTABLE_PATTERN = (
    rf"(^|/)assets/(pyodide/[^/]+-|engine/)[0-9a-f]{{{CONTENT_HASH_LENGTH}}}/|\.[0-9a-f]{{8}}\.min\.(js|css)$"
)
