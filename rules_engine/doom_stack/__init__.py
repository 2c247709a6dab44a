"""Doom Stack: pools of d6, matching dice stacked, ones wild (source 000)."""

from __future__ import annotations

from ..core.system import System
from . import actions, attack, designer, notation, odds, play, roll, rules, tables

__all__ = ["SYSTEM", "actions", "attack", "notation", "odds", "play", "roll", "rules", "tables"]

#: Both notations in a few lines, for ``--help`` (quoted examples feed the fuzz tests too).
NOTATION_HELP = (f"a roll: POOLd6 [vs TN N | vs DIFFICULTY], e.g. \"4d6 vs TN 8\"; the pool may be "
                 f"ATTRIBUTE+SKILL[+MOD|-MOD]d6, the modifiers held to half of attribute + skill, e.g. "
                 f"\"3+2+4d6 vs TN 8\" (7d6); {attack.HELP}")


def roll_notation(text: str, seed: int | None = None) -> roll.DoomStackRoll | attack.AttackRoll:
    """Roll a notation such as ``4d6 vs TN 8``, or resolve an attack (``attack 9 vs 4``)
    and roll the bleeding out it leaves."""
    if attack.is_attack(text):
        return attack.roll_attack(attack.parse_attack(text), seed)
    return roll.roll(notation.parse(text), seed)


def odds_notation(text: str) -> odds.DoomStackOdds | attack.AttackReport:
    """The exact odds of a notation such as ``4d6 vs TN 8`` (or ``4d6`` alone), or an
    attack resolved with the exact odds of bleeding out."""
    if attack.is_attack(text):
        return attack.resolve(attack.parse_attack(text))
    return odds.odds(notation.parse(text))


SYSTEM = System("doom-stack", "Doom Stack", "4d6 vs TN 8", roll_notation, odds_notation,
                tables.TABLES, tables.errata, {**actions.ACTIONS, **play.ACTIONS}, designer=designer.view,
                summary="a pool of d6; matching dice stack, ones are wild",
                notation_help=NOTATION_HELP)
