"""Build the static site: MkDocs pages + the engine wheel + a self-hosted Pyodide."""

from __future__ import annotations

import fnmatch
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

from macros.render import write_tables_index

from .paths import (
    CONTENT_HASH_LENGTH,
    ENGINE_ASSET_DIR,
    IMMUTABLE_PATTERN,
    MKDOCS_CONFIG,
    POSTBUILD_SCRIPT,
    PRECOMPRESSED_CACHE,
    PYODIDE_ASSET_DIR,
    PYODIDE_CORE_FILES,
    PYODIDE_NPM_DIR,
    REPO_ROOT,
    SERVICE_WORKER,
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
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "--disable-pip-version-check",
            "-w",
            str(dist),
            str(stage),
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


def content_hash(*parts: bytes) -> str:
    """A short hex digest naming a folder by what it holds."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()[:CONTENT_HASH_LENGTH]


def minimal_lock(lock: bytes) -> bytes:
    """Pyodide's lock file naming no packages: the page loads none (the engine wheel is
    unpacked directly), so the 119 kB list of Pyodide's package index is not shipped."""
    info = json.loads(lock)["info"]
    return (json.dumps({"info": info, "packages": {}}, indent=1) + "\n").encode()


# Top-level parts of Python's standard library the page never imports: neither Pyodide's
# start-up nor the engine (checked by tests/site/test_transfer.py, which imports every
# engine module in the shipped runtime). A dice engine has no use for mail, the web, XML,
# databases, processes, debuggers, test runners or the interactive prompt.
STDLIB_LEFT_OUT: frozenset[str] = frozenset(
    {
        "__hello__.py",
        "__phello__",
        "_pyrepl",
        "antigravity.py",
        "bdb.py",
        "cProfile.py",
        "cmd.py",
        "code.py",
        "compileall.py",
        "csv.py",
        "ctypes",
        "doctest.py",
        "email",
        "filecmp.py",
        "fileinput.py",
        "ftplib.py",
        "getpass.py",
        "http",
        "imaplib.py",
        "ipaddress.py",
        "mailbox.py",
        "mimetypes.py",
        "modulefinder.py",
        "multiprocessing",
        "netrc.py",
        "optparse.py",
        "pdb.py",
        "pickletools.py",
        "plistlib.py",
        "poplib.py",
        "profile.py",
        "pstats.py",
        "pty.py",
        "pyclbr.py",
        "pydoc.py",
        "rlcompleter.py",
        "sched.py",
        "shelve.py",
        "smtplib.py",
        "socketserver.py",
        "sqlite3",
        "symtable.py",
        "tabnanny.py",
        "this.py",
        "timeit.py",
        "trace.py",
        "tracemalloc.py",
        "tty.py",
        "unittest",
        "wave.py",
        "webbrowser.py",
        "wsgiref",
        "xml",
        "xmlrpc",
        "zipapp.py",
        "zoneinfo",
    }
)


# The codecs kept of the standard library's ``encodings`` package (1.4 MB of code-page
# tables): what Python's start-up and the engine use (utf_8, aliases and cp437 are imported at
# start-up; the rest are the few text codecs a str or bytes operation may name).
STDLIB_ENCODINGS_KEPT: frozenset[str] = frozenset(
    {
        "__init__.py",
        "aliases.py",
        "ascii.py",
        "charmap.py",
        "cp437.py",
        "latin_1.py",
        "raw_unicode_escape.py",
        "unicode_escape.py",
        "utf_16.py",
        "utf_16_be.py",
        "utf_16_le.py",
        "utf_32.py",
        "utf_32_be.py",
        "utf_32_le.py",
        "utf_8.py",
        "utf_8_sig.py",
    }
)


def stdlib_entry_shipped(name: str) -> bool:
    """Whether the standard library's zip entry ``name`` is shipped."""
    top, _, rest = name.partition("/")
    if top in STDLIB_LEFT_OUT:
        return False
    return top != "encodings" or rest in STDLIB_ENCODINGS_KEPT or rest == ""


def stored_zip(data: bytes, keep=lambda name: True) -> bytes:
    """The zip ``data`` with the entries ``keep`` accepts, stored uncompressed.

    Stored, so that the transfer's Brotli sees every file at once (a zip's own per-file
    deflate leaves it nothing to gain and compresses worse). Entries keep their names,
    dates and attributes, so the same input gives the same bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target:
        for entry in source.infolist():
            if not keep(entry.filename):
                continue
            stored = zipfile.ZipInfo(entry.filename, entry.date_time)
            stored.external_attr = entry.external_attr
            target.writestr(stored, source.read(entry), compress_type=zipfile.ZIP_STORED)
    return out.getvalue()


def shipped_stdlib(stdlib: bytes) -> bytes:
    """Pyodide's standard library zip without ``STDLIB_LEFT_OUT`` and the codecs not in
    ``STDLIB_ENCODINGS_KEPT``, stored uncompressed: ~0.94 MB on the wire instead of 2.5 MB."""
    return stored_zip(stdlib, stdlib_entry_shipped)


def pyodide_files() -> dict[str, bytes]:
    """The Pyodide files the site ships, by name: the npm package's core, its lock file
    and standard library reduced to what the page uses."""
    missing = [f for f in PYODIDE_CORE_FILES if not (PYODIDE_NPM_DIR / f).is_file()]
    if missing:
        raise BuildError(
            f"Pyodide files missing from {PYODIDE_NPM_DIR}: {', '.join(missing)}; "
            "run `npm ci --prefix site_build` (site_build/serve.sh does it for you)"
        )
    files = {name: (PYODIDE_NPM_DIR / name).read_bytes() for name in PYODIDE_CORE_FILES}
    files["pyodide-lock.json"] = minimal_lock(files["pyodide-lock.json"])
    files["python_stdlib.zip"] = shipped_stdlib(files["python_stdlib.zip"])
    return files


def shipped_pyodide_sizes() -> dict[str, int]:
    """The size in bytes of each Pyodide file the site ships (as the browser has it once any
    transfer encoding is undone), by name: for the engine's loading bar."""
    return {name: len(data) for name, data in pyodide_files().items()}


def vendor_pyodide(site_dir: Path) -> Path:
    """Copy the Pyodide core into ``<site>/assets/pyodide/<version>-<hash>/`` (a folder named
    by its content, which browsers may cache for good) and return that folder."""
    files = pyodide_files()
    version = json.loads((PYODIDE_NPM_DIR / "package.json").read_text(encoding="utf-8"))["version"]
    digest = content_hash(*(name.encode() + b"\0" + data for name, data in sorted(files.items())))
    root = Path(site_dir) / PYODIDE_ASSET_DIR
    if root.exists():
        shutil.rmtree(root)
    dest = root / f"{version}-{digest}"
    dest.mkdir(parents=True)
    for name, data in files.items():
        (dest / name).write_bytes(data)
    return dest


#: The generators that build the pages from mkdocs.yml: MkDocs, and ProperDocs (the maintained
#: drop-in MkDocs 1.6 fork, ``tests/site/test_toolchain.py`` checks it builds the same site).
GENERATORS = ("mkdocs", "properdocs")


def run_mkdocs(site_dir: Path, site_url: str, config_file: Path = MKDOCS_CONFIG, generator: str = "mkdocs") -> None:
    """``<generator> build --strict`` into ``site_dir`` with ``SITE_URL`` set, then the list
    of the tables the pages published (``tables.json``, ``macros.render.write_tables_index``)."""
    if generator not in GENERATORS:
        raise BuildError(f"unknown generator {generator!r}: one of {', '.join(GENERATORS)}")
    env = dict(os.environ, SITE_URL=site_url, NO_MKDOCS_2_WARNING="1")
    cmd = [
        sys.executable,
        "-m",
        generator,
        "build",
        "--strict",
        "-f",
        str(config_file),
        "-d",
        str(Path(site_dir).resolve()),
    ]
    result = subprocess.run(cmd, cwd=REPO_ROOT, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise BuildError(f"{generator} build failed:\n{result.stdout}{result.stderr}")
    write_tables_index(site_dir)


def draw_cards(site_dir: Path, site_url: str) -> list[Path]:
    """Each built page's preview card (``site_build/social.py``), named by its Open Graph tags."""
    from . import social  # Pillow: needed to build the site, not to serve it

    try:
        return social.write_cards(site_dir, site_url)
    except social.CardError as err:
        raise BuildError(f"drawing the preview cards failed: {err}") from err


def install_engine(site_dir: Path) -> Path:
    """Put the engine wheel into ``<site>/assets/engine/<hash>/`` (named by its content)."""
    dest = Path(site_dir) / ENGINE_ASSET_DIR
    if dest.exists():
        shutil.rmtree(dest)
    with tempfile.TemporaryDirectory(prefix="engine-wheel-out-") as tmp:
        built = build_wheel(Path(tmp))
        # Stored, so the transfer's Brotli compresses it (130 kB on the wire instead of 200).
        data = stored_zip(built.read_bytes())
        folder = dest / content_hash(data)
        folder.mkdir(parents=True)
        wheel = folder / built.name
        wheel.write_bytes(data)
    return wheel


def write_engine_manifest(site_dir: Path, wheel: Path, pyodide_dir: Path) -> Path:
    """``<site>/assets/engine/manifest.json``: where the engine worker finds the wheel and
    Pyodide, relative to the manifest (the one file of the engine whose address is fixed)."""
    engine_dir = Path(site_dir) / ENGINE_ASSET_DIR
    manifest = {
        "wheel": wheel.relative_to(engine_dir).as_posix(),
        "pyodide": os.path.relpath(pyodide_dir, engine_dir).replace(os.sep, "/") + "/",
    }
    path = engine_dir / "manifest.json"
    path.write_text(json.dumps(manifest) + "\n", encoding="utf-8")
    return path


def prerender(site_dir: Path) -> None:
    """Draw each widget's first odds into its built page (``site_build/prerender.py``), in a
    process of its own."""
    result = subprocess.run(
        [sys.executable, "-m", "site_build.prerender", str(site_dir)], cwd=REPO_ROOT, capture_output=True, text=True
    )
    if result.returncode != 0:
        raise BuildError(f"drawing the widgets' first odds failed:\n{result.stdout}{result.stderr}")


def postbuild(site_dir: Path, cache_dir: Path = PRECOMPRESSED_CACHE) -> dict[str, object]:
    """Run site_build/postbuild.mjs over the built site: the Workbox service worker
    (``sw.js``, precaching every page, asset, Pyodide and the wheel), then a gzip and a
    Brotli copy beside each file that compresses. Returns the script's report."""
    cmd = [
        "node",
        str(POSTBUILD_SCRIPT),
        "--site",
        str(site_dir),
        "--cache",
        str(cache_dir),
        "--sw",
        SERVICE_WORKER,
        "--immutable",
        IMMUTABLE_PATTERN,
    ]
    try:
        result = subprocess.run(cmd, cwd=POSTBUILD_SCRIPT.parent, capture_output=True, text=True)
    except FileNotFoundError as err:
        raise BuildError("node is missing: site_build/setup.sh installs it (apt nodejs)") from err
    if result.returncode != 0:
        raise BuildError(
            f"site_build/postbuild.mjs failed (is workbox-build installed? run "
            f"`npm ci --prefix site_build`):\n{result.stdout}{result.stderr}"
        )
    return json.loads(result.stdout)


def build_site(site_dir: Path, site_url: str, config_file: Path = MKDOCS_CONFIG) -> Path:
    """Build the complete static site into ``site_dir`` and return it."""
    site_dir = Path(site_dir).resolve()
    run_mkdocs(site_dir, site_url, config_file)
    draw_cards(site_dir, site_url)
    wheel = install_engine(site_dir)
    pyodide_dir = vendor_pyodide(site_dir)
    write_engine_manifest(site_dir, wheel, pyodide_dir)
    prerender(site_dir)
    postbuild(site_dir)
    return site_dir
