"""Doom Stack: pools of d6, matching dice stacked, ones wild (source 000)."""

from __future__ import annotations

from ..core.errors import RulesError
from ..core.notation import check_length
from ..core.rule_set import read_with
from ..core.system import System
from . import actions, attack, designer, house_rules, lab, notation, odds, play, roll, rules, tables

__all__ = ["SYSTEM", "actions", "attack", "house_rules", "lab", "notation", "odds", "play", "roll", "rules", "tables"]

#: Both notations in a few lines, for ``--help`` (quoted examples feed the fuzz tests too).
NOTATION_HELP = (
    f'a roll: POOLd6 [vs TN N | vs DIFFICULTY], e.g. "4d6 vs TN 8"; the pool may be '
    f"ATTRIBUTE+SKILL[+MOD|-MOD]d6, the modifiers held to half of attribute + skill, e.g. "
    f'"3+2+4d6 vs TN 8" (7d6); a roll may end with house rules, with SETTING VALUE, … '
    f'(the pool names the rule set\'s die), e.g. "4d8 vs TN 8 with die d8, wild none"; '
    f"{attack.HELP}"
)


def _attack_text(text: str) -> str:
    """An attack's notation without a ``with`` clause of the printed rules; an attack under
    house rules is refused at the clause (its stacks are already rolled)."""
    check_length(text)
    before, rule_set = read_with(house_rules.BOOK, text)
    if not rule_set.is_printed:
        at = len(before) + 1
        raise RulesError(
            "an attack takes no house rules: its stacks are already rolled (put the rules on the rolls that made them)",
            notation=text,
            position=at,
            length=len(text) - at,
            field="rules",
        )
    return before


def roll_notation(text: str, seed: int | None = None) -> roll.DoomStackRoll | attack.AttackRoll:
    """Roll a notation such as ``4d6 vs TN 8``, or resolve an attack (``attack 9 vs 4``)
    and roll the bleeding out it leaves."""
    if attack.is_attack(text):
        return attack.roll_attack(attack.parse_attack(_attack_text(text)), seed)
    return roll.roll(notation.parse(text), seed)


def odds_notation(text: str) -> odds.DoomStackOdds | attack.AttackReport:
    """The exact odds of a notation such as ``4d6 vs TN 8`` (or ``4d6`` alone), or an
    attack resolved with the exact odds of bleeding out."""
    if attack.is_attack(text):
        return attack.resolve(attack.parse_attack(_attack_text(text)))
    return odds.odds(notation.parse(text))


SYSTEM = System(
    "doom-stack",
    "Doom Stack",
    "4d6 vs TN 8",
    roll_notation,
    odds_notation,
    tables.TABLES,
    tables.errata,
    {**actions.ACTIONS, **play.ACTIONS},
    designer=designer.view,
    summary="a pool of d6; matching dice stack, ones are wild",
    notation_help=NOTATION_HELP,
    lab=lab.LAB,
)
