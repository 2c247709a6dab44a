"""Action! in the design lab: the chapter's headline actions under any rule set.

A lab roll is an action written without its defence (``5``, ``5 inspired``): the ladder
is the designers' page's, defence 0 to 20 in steps of 5, and the outcomes are the eight
degrees against the usual defence (the rung nearest the skill; 5 for the typical skill of
5). Degrees are finite by nature, so the sheet lists every one and needs no tail: the
open-ended dice behind them are still followed exactly, with no cut-off.
"""

from __future__ import annotations

from ..core.designer import DifficultyStep
from ..core.errors import RulesError
from ..core.lab import Lab, LabOutcome, LabRoll, LabSheet
from ..core.notation import Scanner
from ..core.rule_set import RuleSet
from .designer import DIFFICULTIES, SKILL
from .house_rules import BOOK
from .roll.notation import ActionQuery, _sum, parse
from .roll.odds import odds
from .roll.roll import roll
from .roll.rules import DEGREE_NAMES, SUCCESS

ROLLS = (
    LabRoll(f"Skill {SKILL}, rolled plain (the designers' page's typical action)", str(SKILL)),
    LabRoll(f"Skill {SKILL}, Inspired (one more positive die)", f"{SKILL} inspired"),
    LabRoll(f"Skill {SKILL}, Wild (one more die of each kind)", f"{SKILL} wild"),
    LabRoll(f"Skill {SKILL}, Stymied (positive dice closed)", f"{SKILL} stymied"),
    LabRoll(f"Skill {SKILL}, Experimental (any pair is a double-0)", f"{SKILL} experimental"),
    LabRoll("Skill 10 against an active defence, attribute 3 vs 2", "10 active ev 3 vs 2"),
)


def _roll_error(message: str, roll_text: str, position: int | None, length: int = 1) -> RulesError:
    return RulesError(message, notation=roll_text, position=position, length=length, field="roll")


def _splice(roll_text: str) -> tuple[int, bool]:
    """Where the defence goes (after the skill), and whether the roll's defence is active
    (``10 active …``: the word right after the skill). Errors point into the roll."""
    scanner = Scanner(roll_text.replace("\u2212", "-"))
    if scanner.at_end():
        raise _roll_error(
            f"write an action without its defence, such as {SKILL} or {SKILL} inspired: the ladder gives every defence",
            roll_text,
            0,
        )
    try:
        _, _, end = _sum(scanner, "the skill")
    except RulesError as error:
        raise _roll_error(error.message, roll_text, error.position, error.length) from None
    at = scanner.pos
    if scanner.accept("vs"):
        raise _roll_error(
            "write the action without vs and its defence: the lab's ladder gives every defence", roll_text, at, 2
        )
    return end, scanner.accept("active")


def query_at(roll_text: str, defence: int, rules: RuleSet) -> ActionQuery:
    """The lab roll against ``defence`` under ``rules``; a caret under the roll for an error in it."""
    end, active = _splice(roll_text)
    rest = roll_text[end:]
    if active:
        rest = rest.lstrip()[len("active") :]
    inserted = f" vs {'active ' if active else ''}{defence}"
    full = roll_text[:end] + inserted + rest
    try:
        return parse(full + rules.with_clause())
    except RulesError as error:
        if error.position is None or error.position > len(full):  # in the rule set: the house rule's error
            raise RulesError(error.message, field=error.field or "rules") from None
        position = error.position
        if position >= end + len(inserted):
            position -= len(full) - len(roll_text)
        elif position >= end:
            position = end
        raise _roll_error(error.message, roll_text, position, error.length) from None


def _usual(skill: int) -> int:
    """The rung nearest the skill (the defence of an equal passive skill)."""
    return min(range(len(DIFFICULTIES)), key=lambda n: (abs(DIFFICULTIES[n] - skill), n))


def sheet(roll_text: str, rules: RuleSet, seed: int | None) -> LabSheet:
    """The exact degrees of one headline action under ``rules``, the ladder and a seeded roll."""
    queries = [query_at(roll_text, d, rules) for d in DIFFICULTIES]
    usual = _usual(queries[0].skill)
    exact = [odds(q) for q in queries]
    rungs = tuple(
        DifficultyStep(
            f"Difficulty {d}" if not q.active else f"Active defence {d} (+{q.rules['active-bonus']})",
            q.notation,
            e.p_success,
        )
        for d, q, e in zip(DIFFICULTIES, queries, exact)
    )
    typical = queries[usual]
    degrees = exact[usual].degrees
    outcomes = tuple(
        LabOutcome(name, index - SUCCESS, p) for index, (name, p) in enumerate(zip(DEGREE_NAMES, degrees)) if p
    )
    return LabSheet(
        notation=typical.notation,
        result_term="Degree",
        outcomes=outcomes,
        difficulty_term="Difficulty (defence)",
        success="Success or better (an Outcome of 0 or more, not a Fumble)",
        rungs=rungs,
        usual=usual,
        explained=tuple(roll(typical, seed).lines()),
    )


LAB = Lab(BOOK, ROLLS, sheet)
