"""The engine imports only what the site ships to the browser: a module of the standard
library that ``site_build/build.py`` leaves out (``STDLIB_LEFT_OUT``) would stop every
widget on every page with a ModuleNotFoundError, which no test outside a browser sees."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
if not (REPO / "site_build").is_dir():  # inside Pyodide only tests/ is mounted
    pytest.skip("needs the repository's site_build", allow_module_level=True)

from site_build.build import STDLIB_LEFT_OUT  # noqa: E402

ENGINE = REPO / "rules_engine"
LEFT_OUT = {name.removesuffix(".py") for name in STDLIB_LEFT_OUT}


def imported_tops(source: str) -> set[str]:
    """The top-level names of every absolute import in ``source``."""
    tops = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            tops |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            tops.add(node.module.split(".")[0])
    return tops


def test_no_engine_module_imports_what_the_browser_lacks() -> None:
    found = {
        path.relative_to(ENGINE).as_posix(): imported_tops(path.read_text(encoding="utf-8")) & LEFT_OUT
        for path in sorted(ENGINE.rglob("*.py"))
    }
    assert {name: tops for name, tops in found.items() if tops} == {}


def test_the_check_sees_an_import_the_browser_lacks() -> None:
    assert imported_tops("import csv\nfrom email import message\nfrom . import x\n") & LEFT_OUT == {"csv", "email"}
