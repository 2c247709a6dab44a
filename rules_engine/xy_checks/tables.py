"""X-in-Y checks: the reference tables the site publishes, generated here."""

from __future__ import annotations

from ..core.tables import Erratum, Table

TABLES: dict[str, object] = {}


def errata() -> list[Erratum]:
    """The source prints no numbers that differ from the rules."""
    return []
