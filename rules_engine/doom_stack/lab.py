"""Doom Stack in the design lab (``core/lab.py``): the chapter's pools under the printed rules
and under house rules, each with the best stack's exact spread and the chance of success at
every named difficulty of its ladder.

A lab roll is written as the chapter writes a pool, without a difficulty and without a rule
set: ``4d6`` (or ``4d``), or attribute + skill + modifiers, ``2+2+4d6``. Each column rolls
that many dice of its own die, the modifiers held to its own cap; its rungs are its own
ladder's TNs, and the usual one is Challenging.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..core.designer import DifficultyStep
from ..core.errors import RulesError
from ..core.lab import Lab, LabOutcome, LabRoll, LabSheet
from ..core.rule_set import RuleSet
from .house_rules import BOOK, PRINTED, exact_match, ladder
from .notation import DoomStackQuery, assemble_rules_pool, parse
from .odds import odds_against, stack_distribution
from .roll import roll

#: The rung a roll is usually made against: Challenging, the middle of the named ladder.
USUAL = 3

ROLLS = (
    LabRoll("An average pedestrian at their day job: attribute 2 + skill 2 (4d6)", "4d6"),
    LabRoll("An excellent pool (6d6)", "6d6"),
    LabRoll("A famous character's pool (9d6)", "9d6"),
    LabRoll("The pedestrian with four dice of help: 2 + 2 + 4 (6d6 printed)", "2+2+4d6"),
    LabRoll("The pedestrian hampered by four dice: 2 + 2 − 4 (2d6 printed)", "2+2-4d6"),
)

_SUCCESS = {
    "glitch": "the best stack reaches the TN (exactly the TN is a glitch, a success with a complication)",
    "success": "the best stack reaches the TN (exactly the TN is a clean success)",
    "failure": "the best stack beats the TN (exactly the TN fails)",
}


def lab_query(text: str, rules: RuleSet) -> DoomStackQuery:
    """The lab's roll under ``rules``: read as the printed notation reads it (a refusal is
    the roll's, with its caret), then rolled with the rule set's die and modifier cap (a
    pool too large for the rule set is the rule set's refusal)."""
    split, at = BOOK.split(text)
    if at is not None:
        raise RulesError(
            "write the roll without a with clause: the lab sets the rules in its columns",
            notation=text,
            position=len(split) + 1,
            length=4,
            field="roll",
        )
    try:
        query = parse(text)
    except RulesError as error:
        raise RulesError(
            error.message, notation=error.notation, position=error.position, length=error.length, field="roll"
        ) from None
    if query.tn is not None:
        at = text.lower().find("vs")
        raise RulesError(
            "write the roll without a difficulty: the lab asks every rung of the ladder",
            notation=text,
            position=max(0, at),
            length=len(text) - max(0, at),
            field="roll",
        )
    if rules.is_printed:
        return query
    pool = query.assembled
    if pool is not None:
        pool = assemble_rules_pool(pool.attribute, pool.skill, pool.modifiers, rules)
        return DoomStackQuery(pool.size, None, pool, rules)
    return DoomStackQuery(query.pool, None, None, rules)


def sheet(text: str, rules: RuleSet = PRINTED, seed: int | None = None) -> LabSheet:
    """The exact answer for one lab roll under one rule set."""
    query = lab_query(text, rules)
    dist = stack_distribution(query.pool, rules)
    outcomes = tuple(LabOutcome(f"stack {value}", value, p) for value, p in dist.probabilities().items() if p)
    with_clause = rules.with_clause()
    rungs = tuple(
        DifficultyStep(
            f"{rung.name} (TN {rung.tn})",
            f"{query.roll_notation} vs TN {rung.tn}{with_clause}",
            odds_against(dist, query.pool, rung.tn, rules).success,
        )
        for rung in ladder(rules)
    )
    rolled = roll(replace(query, tn=ladder(rules)[USUAL].tn), seed)
    # The mean and variance from the whole-number weights: the same values as the outcomes
    # give, without a sum of fractions (the lab asks for them several times).
    total = dist.denominator
    first = sum(value * weight for value, weight in dist.weights.items())
    second = sum(value * value * weight for value, weight in dist.weights.items())
    mean = Fraction(first, total)
    return LabSheet(
        query.notation,
        "Best stack",
        outcomes,
        "Difficulty (TN)",
        _SUCCESS[exact_match(rules)],
        rungs,
        USUAL,
        tuple(rolled.roll_lines()),
        mean=mean,
        variance=Fraction(second, total) - mean * mean,
    )


LAB = Lab(BOOK, ROLLS, sheet)
