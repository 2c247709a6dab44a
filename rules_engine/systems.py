"""The registry of dice systems the CLI and the browser bridge know."""

from __future__ import annotations

from . import dice_and_danger, doom_stack
from .core.errors import RulesError
from .core.system import System
from .core.tables import Erratum

SYSTEMS: dict[str, System] = {system.key: system for system in (doom_stack.SYSTEM, dice_and_danger.SYSTEM)}


def get_system(key: str) -> System:
    """The system called ``key`` (as on the command line), else a ``RulesError``."""
    try:
        return SYSTEMS[key.strip().lower()]
    except KeyError:
        known = ", ".join(SYSTEMS)
        raise RulesError(f"unknown system {key!r}: known systems are {known}", field="system") from None


def all_errata() -> list[Erratum]:
    """Every erratum of every system, in the order the systems are listed."""
    return [erratum for system in SYSTEMS.values() for erratum in system.errata()]
