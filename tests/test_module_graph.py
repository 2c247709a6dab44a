"""What a page preloads for its widgets (``macros/module_graph.py``): a module's static imports
of its siblings, and every module a view needs, each once, read from hand-made sources."""

from __future__ import annotations

from pathlib import Path

import pytest

MACROS = Path(__file__).resolve().parent.parent / "macros"
if not MACROS.is_dir():  # inside Pyodide only tests/ is mounted
    pytest.skip("needs the repository's macros", allow_module_level=True)

from macros.module_graph import direct_imports, module_closure, view_preloads  # noqa: E402

SOURCE = """// import { nothing } from "./commented.js";
import {
  el,
  engineForm,
} from "./widget-kit.js";
import { attachCompare } from "./compare.js";
import "./side-effect.js";
export { tally } from "./engine.js";
import { el as again } from "./widget-kit.js";
const later = import("./dynamic.js");
const text = "from './quoted.js'";
"""


def test_direct_imports_are_the_static_imports_of_siblings_in_order():
    assert direct_imports(SOURCE) == ["widget-kit.js", "compare.js", "side-effect.js", "engine.js"]


def test_the_closure_follows_every_import_once_and_survives_a_cycle():
    imports = {
        "view.js": ["kit.js", "compare.js"],
        "kit.js": ["engine.js", "view.js"],
        "compare.js": ["kit.js", "export.js"],
    }
    assert module_closure(imports, "view.js") == ["view.js", "kit.js", "engine.js", "compare.js", "export.js"]
    assert module_closure(imports, "alone.js") == ["alone.js"]


def test_each_module_of_the_site_preloads_files_that_exist():
    js_dir = MACROS.parent / "docs" / "assets" / "js"
    preloads = view_preloads(js_dir)
    # It imports the views when a page needs them (not statically), and pages.js.
    assert preloads["widgets"] == ["widgets.js", "pages.js"]
    for name, files in preloads.items():
        assert files[0] == f"{name}.js"
        assert all((js_dir / file).is_file() for file in files), (name, files)
