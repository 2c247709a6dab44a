"""Build the static site: MkDocs pages + the engine wheel + a self-hosted Pyodide."""

from __future__ import annotations

import fnmatch
import json
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from .paths import (
    ENGINE_ASSET_DIR,
    MKDOCS_CONFIG,
    PYODIDE_ASSET_DIR,
    PYODIDE_CORE_FILES,
    PYODIDE_NPM_DIR,
    PYODIDE_OPTIONAL_FILES,
    REPO_ROOT,
)


class BuildError(RuntimeError):
    """A build step failed; the message says which and how to fix it."""


def _package_patterns(pyproject: Path) -> list[str]:
    config = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    find = config.get("tool", {}).get("setuptools", {}).get("packages", {}).get("find", {})
    return list(find.get("include", ["*"]))


def _stage_source(src: Path, dest: Path) -> None:
    """Copy what the wheel is built from: top-level files plus the packages.

    Building from a fresh copy keeps setuptools' build/ and *.egg-info out of the
    work tree, and no stale module left in an old build/lib can reach the wheel.
    """
    patterns = _package_patterns(src / "pyproject.toml")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for entry in src.iterdir():
        if entry.is_file():
            shutil.copy2(entry, dest / entry.name)
        elif entry.is_dir() and any(fnmatch.fnmatch(entry.name, p) for p in patterns):
            shutil.copytree(entry, dest / entry.name, ignore=ignore)


def build_wheel(out_dir: Path, source_dir: Path = REPO_ROOT) -> Path:
    """Build the pure-Python engine wheel into ``out_dir`` and return its path."""
    out_dir = Path(out_dir).resolve()
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="engine-wheel-") as tmp:
        stage, dist = Path(tmp) / "src", Path(tmp) / "dist"
        stage.mkdir()
        _stage_source(Path(source_dir), stage)
        cmd = [
            sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
            "--no-build-isolation", "--disable-pip-version-check", "-w", str(dist), str(stage),
        ]
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode != 0:
            raise BuildError(
                "building the engine wheel failed (setuptools and wheel must be installed "
                f"in this Python):\n{result.stdout}{result.stderr}"
            )
        wheels = sorted(dist.glob("*.whl"))
        if len(wheels) != 1 or not wheels[0].name.endswith("-py3-none-any.whl"):
            raise BuildError(f"expected one pure py3-none-any wheel, got {[w.name for w in wheels]}")
        target = out_dir / wheels[0].name
        shutil.copy2(wheels[0], target)
    return target


def vendor_pyodide(site_dir: Path) -> Path:
    """Copy the Pyodide core from the npm package into ``<site>/assets/pyodide/``."""
    missing = [f for f in PYODIDE_CORE_FILES if not (PYODIDE_NPM_DIR / f).is_file()]
    if missing:
        raise BuildError(
            f"Pyodide files missing from {PYODIDE_NPM_DIR}: {', '.join(missing)}; "
            "run `npm ci --prefix site_build` (site_build/serve.sh does it for you)"
        )
    dest = Path(site_dir) / PYODIDE_ASSET_DIR
    dest.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_CORE_FILES + PYODIDE_OPTIONAL_FILES:
        src = PYODIDE_NPM_DIR / name
        if src.is_file():
            shutil.copy2(src, dest / name)
    return dest


def run_mkdocs(site_dir: Path, site_url: str, config_file: Path = MKDOCS_CONFIG) -> None:
    """``mkdocs build --strict`` into ``site_dir`` with ``SITE_URL`` set."""
    env = dict(os.environ, SITE_URL=site_url, NO_MKDOCS_2_WARNING="1")
    cmd = [
        sys.executable, "-m", "mkdocs", "build", "--strict",
        "-f", str(config_file), "-d", str(Path(site_dir).resolve()),
    ]
    result = subprocess.run(cmd, cwd=REPO_ROOT, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise BuildError(f"mkdocs build failed:\n{result.stdout}{result.stderr}")


def install_engine(site_dir: Path) -> Path:
    """Put the engine wheel and its manifest into ``<site>/assets/engine/``."""
    dest = Path(site_dir) / ENGINE_ASSET_DIR
    if dest.exists():
        shutil.rmtree(dest)
    wheel = build_wheel(dest)
    (dest / "manifest.json").write_text(json.dumps({"wheel": wheel.name}) + "\n", encoding="utf-8")
    return wheel


def build_site(site_dir: Path, site_url: str, config_file: Path = MKDOCS_CONFIG) -> Path:
    """Build the complete static site into ``site_dir`` and return it."""
    site_dir = Path(site_dir).resolve()
    run_mkdocs(site_dir, site_url, config_file)
    install_engine(site_dir)
    vendor_pyodide(site_dir)
    return site_dir
