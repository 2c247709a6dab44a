"""Action!: skill + open-ended positive d10s − negative d10s against a defence, eight
degrees of success, action types, and the value table (source 001)."""

from __future__ import annotations

from ..core.system import System
from . import actions, notation, odds, roll, rules, tables

__all__ = ["SYSTEM", "actions", "notation", "odds", "roll", "rules", "tables"]


def roll_notation(text: str, seed: int | None = None) -> roll.ActionRoll:
    """Roll a notation such as ``8 vs 5 inspired``."""
    return roll.roll(notation.parse(text), seed)


def odds_notation(text: str) -> odds.ActionOdds:
    """The exact odds of a notation such as ``5 vs 5`` (no cut-off)."""
    return odds.odds(notation.parse(text))


NOTATION_HELP = ("SKILL vs [active] DEFENCE [types] [+Nd] [-Nd] [T n] [ev A vs B]; types: inspired, wild, "
                 "stymied, routine, static, boosted, hindered, promising, hazardous, experimental, one-shot; "
                 "T: the Threshold (5); ev: each side's attribute + modifiers (PV = Outcome without). "
                 "e.g. \"8 vs 5 inspired\", \"5 vs active 3 wild T 10 ev 3 vs 2\"")

SYSTEM = System("action", "Action!", notation.EXAMPLE, roll_notation, odds_notation,
                tables.TABLES, tables.errata, actions.ACTIONS,
                summary="skill + open-ended d10s against a defence; eight degrees, exact with no cut-off",
                notation_help=NOTATION_HELP)
