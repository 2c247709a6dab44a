"""The Adrenaline d10 pool: successes at or above a difficulty, 1s cancel them, doubles
earn Adrenaline (source 002)."""

from __future__ import annotations

from ..core.errors import RulesError
from ..core.system import System
from . import actions, designer, house_rules, notation, odds, play, roll, rules, tables
from .lab import LAB

__all__ = ["SYSTEM", "actions", "house_rules", "notation", "odds", "play", "roll", "rules", "tables"]


def roll_notation(text: str, seed: int | None = None) -> roll.AdrenalineRoll | roll.ExtendedRoll | roll.OpposedRoll:
    """Roll a notation such as ``6d10 vs 7``, ``6d10 vs 7 until 10`` or ``6d10 against 5d10``."""
    query = notation.parse(text)
    try:
        return roll.roll(query, seed)
    except RulesError as error:
        raise notation.placed(error, text) from None


def odds_notation(text: str) -> odds.StandardOdds | odds.ExtendedOdds | odds.OpposedOdds:
    """The exact odds of a notation of any kind (an extended roll's refusal placed in it)."""
    query = notation.parse(text)
    try:
        return odds.odds(query)
    except RulesError as error:
        raise notation.placed(error, text) from None


SYSTEM = System(
    "adrenaline",
    "Adrenaline d10 pool",
    notation.EXAMPLE,
    roll_notation,
    odds_notation,
    tables.TABLES,
    tables.errata,
    {**actions.ACTIONS, **play.ACTIONS},
    designer=designer.view,
    summary="a pool of d10 against a difficulty; 1s cancel successes, doubles earn Adrenaline",
    notation_help=notation.NOTATION_HELP,
    lab=LAB,
)
