"""The spine five systems hang on: the shared glue names no system, and every registered
system brings its own files in every layer (engine package, macros module, view module,
tests folder), so adding a system means new files plus one registry line (and the nav)."""

from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path

import pytest

from rules_engine.systems import SYSTEM_PACKAGES, get_system

REPO = Path(__file__).resolve().parents[1]
if not (REPO / "macros").is_dir():  # inside Pyodide only tests/ is mounted
    pytest.skip("needs the repository's files", allow_module_level=True)
GLUE = (
    "rules_engine/web.py",
    "rules_engine/cli.py",
    "macros/main.py",
    "macros/designers.py",
    "rules_engine/core/designer.py",
    "docs/assets/js/runtime/engine.js",
    "docs/assets/js/runtime/engine-worker.js",
    "docs/assets/js/runtime/widgets.js",
    "docs/assets/js/kit/widget-kit.js",
    "docs/assets/js/kit/compare.js",
    "docs/assets/js/kit/history.js",
    "macros/widget_html.py",
    "docs/assets/js/kit/table-export.js",
    "docs/assets/js/kit/notation-buttons.js",
    "macros/render.py",
    "docs/assets/js/runtime/early-links.js",
    "macros/module_graph.py",
    "docs/assets/js/runtime/pages.js",
    "docs/assets/js/kit/share.js",
    "docs/assets/js/kit/play-kit.js",
    "docs/assets/js/kit/play-focus.js",
    "docs/assets/js/kit/fields-form.js",
    "macros/lab.py",
    "docs/assets/js/views/lab.js",
    "docs/assets/css/lab.css",
    "docs/lab.md",
    "rules_engine/core/share.py",
    "rules_engine/core/play.py",
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


@pytest.mark.parametrize("key", SYSTEM_PACKAGES)
def test_every_system_brings_its_own_files(key):
    package = package_name(key)
    system = get_system(key)
    assert system.key == key
    assert (REPO / "rules_engine" / package / "__init__.py").is_file()
    assert callable(getattr(import_module(f"macros.{package}"), "register", None)), f"macros/{package}.py register(env)"
    view = (REPO / "docs/assets/js/views" / f"{key}.js").read_text(encoding="utf-8")
    assert re.search(r"^export const WIDGETS = \{", view, re.M), f"docs/assets/js/views/{key}.js exports WIDGETS"
    assert any((REPO / "tests" / package).glob("test_*.py")), f"tests/{package}/ holds the system's tests"
    for action, handler in system.actions.items():
        assert action not in ("roll", "odds") and callable(handler)


class _RecordingEnv:
    """What a system's ``register(env)`` gives mkdocs-macros."""

    def __init__(self) -> None:
        self.macros: dict[str, object] = {}
        self.variables: dict[str, object] = {}

    def macro(self, function, name: str = ""):  # noqa: ANN001, ANN201
        self.macros[name or function.__name__] = function
        return function


@pytest.mark.parametrize("key", SYSTEM_PACKAGES)
def test_every_widget_a_system_draws_has_its_view(key):
    """Each widget macro's markup names this system's view module and a widget it attaches."""
    env = _RecordingEnv()
    import_module(f"macros.{package_name(key)}").register(env)
    view = (REPO / "docs/assets/js/views" / f"{key}.js").read_text(encoding="utf-8")
    exported = re.search(r"^export const WIDGETS = \{([^}]*)\}", view, re.M).group(1)
    kinds = set(re.findall(r"([A-Za-z_$][\w$]*|\"[^\"]+\")\s*:", exported))
    for name, macro in env.macros.items():
        html = macro()
        for view_name, widget in re.findall(r'class="srd-widget"[^>]*data-view="([^"]+)" data-widget="([^"]+)"', html):
            assert view_name == key, f"{name} draws a widget of {view_name!r}"
            assert widget in {k.strip('"') for k in kinds}, f"{name}: {key}.js has no widget {widget!r}"


def test_the_registry_and_the_nav_agree():
    nav = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    for key in SYSTEM_PACKAGES:
        assert f"{key}.md" in nav, f"mkdocs.yml's nav has no page {key}.md"
