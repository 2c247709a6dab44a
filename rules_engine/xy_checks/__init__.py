"""X-in-Y checks: a y-sided die that must show x or less; a die ladder, bonus and penalty dice
with degrees, attacks, volleys and contested volleys (source 003)."""

from __future__ import annotations

from ..core.system import System
from . import actions, designer, house_rules, lab, notation, odds, play, roll, rules, tables

__all__ = ["SYSTEM", "actions", "house_rules", "lab", "notation", "odds", "play", "roll", "rules", "tables"]


def roll_notation(text: str, seed: int | None = None) -> roll.XYCheckRoll | roll.VolleyRoll | roll.ContestRoll:
    """Roll a check (``5/6 -3 TN +1b``), a volley or a contested volley."""
    return roll.roll(notation.parse(text), seed)


def odds_notation(text: str) -> odds.CheckOdds | odds.VolleyOdds | odds.ContestOdds:
    """The exact odds of a check, a volley or a contested volley."""
    return odds.odds(notation.parse(text))


SYSTEM = System(
    "xy-checks",
    "X-in-Y checks",
    notation.EXAMPLE,
    roll_notation,
    odds_notation,
    tables.TABLES,
    tables.errata,
    {**actions.ACTIONS, **play.ACTIONS},
    designer=designer.view,
    summary="x or lower on a die of the ladder d4–d20; bonus and penalty dice, volleys",
    notation_help=notation.HELP,
    lab=lab.LAB,
)
