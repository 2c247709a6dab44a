"""The shapes of what each system gives the shared contracts, and where a shared test finds it:
``tests/<package>/contract.py`` of every registered system (``contract_of(key)``, found through
the registry, so a shared test names no system; ``tests/test_spine.py`` requires the module).

A system's ``contract.py`` holds:

- ``CLI`` (a ``Cli``): what the CLI and bridge contract (``tests/test_cli_contract.py``) runs;
- ``CSS_PREFIX``, with a stylesheet (``docs/assets/css/<key>.css``): the one prefix of the
  classes the system owns (``srd-xy``: ``srd-xy-…`` and ``srd-xy__…``), which
  ``tests/test_stylesheets.py`` holds its sheet to;
- with a play tool (its bridge answers ``play_import``): ``ENTRIES``, ``SHEET_KEY``,
  ``assert_entry_kept`` and ``play_steps``, what the play contract
  (``tests/test_play_contract.py``) draws, and ``PLAY_ROLL`` (a ``PlayRoll``), the roll the
  play tools' layout check (``tests/site/test_play_layout.py``) makes on a phone.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from types import ModuleType

from rules_engine.systems import SYSTEM_PACKAGES

#: What a system with a play tool gives the play contract, beside ``PLAY_ROLL``.
PLAY_PARTS = ("ENTRIES", "SHEET_KEY", "assert_entry_kept", "play_steps", "PLAY_ROLL")


@dataclass(frozen=True)
class Bad:
    """A bad notation: where the caret must point (``position``, ``length``) and words of the message."""

    notation: str
    position: int
    length: int
    says: str


@dataclass(frozen=True)
class Cli:
    """What one system adds to the CLI contract (data only, never rules). The first notation is
    the registry's example."""

    notations: tuple[str, ...]  # rolled and asked for odds (as typed: the canonical form may differ)
    roll_keys: frozenset[str] = frozenset()  # the keys its ``roll --json`` adds
    odds_keys: frozenset[str] = frozenset()  # the keys its ``odds --json`` adds
    bad: tuple[Bad, ...] = ()  # at least one


@dataclass(frozen=True)
class PlayRoll:
    """One play tool's roll on its page (``docs/<key>/play.md``): the tool's root and entry name
    (``play_browser.PlayTool``), and the regions the roll fills."""

    root: str
    new: str  # the button that makes an entry to roll from
    seed_field: str
    seed: str
    button: str  # the roll's button (exact name)
    result: str  # the region the roll fills
    odds: str | None  # the region the odds fill before the roll (None: the tool shows none)
    shown_seed: bool  # whether the result shows its seed (.srd-roll__seed)
    entry: str = "c"  # the name the tool's saved state gives an entry (``PlayTool``)


def folder_of(key: str) -> str:
    """The system's tests folder as a package name: ``tests/doom_stack`` → ``doom_stack``."""
    return SYSTEM_PACKAGES[key].rsplit(".", 1)[-1]


def contract_of(key: str) -> ModuleType:
    """``tests/<package>/contract.py`` of the system registered under ``key``."""
    return import_module(f"{folder_of(key)}.contract")
