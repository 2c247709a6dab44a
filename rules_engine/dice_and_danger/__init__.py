"""dice & danger: d6 pools counting hits at or above a DC, bonus and penalty dice, kept
6s exploding (source 004)."""

from __future__ import annotations

from ..core.system import System
from . import actions, designer, house_rules, notation, odds, play, roll, rules, tables
from .lab import LAB

__all__ = ["SYSTEM", "actions", "house_rules", "notation", "odds", "play", "roll", "rules", "tables"]


def roll_notation(text: str, seed: int | None = None) -> roll.DiceAndDangerRoll:
    """Roll a notation such as ``4d-1p vs DC 3`` (or ``3d vs DC 3 with die d8``)."""
    return roll.roll(notation.parse(text), seed)


def odds_notation(text: str) -> odds.DiceAndDangerOdds:
    """The exact odds of a notation such as ``4d+1b vs DC 3`` (or ``1d+2p``)."""
    return odds.odds(notation.parse(text))


SYSTEM = System("dice-and-danger", "dice & danger", notation.EXAMPLE, roll_notation, odds_notation,
                tables.TABLES, tables.errata, {**actions.ACTIONS, **play.ACTIONS}, designer=designer.view,
                summary="d6 that hit on a DC; bonus and penalty dice, exploding 6s",
                notation_help=notation.NOTATION_HELP, lab=LAB)
