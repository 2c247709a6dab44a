"""Every play tool's rule table (``tests/<system>/play_rules.py``, rows of ``play_rules.Rule``),
checked alike: each state change the play actions make is traced to a passage of the system's
source and to the test that holds it. For each registered system with a play tool:

- every test a row names exists in the system's tests folder;
- every row names play actions the system answers, and every play action of its own (all but
  the shared document actions) has a row;
- every passage is the source's own words, short and on one line (where the source texts are
  beside the checkout: not inside Pyodide);
- every Ruling a row names, "(Ruling: title)", is a box of that title on one of its pages."""

from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path
from types import ModuleType

import pytest
from own_words import SEEDS
from play_rules import SHARED_ACTIONS, Rule

from rules_engine.systems import SYSTEM_PACKAGES, all_systems

DOCS = Path(__file__).resolve().parents[1] / "docs"
#: Every registered system whose bridge answers the play frame's actions.
PLAY_SYSTEMS = [system.key for system in all_systems() if "play_import" in system.actions]


def folder_of(system: str) -> str:
    """The system's tests folder as a package name (``doom_stack``)."""
    return SYSTEM_PACKAGES[system].rsplit(".", 1)[1]


def table(system: str) -> ModuleType:
    """The system's rule table module."""
    return import_module(f"{folder_of(system)}.play_rules")


def own_actions(system: str) -> set[str]:
    """The system's play actions, less those every play tool answers alike."""
    actions = next(s for s in all_systems() if s.key == system).actions
    return {name for name in actions if name.startswith("play_")} - SHARED_ACTIONS


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("system", PLAY_SYSTEMS)
def test_every_row_names_a_test_that_exists(system: str) -> None:
    for row in table(system).RULES:
        assert isinstance(row, Rule), row
        module, function = row.test.split("::")
        held = getattr(import_module(f"{folder_of(system)}.{module}"), function, None)
        assert callable(held) and function.startswith("test_"), row


@pytest.mark.parametrize("system", PLAY_SYSTEMS)
def test_every_play_action_has_a_row(system: str) -> None:
    traced = {action for row in table(system).RULES for action in row.actions}
    assert traced <= own_actions(system), traced - own_actions(system)
    assert own_actions(system) <= traced, own_actions(system) - traced


@pytest.mark.parametrize("system", PLAY_SYSTEMS)
def test_every_passage_is_the_sources_own(system: str) -> None:
    source = SEEDS / table(system).SOURCE
    if not source.is_file():
        pytest.skip("the source texts are not beside this checkout")
    text = words(source.read_text(encoding="utf-8"))
    for row in table(system).RULES:
        assert words(row.passage) in text, row
        assert len(row.passage) <= 200 and "\n" not in row.passage, row


@pytest.mark.parametrize("system", PLAY_SYSTEMS)
def test_every_ruling_named_is_a_box_on_a_page(system: str) -> None:
    pages = [DOCS / page for page in table(system).PAGES]
    if not all(page.is_file() for page in pages):
        pytest.skip("the pages are not beside these tests (inside Pyodide)")
    boxes = {
        title.casefold()
        for page in pages
        for title in re.findall(r'^\s*!!! \w+ "Rulings?: ([^"]+)"', page.read_text(encoding="utf-8"), re.M)
    }
    for row in table(system).RULES:
        for named in re.findall(r"\(Ruling: ([^)]+)\)", row.rule):
            assert named.casefold() in boxes, row
