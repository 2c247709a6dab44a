"""Doom Stack: pools of d6, matching dice stacked, ones wild (source 000)."""

from __future__ import annotations

from ..core.system import System
from . import actions, notation, odds, roll, rules, tables

__all__ = ["SYSTEM", "actions", "notation", "odds", "roll", "rules", "tables"]


def roll_notation(text: str, seed: int | None = None) -> roll.DoomStackRoll:
    """Roll a notation such as ``4d6 vs TN 8``."""
    return roll.roll(notation.parse(text), seed)


def odds_notation(text: str) -> odds.DoomStackOdds:
    """The exact odds of a notation such as ``4d6 vs TN 8`` (or ``4d6`` alone)."""
    return odds.odds(notation.parse(text))


SYSTEM = System("doom-stack", "Doom Stack", "4d6 vs TN 8", roll_notation, odds_notation,
                tables.TABLES, tables.errata, actions.ACTIONS,
                summary="a pool of d6; matching dice stack, ones are wild")
