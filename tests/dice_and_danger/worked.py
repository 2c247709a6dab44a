"""Dice & danger worked out the tests' own way: rolls on given dice (the seeded roller's own
``resolve`` fed a script), and a new character's Luck odds summed from the attribute totals."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from itertools import product

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


def every_roll(
    query: DiceAndDangerQuery, more_faces: Callable[[tuple[int, ...]], Iterable[int]]
) -> dict[int, Fraction]:
    """Hits → chance over every roll of ``query``, each resolved die by die with ``resolve_dice``.
    Where a roll needs another explosion die, ``more_faces(explosions so far)`` names the faces
    that die is tried at; a roll left with none to try is left out of the sum."""
    out: dict[int, Fraction] = {}
    for dice in product(range(1, query.sides + 1), repeat=query.rolled):
        pending: list[tuple[int, ...]] = [()]
        while pending:
            extra = pending.pop()
            try:
                result = resolve_dice(query, dice, extra)
            except RulesError as error:
                assert "needs more" in error.message
                pending += [(*extra, face) for face in more_faces(extra)]
                continue
            out[result.hits] = out.get(result.hits, 0) + Fraction(1, query.sides ** (len(dice) + len(extra)))
    return {k: v for k, v in sorted(out.items()) if v}


def luck_odds() -> dict[Luck, Fraction]:
    """The exact odds of each Luck for a new character, in band order."""
    odds: dict[Luck, Fraction] = {}
    for total, p in attribute_sum_distribution().probabilities().items():
        luck = luck_for(total)
        odds[luck] = odds.get(luck, Fraction(0)) + p
    return {luck: odds[luck] for luck in LUCK_BY_BAND if luck in odds}
