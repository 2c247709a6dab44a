"""The Adrenaline d10 pool: successes at or above a difficulty, 1s cancel them, doubles
earn Adrenaline (source 002)."""

from __future__ import annotations

from ..core.system import System
from . import actions, designer, notation, odds, roll, rules, tables

__all__ = ["SYSTEM", "actions", "notation", "odds", "roll", "rules", "tables"]


def roll_notation(text: str, seed: int | None = None) -> roll.AdrenalineRoll | roll.ExtendedRoll | roll.OpposedRoll:
    """Roll a notation such as ``6d10 vs 7``, ``6d10 vs 7 until 10`` or ``6d10 against 5d10``."""
    return roll.roll(notation.parse(text), seed)


def odds_notation(text: str) -> odds.StandardOdds | odds.ExtendedOdds | odds.OpposedOdds:
    """The exact odds of a notation of any kind."""
    return odds.odds(notation.parse(text))


SYSTEM = System("adrenaline", "Adrenaline d10 pool", notation.EXAMPLE, roll_notation, odds_notation,
                tables.TABLES, tables.errata, actions.ACTIONS, designer=designer.view,
                summary="a pool of d10 against a difficulty; 1s cancel successes, doubles earn Adrenaline",
                notation_help=notation.NOTATION_HELP)
