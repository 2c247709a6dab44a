"""Light to load: what a first visit moves over the wire, and what the build ships.

- A first visit to a page with rollers, until the engine is ready and the service worker
  has cached the whole site for offline use, moves under 7 MB (every byte the server
  sends, headers included: the page, the engine and the precache download together).
- Each precompressed copy (FILE.gz, FILE.br) decodes to its file and is smaller than it.
- Only what the page uses is shipped: Pyodide's lock file names no packages, its standard
  library leaves out what neither Pyodide's start-up nor the engine imports (checked here by
  starting the shipped runtime under Node and importing every engine module in it), and
  no classic pyodide.js or source maps of Pyodide.
"""

from __future__ import annotations

import gzip
import json
import subprocess
import zipfile
from pathlib import Path

import pytest
from test_offline import wait_until_controlled
from test_widget_resilience import expect_ready, widgets_in

from site_build.build import STDLIB_ENCODINGS_KEPT, STDLIB_LEFT_OUT
from site_build.paths import PYODIDE_ASSET_DIR, REPO_ROOT

# Bytes of a first visit: nothing may come from an earlier test's cache.
pytestmark = pytest.mark.fresh_context

FIRST_VISIT_LIMIT = 7_000_000  # bytes on the wire


def pyodide_dir(site: Path) -> Path:
    (found,) = (site / PYODIDE_ASSET_DIR).iterdir()
    return found


def all_arrived(server, requests: list) -> int:
    """The server's byte count once every request in ``requests`` (the browser's, appended to
    as they go out) has its whole response, or has failed: a state, not a stretch of time.
    The server counts each byte before it writes it, so a response the browser has whole is
    in the count."""
    done = 0
    while done < len(requests):  # a request made meanwhile is waited for too
        response = requests[done].response()  # None: it failed
        if response is not None:
            response.finished()
        done += 1
    return server.bytes_sent


def test_a_first_visit_moves_under_7_mb(sw_page, site_url, built_site_dir, site_server):
    server = site_server
    page = sw_page
    widget = widgets_in(built_site_dir)[0]
    requests: list = []
    page.context.on("request", lambda request: requests.append(request))  # the page, its workers, the service worker
    start = server.bytes_sent
    page.goto(site_url + widget.page)
    expect_ready(page, widget)
    # Controlled: the service worker is active, so its install (the whole precache) is done.
    wait_until_controlled(page)
    sent = all_arrived(server, requests) - start
    print(f"first visit to /{widget.page}: {sent / 1e6:.2f} MB on the wire")
    assert sent < FIRST_VISIT_LIMIT, f"{sent} bytes"
    # Everything came compressed where it could: the big files each once.
    assert sent > 2_000_000, "the count saw the engine arrive"


def test_every_compressed_copy_decodes_to_its_file_and_is_smaller(built_site_dir):
    copies = sorted(built_site_dir.rglob("*.gz")) + sorted(built_site_dir.rglob("*.br"))
    brotli = [p for p in copies if p.suffix == ".br"]
    assert len(brotli) > 20
    for copy in copies:
        original = copy.with_suffix("")
        assert original.is_file(), copy
        assert copy.stat().st_size < original.stat().st_size, copy
        if copy.suffix == ".gz":
            assert gzip.decompress(copy.read_bytes()) == original.read_bytes(), copy
    # Brotli: Node's zlib decodes each copy and compares it with its file.
    script = """
      const fs = require("fs"), zlib = require("zlib");
      const bad = JSON.parse(process.argv[1]).filter((f) =>
        !zlib.brotliDecompressSync(fs.readFileSync(f)).equals(fs.readFileSync(f.slice(0, -3))));
      process.stdout.write(JSON.stringify(bad));
    """
    result = subprocess.run(
        ["node", "-e", script, json.dumps([str(p) for p in brotli])], capture_output=True, text=True, check=True
    )
    assert json.loads(result.stdout) == []
    # The big ones are there: the wasm and the standard library, in both codings.
    shipped = pyodide_dir(built_site_dir)
    for name in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs"):
        assert (shipped / f"{name}.br").is_file() and (shipped / f"{name}.gz").is_file(), name


def test_only_what_the_page_uses_is_shipped(built_site_dir):
    shipped = pyodide_dir(built_site_dir)
    names = {p.name for p in shipped.iterdir() if p.suffix not in (".gz", ".br")}
    assert names == {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"}
    lock = json.loads((shipped / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"] == {} and lock["info"]["python"].startswith("3.")
    with zipfile.ZipFile(shipped / "python_stdlib.zip") as stdlib:
        tops = {name.split("/", 1)[0] for name in stdlib.namelist()}
        assert not tops & STDLIB_LEFT_OUT
        assert {"asyncio", "fractions.py", "json", "encodings", "pyodide", "_pyodide"} <= tops
        codecs = {name.split("/", 1)[1] for name in stdlib.namelist() if name.startswith("encodings/")}
        assert {"__init__.py", "utf_8.py", "aliases.py"} <= codecs <= STDLIB_ENCODINGS_KEPT | {""}
    manifest = json.loads((built_site_dir / "assets/engine/manifest.json").read_text(encoding="utf-8"))
    engine = built_site_dir / "assets/engine"
    assert (engine / manifest["wheel"]).is_file()
    # The wheel is stored uncompressed, for the transfer's Brotli to compress it whole.
    with zipfile.ZipFile(engine / manifest["wheel"]) as wheel:
        assert {entry.compress_type for entry in wheel.infolist()} == {zipfile.ZIP_STORED}
    assert (engine / f"{manifest['wheel']}.br").is_file()
    assert (engine / manifest["pyodide"]).resolve() == shipped.resolve()


RUNTIME_CHECK = """
import { loadPyodide } from "%(dir)s/pyodide.mjs";
import fs from "node:fs";
const pyodide = await loadPyodide({ indexURL: "%(dir)s/" });
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(fs.readFileSync("%(wheel)s")), "wheel", { extractDir: sitePackages });
const imported = pyodide.runPython(`
import importlib, json, pkgutil, rules_engine, rules_engine.web as web
from rules_engine.systems import all_systems

names = [m.name for m in pkgutil.walk_packages(rules_engine.__path__, "rules_engine.")
         if not m.name.endswith("__main__")]
for name in names:
    importlib.import_module(name)
json.dumps({"modules": len(names), "systems": [s.key for s in all_systems()]})
`);
process.stdout.write(imported);
"""


def test_the_shipped_runtime_runs_every_engine_module(built_site_dir, tmp_path):
    shipped = pyodide_dir(built_site_dir)
    manifest = json.loads((built_site_dir / "assets/engine/manifest.json").read_text(encoding="utf-8"))
    wheel = built_site_dir / "assets/engine" / manifest["wheel"]
    script = tmp_path / "check.mjs"
    script.write_text(RUNTIME_CHECK % {"dir": shipped.as_posix(), "wheel": wheel.as_posix()}, encoding="utf-8")
    result = subprocess.run(["node", str(script)], capture_output=True, text=True, cwd=REPO_ROOT, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    found = json.loads(result.stdout)
    assert found["modules"] > 20 and len(found["systems"]) >= 5
