"""Dice & danger worked out the tests' own way: rolls on given dice (the seeded roller's own
``resolve`` fed a script), and a new character's Luck odds summed from the attribute totals."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rules_engine.core.errors import RulesError
from rules_engine.core.roller import ScriptedRoller
from rules_engine.dice_and_danger.notation import DiceAndDangerQuery
from rules_engine.dice_and_danger.roll import DiceAndDangerRoll, resolve
from rules_engine.dice_and_danger.rules import LUCK_BY_BAND, Luck, attribute_sum_distribution, luck_for


def resolve_dice(query: DiceAndDangerQuery, dice: Sequence[int], explosions: Sequence[int] = ()) -> DiceAndDangerRoll:
    """Resolve dice already rolled (in roll order: base dice, then the extra ones), with
    ``explosions`` the dice rolled for kept 6s, in the order they are needed; a die left
    over is refused."""
    roller = ScriptedRoller([*dice, *explosions])
    result = resolve(query, roller)
    if roller.unused:
        left = " ".join(map(str, roller.unused))
        raise RulesError(f"{len(roller.unused)} of the given dice were not needed: {left}")
    return result


def luck_odds() -> dict[Luck, Fraction]:
    """The exact odds of each Luck for a new character, in band order."""
    odds: dict[Luck, Fraction] = {}
    for total, p in attribute_sum_distribution().probabilities().items():
        luck = luck_for(total)
        odds[luck] = odds.get(luck, Fraction(0)) + p
    return {luck: odds[luck] for luck in LUCK_BY_BAND if luck in odds}
