"""What a page preloads for its widgets (``macros/module_graph.py``): a module's static imports
of the site's own modules (relative paths, across rooms), and every module a view needs, each
once, read from hand-made sources."""

from __future__ import annotations

from pathlib import Path

import pytest

MACROS = Path(__file__).resolve().parent.parent / "macros"
if not MACROS.is_dir():  # inside Pyodide only tests/ is mounted
    pytest.skip("needs the repository's macros", allow_module_level=True)

from macros.module_graph import direct_imports, module_closure, module_imports, resolved, view_preloads  # noqa: E402

SOURCE = """// import { nothing } from "./commented.js";
import {
  el,
  engineForm,
} from "../kit/widget-kit.js";
import { attachCompare } from "../kit/compare.js";
import "./side-effect.js";
export { tally } from "./engine.js";
import { el as again } from "../kit/widget-kit.js";
const later = import("./dynamic.js");
const text = "from './quoted.js'";
"""


def test_direct_imports_are_the_static_imports_of_own_modules_in_order():
    assert direct_imports(SOURCE) == ["../kit/widget-kit.js", "../kit/compare.js", "./side-effect.js", "./engine.js"]


def test_a_relative_import_resolves_from_its_importers_room():
    assert resolved("views/doom-stack.js", "../kit/widget-kit.js") == "kit/widget-kit.js"
    assert resolved("kit/widget-kit.js", "./share.js") == "kit/share.js"
    assert resolved("kit/widget-kit.js", "../runtime/engine.js") == "runtime/engine.js"


def test_the_closure_follows_every_import_once_and_survives_a_cycle():
    imports = {
        "view.js": ["kit.js", "compare.js"],
        "kit.js": ["engine.js", "view.js"],
        "compare.js": ["kit.js", "export.js"],
    }
    assert module_closure(imports, "view.js") == ["view.js", "kit.js", "engine.js", "compare.js", "export.js"]
    assert module_closure(imports, "alone.js") == ["alone.js"]


def test_each_view_of_the_site_preloads_files_that_exist():
    js_dir = MACROS.parent / "docs" / "assets" / "js"
    preloads = view_preloads(js_dir)
    assert preloads, "no view modules found in docs/assets/js/views/"
    for name, files in preloads.items():
        assert files[0] == f"views/{name}.js"
        assert all((js_dir / file).is_file() for file in files), (name, files)
        assert "runtime/engine.js" in files, f"{name} reaches the engine through the kit"


def test_every_import_of_the_site_names_a_module_that_exists():
    js_dir = MACROS.parent / "docs" / "assets" / "js"
    for name, imported in module_imports(js_dir).items():
        missing = [path for path in imported if not (js_dir / path).is_file()]
        assert not missing, f"{name} imports {missing}"
    # widgets.js imports the views when a page needs them (not statically), and pages.js.
    assert module_imports(js_dir)["runtime/widgets.js"] == ["runtime/pages.js"]
