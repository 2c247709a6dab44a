"""The registry of dice systems the CLI and the browser bridge know.

Each system's package is imported on first use: a rules page in the browser loads only
the system it shows, which keeps the widget's start-up short under Pyodide.
"""

from __future__ import annotations

from importlib import import_module

from .core.errors import RulesError
from .core.system import System
from .core.tables import Erratum

#: System key (as typed on the command line) → the package whose ``SYSTEM`` defines it.
SYSTEM_PACKAGES: dict[str, str] = {
    "doom-stack": "rules_engine.doom_stack",
    "dice-and-danger": "rules_engine.dice_and_danger",
    "adrenaline": "rules_engine.adrenaline",
    "xy-checks": "rules_engine.xy_checks",
    "action": "rules_engine.action",
}


def get_system(key: str) -> System:
    """The system called ``key``, else a ``RulesError`` naming the known ones."""
    name = key.strip()
    # ASCII only: str.lower() maps look-alikes onto the keys (KELVIN SIGN "\u212a" to "k").
    package = SYSTEM_PACKAGES.get(name.lower()) if name.isascii() else None
    if package is None:
        known = ", ".join(SYSTEM_PACKAGES)
        raise RulesError(f"unknown system {key!r}: known systems are {known}", field="system")
    system: System = import_module(package).SYSTEM
    return system


def all_systems() -> list[System]:
    """Every system, in the order they are listed."""
    return [get_system(key) for key in SYSTEM_PACKAGES]


def all_errata() -> list[Erratum]:
    """Every erratum of every system, in the order the systems are listed."""
    return [erratum for system in all_systems() for erratum in system.errata()]
