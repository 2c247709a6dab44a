"""dice & danger: d6 pools counting hits at or above a DC, bonus and penalty dice, kept
6s exploding (source 004)."""

from __future__ import annotations

import re

from ..core.errors import RulesError
from ..core.system import System
from . import actions, designer, house_rules, notation, odds, play, roll, rules, tables
from .lab import LAB

__all__ = ["SYSTEM", "actions", "house_rules", "notation", "odds", "play", "roll", "rules", "tables"]


def roll_notation(text: str, seed: int | None = None) -> roll.DiceAndDangerRoll:
    """Roll a notation such as ``4d-1p vs DC 3`` (or ``3d vs DC 3 with die d8``)."""
    return roll.roll(notation.parse(text), seed)


def odds_notation(text: str) -> odds.DiceAndDangerOdds:
    """The exact odds of a notation such as ``4d+1b vs DC 3`` (or ``1d+2p``). A house rule
    whose odds are too large to compute is refused with the caret under its with clause
    (under its ``crit`` when it sets one: the crit sets how far explosions run)."""
    query = notation.parse(text)
    try:
        return odds.odds(query)
    except RulesError as error:
        if error.notation is not None:
            raise
        _roll, at = house_rules.BOOK.split(text)
        if at is None:
            raise
        crit = re.search(r"(?<![a-z-])crit\s+\S+?(?=,|\s*$)", text[at:], re.IGNORECASE)
        start, end = (at + crit.start(), at + crit.end()) if crit else (at, len(text.rstrip()))
        raise RulesError(error.message, notation=text, position=start, length=end - start) from None


SYSTEM = System(
    "dice-and-danger",
    "dice & danger",
    notation.EXAMPLE,
    roll_notation,
    odds_notation,
    tables.TABLES,
    tables.errata,
    {**actions.ACTIONS, **play.ACTIONS},
    designer=designer.view,
    summary="d6 that hit on a DC; bonus and penalty dice, exploding 6s",
    notation_help=notation.NOTATION_HELP,
    lab=LAB,
)
