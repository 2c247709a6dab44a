"""The page code's shape (issue 31, point 1), read by a JavaScript parser
(``site_build/page_code.mjs``, acorn): ``docs/assets/js/`` in its three rooms, no function
longer than ``MAX_FUNCTION_LINES``, and no export that no module imports."""

from __future__ import annotations

import json
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
if not (REPO / "site_build").is_dir():  # inside Pyodide only tests/ is mounted
    pytest.skip("needs the repository's page code", allow_module_level=True)

JS = "docs/assets/js"
ROOMS = ("runtime", "kit", "views")
MAX_FUNCTION_LINES = 80
#: What runtime/widgets.js imports from a view module by the name a page gives it (data-view).
LOADED_BY_NAME = frozenset({"WIDGETS"})


@cache
def outline() -> dict[str, dict]:
    """Every module of the page code and of the Node unit tests, by its path from the repository."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: site_build/setup.sh installs it")
    dirs = [JS] + (["tests/js"] if (REPO / "tests/js").is_dir() else [])
    result = subprocess.run(
        [node, "site_build/page_code.mjs", *dirs], cwd=REPO, capture_output=True, text=True, check=True
    )
    return json.loads(result.stdout)


def page_modules() -> dict[str, dict]:
    return {path: module for path, module in outline().items() if path.startswith(f"{JS}/")}


def test_every_module_is_in_a_room():
    stray = [
        path for path in page_modules() if Path(path).parent.name not in ROOMS or Path(path).parent.parent != Path(JS)
    ]
    assert not stray, f"modules outside {JS}/{{{','.join(ROOMS)}}}/: {stray}"


def test_no_function_is_longer_than_the_limit():
    long = [
        f"{path}:{function['start']} {function['name']} ({function['end'] - function['start'] + 1} lines)"
        for path, module in page_modules().items()
        for function in module["functions"]
        if function["end"] - function["start"] + 1 > MAX_FUNCTION_LINES
    ]
    assert not long, f"functions past {MAX_FUNCTION_LINES} lines:\n" + "\n".join(long)


def imported_names() -> dict[str, set[str] | None]:
    """Each imported module → the names some other module imports from it (None: all, `*`)."""
    names: dict[str, set[str] | None] = {}
    for module in outline().values():
        for item in module["imports"]:
            if item["names"] == "*":
                names[item["from"]] = None
            elif names.get(item["from"], set()) is not None:
                names.setdefault(item["from"], set()).update(item["names"])
    return names


def test_every_export_has_an_importer():
    imported = imported_names()
    unused = []
    for path, module in page_modules().items():
        used = imported.get(path, set())
        if used is None:
            continue
        loaded = LOADED_BY_NAME if Path(path).parent.name == "views" else frozenset()
        unused += [f"{path}: {name}" for name in module["exports"] if name not in used and name not in loaded]
    assert not unused, "exports that no module imports:\n" + "\n".join(unused)


def test_the_outline_sees_functions_exports_and_imports():
    """The parser's outline of a known module: the kit's form and its engine import."""
    kit = outline()[f"{JS}/kit/fields-form.js"]
    assert "fieldsForm" in kit["exports"]
    assert any(item["from"].endswith("kit/widget-kit.js") for item in kit["imports"])
    assert any(function["name"] == "fieldsForm" for function in kit["functions"])
