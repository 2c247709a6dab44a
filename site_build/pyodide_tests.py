"""Run the engine's tests inside Pyodide (CPython 3.14, wasm) under Node."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .build import BuildError, build_wheel
from .paths import CACHE_DIR, PYODIDE_NPM_DIR, REPO_ROOT, TESTS_DIR

PYODIDE_TESTS_DIR: Path = TESTS_DIR / "pyodide"
REQUIREMENTS: Path = PYODIDE_TESTS_DIR / "requirements.txt"
RUNNER: Path = PYODIDE_TESTS_DIR / "run_pytest.mjs"
# Folders under tests/ that are not engine tests: they need a browser, are this runner, hold
# the shared helpers the tests import, or are the page code's Node tests.
NOT_ENGINE_TESTS: frozenset[str] = frozenset({"site", "pyodide", "support", "js"})
PYODIDE_PYTHON_VERSION = "3.14"


def engine_test_paths(tests_dir: Path = TESTS_DIR) -> list[Path]:
    """Every folder under tests/ except the excluded ones, plus top-level test files."""
    found: list[Path] = []
    for entry in sorted(Path(tests_dir).iterdir()):
        if entry.name.startswith((".", "_")):
            continue
        if entry.is_dir() and entry.name not in NOT_ENGINE_TESTS:
            found.append(entry)
        elif (
            entry.is_file()
            and entry.suffix == ".py"
            and (entry.name.startswith("test_") or entry.stem.endswith("_test"))
        ):
            found.append(entry)
    return found


def pytest_wheels(cache_dir: Path = CACHE_DIR / "pyodide-wheels") -> list[Path]:
    """pytest and its dependencies as pure wheels, downloaded once per requirements file."""
    key = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()[:16]
    target = Path(cache_dir) / key
    marker = target / ".complete"
    if not marker.is_file():
        Path(cache_dir).mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(dir=cache_dir, prefix=".download-"))
        try:
            cmd = [
                sys.executable,
                "-m",
                "pip",
                "download",
                "-q",
                "--disable-pip-version-check",
                "--only-binary=:all:",
                "--python-version",
                PYODIDE_PYTHON_VERSION,
                "--implementation",
                "py",
                "--abi",
                "none",
                "--platform",
                "any",
                "-r",
                str(REQUIREMENTS),
                "-d",
                str(tmp),
            ]
            result = subprocess.run(cmd, capture_output=True, text=True)
            if result.returncode != 0:
                raise BuildError(f"downloading pytest wheels failed:\n{result.stdout}{result.stderr}")
            impure = [w.name for w in tmp.iterdir() if not w.name.endswith("-none-any.whl")]
            if impure:
                raise BuildError(f"Pyodide can only load pure wheels here, got {impure}")
            shutil.rmtree(target, ignore_errors=True)
            tmp.rename(target)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        marker.write_text("ok\n", encoding="utf-8")
    return sorted(target.glob("*.whl"))


def run_pyodide_tests(paths: list[Path] | None = None, pytest_args: list[str] | None = None) -> int:
    """Run pytest inside Pyodide on ``paths`` (default: all engine tests); return its exit code."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is not on PATH")
    if not (PYODIDE_NPM_DIR / "pyodide.mjs").is_file():
        raise BuildError("Pyodide is not installed; run `npm ci --prefix site_build`")
    paths = [Path(p).resolve() for p in (paths if paths is not None else engine_test_paths())]
    if not paths:
        print("No engine tests found under tests/ (every folder except site/ and pyodide/).", file=sys.stderr)
        return 1
    tests_root = TESTS_DIR.resolve()
    in_pyodide = ["/tests/" + p.relative_to(tests_root).as_posix() for p in paths]
    with tempfile.TemporaryDirectory(prefix="pyodide-engine-") as tmp:
        wheels = [build_wheel(Path(tmp)), *pytest_wheels()]
        cmd = [node, str(RUNNER), "--tests", str(tests_root), "--config", str(REPO_ROOT / "pyproject.toml")]
        for wheel in wheels:
            cmd += ["--wheel", str(wheel)]
        cmd += ["--", "-q", "-p", "no:cacheprovider", *(pytest_args or []), *in_pyodide]
        return subprocess.run(cmd).returncode
