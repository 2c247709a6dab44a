"""The spine five systems hang on: the shared glue names no system, and every registered
system brings its own files in every layer (engine package, macros module, view module,
tests folder with its ``contract.py``), so adding a system means new files plus one registry
line (and the nav). The checks of one system take the folder its files are in, so
tests/test_adding_a_system.py holds a throwaway system to them too."""

from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path

import pytest
from macros_env import system_macros
from system_contract import PLAY_PARTS, Cli, contract_of

from rules_engine.systems import SYSTEM_PACKAGES, get_system

REPO = Path(__file__).resolve().parents[1]
if not (REPO / "macros").is_dir():  # inside Pyodide only tests/ is mounted
    pytest.skip("needs the repository's files", allow_module_level=True)
#: The shared glue outside the page code's shared rooms.
_GLUE_FILES = (
    "rules_engine/web.py",
    "rules_engine/cli.py",
    "macros/main.py",
    "macros/designers.py",
    "rules_engine/core/designer.py",
    "macros/widget_html.py",
    "macros/render.py",
    "macros/module_graph.py",
    "macros/lab.py",
    "docs/assets/js/views/lab.js",
    "docs/assets/css/lab.css",
    "docs/lab.md",
    "rules_engine/core/share.py",
    "rules_engine/core/play.py",
)
#: Every module of the page code's shared rooms (runtime/ and kit/) is glue, whatever its name.
SHARED_ROOMS = ("docs/assets/js/runtime", "docs/assets/js/kit")
GLUE = _GLUE_FILES + tuple(
    sorted(path.relative_to(REPO).as_posix() for room in SHARED_ROOMS for path in (REPO / room).glob("*.js"))
)


def package_name(key: str) -> str:
    return SYSTEM_PACKAGES[key].rsplit(".", 1)[-1]


def names_of(key: str) -> set[str]:
    """Every way a file could name the system: key, package, title (in any case)."""
    system = get_system(key)
    return {key, package_name(key), system.title, system.title.replace(" ", "-"), system.title.replace(" ", "_")}


#: Words the glue uses in its own right (the bridge's request "action", a verb "roll" …).
#: A system named by one of them is looked for where a system is named (a package or file
#: path, a comparison with a system key, its title in quotes), not wherever the word stands.
GLUE_WORDS = frozenset({"action", "actions", "roll", "odds", "system", "systems"})


def names_it(text: str, name: str) -> bool:
    """Whether the lower-cased ``text`` names a system by ``name``."""
    lowered = name.lower()
    core = re.sub(r"[^a-z0-9_-]", "", lowered)
    if core not in GLUE_WORDS:
        return lowered in text
    word = re.escape(core)
    contexts = (
        rf"rules_engine[./]{word}\b",
        rf"macros[./]{word}\b",
        rf"\b{word}\.(?:js|css|md|py)\b",
        rf"system\w*\W{{1,6}}{word}\b",
        rf"[\"']{re.escape(lowered)}[\"']" if lowered != core else None,
    )
    return any(re.search(pattern, text) for pattern in contexts if pattern)


@pytest.mark.parametrize("path", GLUE)
def test_the_glue_names_no_system(path):
    text = (REPO / path).read_text(encoding="utf-8").lower()
    for key in SYSTEM_PACKAGES:
        named = sorted(name for name in names_of(key) if names_it(text, name))
        assert not named, f"{path} names the system {key!r} as {named}"


def test_a_system_named_by_a_glue_word_is_still_caught():
    assert names_it("import rules_engine.action", "action")
    assert names_it('if system == "action":', "action")
    assert names_it('load("action.js")', "action")
    assert names_it('title = "action!"', "Action!")
    assert not names_it('request.get("action")', "action")
    assert not names_it('f"unknown action {action!r}"', "Action!")
    assert names_it("doom-stack", "doom-stack")  # other names: anywhere, as before


def assert_brings_its_own_files(key: str, root: Path = REPO) -> None:
    """The system under ``key`` has its file in every layer under ``root``, and its tests give
    the shared contracts their data (``tests/<package>/contract.py``)."""
    package = package_name(key)
    system = get_system(key)
    assert system.key == key
    assert (root / "rules_engine" / package / "__init__.py").is_file()
    assert callable(getattr(import_module(f"macros.{package}"), "register", None)), f"macros/{package}.py register(env)"
    view = (root / "docs/assets/js/views" / f"{key}.js").read_text(encoding="utf-8")
    assert re.search(r"^export const WIDGETS = \{", view, re.M), f"docs/assets/js/views/{key}.js exports WIDGETS"
    assert any((root / "tests" / package).glob("test_*.py")), f"tests/{package}/ holds the system's tests"
    for action, handler in system.actions.items():
        assert action not in ("roll", "odds") and callable(handler)
    assert (root / "tests" / package / "contract.py").is_file(), f"tests/{package}/contract.py"
    contract = contract_of(key)
    assert isinstance(getattr(contract, "CLI", None), Cli), f"tests/{package}/contract.py: CLI"
    if "play_import" in system.actions:  # a play tool
        missing = [name for name in PLAY_PARTS if not hasattr(contract, name)]
        assert not missing, f"tests/{package}/contract.py lacks {missing}"


def assert_every_widget_has_its_view(key: str, root: Path = REPO) -> None:
    """Each widget macro's markup names this system's view module and a widget it attaches."""
    view = (root / "docs/assets/js/views" / f"{key}.js").read_text(encoding="utf-8")
    exported = re.search(r"^export const WIDGETS = \{([^}]*)\}", view, re.M).group(1)
    kinds = {k.strip('"') for k in re.findall(r"([A-Za-z_$][\w$]*|\"[^\"]+\")\s*:", exported)}
    for name, macro in system_macros(key).items():
        html = macro()
        for view_name, widget in re.findall(r'class="srd-widget"[^>]*data-view="([^"]+)" data-widget="([^"]+)"', html):
            assert view_name == key, f"{name} draws a widget of {view_name!r}"
            assert widget in kinds, f"{name}: {key}.js has no widget {widget!r}"


def assert_in_the_nav(key: str, root: Path = REPO) -> None:
    nav = (root / "mkdocs.yml").read_text(encoding="utf-8")
    assert f"{key}.md" in nav, f"mkdocs.yml's nav has no page {key}.md"


@pytest.mark.parametrize("key", SYSTEM_PACKAGES)
def test_every_system_brings_its_own_files(key):
    assert_brings_its_own_files(key)


@pytest.mark.parametrize("key", SYSTEM_PACKAGES)
def test_every_widget_a_system_draws_has_its_view(key):
    assert_every_widget_has_its_view(key)


def test_the_registry_and_the_nav_agree():
    for key in SYSTEM_PACKAGES:
        assert_in_the_nav(key)
