"""The stylesheets' part of the spine: shared sheets and ``overrides/`` name no system, every
registered system has a sheet of its own (``docs/assets/css/<key>.css``) whose classes carry
its one prefix and no other system's, and every sheet is loaded (mkdocs.yml's ``extra_css``, or
an ``@import`` of a loaded sheet)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from system_contract import contract_of
from test_spine import names_it, names_of

from rules_engine.systems import SYSTEM_PACKAGES

REPO = Path(__file__).resolve().parents[1]
if not (REPO / "docs/assets/css").is_dir():  # inside Pyodide only tests/ is mounted
    pytest.skip("needs the repository's files", allow_module_level=True)
CSS = REPO / "docs/assets/css"

#: System key -> the one class prefix of its own classes, from its ``tests/<package>/contract.py``.
PREFIX: dict[str, str] = {key: contract_of(key).CSS_PREFIX for key in SYSTEM_PACKAGES}

#: A class that opens with a short name as prefixes do (``srd-xy-…``, ``srd-dd__…``); a modifier
#: (``srd-die--hit``) is not one.
SHORT_PREFIX = re.compile(r"^(srd-[a-z]{2,3})(?:-(?!-)|__)")


def without_comments(text: str) -> str:
    return re.sub(r"/\*.*?\*/", "", text, flags=re.S)


def classes(path: Path) -> set[str]:
    """Every class a sheet's selectors name."""
    rules = without_comments(path.read_text(encoding="utf-8"))
    selectors = re.findall(r"([^{};]+)\{", rules)
    return {name for selector in selectors for name in re.findall(r"\.(-?[_a-zA-Z][\w-]*)", selector)}


def under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith((prefix + "-", prefix + "__"))


def system_sheets() -> dict[str, Path]:
    return {key: CSS / f"{key}.css" for key in SYSTEM_PACKAGES}


def shared_sheets() -> list[Path]:
    own = set(system_sheets().values())
    return sorted(path for path in CSS.glob("*.css") if path not in own)


def loaded_sheets() -> set[str]:
    """The sheets mkdocs.yml lists under ``extra_css``, and those they ``@import``."""
    config = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    block = re.search(r"^extra_css:\n((?:[ \t]+-.*\n)+)", config, re.M)
    assert block, "mkdocs.yml lists no extra_css"
    listed = re.findall(r"assets/css/([\w.-]+\.css)", block.group(1))
    seen: set[str] = set()
    while listed:
        name = listed.pop()
        if name in seen:
            continue
        seen.add(name)
        listed += re.findall(r"@import\s+(?:url\()?[\"']?([\w.-]+\.css)", (CSS / name).read_text(encoding="utf-8"))
    return seen


def test_every_sheet_is_loaded_and_every_listed_sheet_is_there():
    on_disk = {path.name for path in CSS.glob("*.css")}
    loaded = loaded_sheets()
    assert on_disk - loaded == set(), "sheets no page loads"
    assert loaded - on_disk == set(), "sheets listed but missing"


def test_every_system_has_a_prefix_and_a_sheet():
    assert set(PREFIX) == set(SYSTEM_PACKAGES), "a CSS_PREFIX in each registered system's tests/<package>/contract.py"
    for key, path in system_sheets().items():
        assert path.is_file(), f"docs/assets/css/{key}.css"
        assert any(under(name, PREFIX[key]) for name in classes(path)), f"{path.name} has no {PREFIX[key]} class"


@pytest.mark.parametrize("key", SYSTEM_PACKAGES)
def test_a_system_sheet_uses_its_one_prefix(key):
    path, own = system_sheets()[key], PREFIX[key]
    for name in sorted(classes(path)):
        others = [other for other, prefix in PREFIX.items() if other != key and under(name, prefix)]
        assert not others, f"{path.name}: .{name} is under the prefix of {others}"
        short = SHORT_PREFIX.match(name)
        assert not short or under(name, own), f"{path.name}: .{name} opens with {short.group(1)}, not {own}"


@pytest.mark.parametrize("path", shared_sheets(), ids=lambda path: path.name)
def test_a_shared_sheet_names_no_system(path):
    names = classes(path)
    for key, prefix in PREFIX.items():
        assert not [name for name in names if under(name, prefix)], f"{path.name} styles {key}'s classes"
    text = path.read_text(encoding="utf-8").lower()
    for key in SYSTEM_PACKAGES:
        named = sorted(name for name in names_of(key) if names_it(text, name))
        assert not named, f"{path.name} names the system {key!r} as {named}"


@pytest.mark.parametrize("path", sorted((REPO / "overrides").rglob("*.html")), ids=lambda path: path.name)
def test_the_theme_overrides_name_no_system(path):
    text = path.read_text(encoding="utf-8")
    lowered = text.lower()
    for key, prefix in PREFIX.items():
        assert not re.search(rf"\b{re.escape(prefix)}(?:-|__|\b)", text), f"{path.name} names {prefix}"
        named = sorted(name for name in names_of(key) if names_it(lowered, name))
        assert not named, f"{path.name} names the system {key!r} as {named}"


def test_a_class_is_under_a_prefix_only_when_it_says_so():
    assert under("srd-xy-play__odds", "srd-xy") and under("srd-xy__over", "srd-xy") and under("srd-xy", "srd-xy")
    assert not under("srd-xyz", "srd-xy")
    assert SHORT_PREFIX.match("srd-acp__note") and SHORT_PREFIX.match("srd-dg-steps")
    assert not SHORT_PREFIX.match("srd-die--hit") and not SHORT_PREFIX.match("srd-odds__item")
