"""X-in-Y checks in the design lab: the chapter's headline checks under any rule set.

The lab asks one check, written without TN steps: its rungs are the attack rules' TN
changes (the designers' page's ladder, ``designer.TN_CHANGES``), from +1 (the attacker's
form superiority) to −4, and the usual rung is no change at all. Its results are the
signed degrees, named as the designers' page names them ("Success 2", "Failure 1") and
valued by how far each lies from the narrowest success.

With the crit die a check has no worst and no best result. The sheet lists degrees until
what is left on each side is below ``LISTED_TO`` (a millionth: no percentage the lab shows
could tell it from nothing): the failures past the last one listed are one result,
"Failure N or more", with its exact chance, and the successes past it are the sheet's
tail; the mean and variance are summed in closed form, so nothing is left out.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ..core.designer import DifficultyStep
from ..core.errors import RulesError
from ..core.lab import Lab, LabOutcome, LabRoll, LabSheet
from ..core.rule_set import RuleSet
from .designer import TN_CHANGES
from .house_rules import BOOK
from .notation import CheckQuery, parse
from .odds import exact_degrees, p_success
from .roll import roll_check

#: The crit die's degrees are listed one by one until what is left is below this.
LISTED_TO = Fraction(1, 10**6)

ROLLS = (
    LabRoll("An attack with no bonus or penalty dice (5/6 as printed)", "attack"),
    LabRoll("An attack with one bonus die", "attack +1b"),
    LabRoll("An attack with one penalty die", "attack -1p"),
    LabRoll("An attack with two bonus dice", "attack +2b"),
)


def _label(degree: int) -> str:
    return f"Success {degree}" if degree > 0 else f"Failure {-degree}"


def _value(degree: int) -> int:
    """As on the designers' page: a success of degree k is k − 1 past the narrowest
    success, a failure of degree k is k short of it."""
    return degree - 1 if degree > 0 else degree


def lab_query(roll: str, rules: RuleSet) -> CheckQuery:
    """The roll, read under ``rules``: one check without TN steps, else a ``RulesError``
    about the roll."""
    if BOOK.split(roll)[1] is not None:
        raise RulesError("write the roll without a with clause: the lab sets the rules in its columns",
                         notation=roll, position=len(BOOK.split(roll)[0]) + 1, length=4, field="roll")
    query = parse(roll + rules.with_clause())
    if not isinstance(query, CheckQuery):
        raise RulesError("the lab asks one check, such as attack +1b or 4/6 -1p: not a volley or a contest",
                         notation=roll, position=0, length=len(roll.split(" ", 1)[0]) or 1, field="roll")
    if query.tn:
        at = roll.find("TN")
        raise RulesError("write the check without TN steps: the lab's rungs give every TN change",
                         notation=roll, position=max(0, at), length=2, field="roll")
    return query


def _rung(query: CheckQuery, tn: int) -> DifficultyStep:
    moved = replace(query, tn=tn)
    label = f"{tn:+d} TN: {moved.check}" if tn else f"±0 TN: {moved.check}"
    return DifficultyStep(label, moved.notation, p_success(moved))


def _success(query: CheckQuery) -> str:
    bonus, penalty = query.rolled
    if bonus and penalty:
        return "no more dice miss than there are bonus dice"
    if bonus:
        return "any die shows x or lower"
    if penalty:
        return "every die shows x or lower"
    return "the die shows x or lower"


def sheet(roll: str, rules: RuleSet, seed: int | None) -> LabSheet:
    """The exact answer for one check under one rule set."""
    query = lab_query(roll, rules)
    rungs = tuple(_rung(query, tn) for tn in TN_CHANGES)
    explained = tuple(roll_check(query, seed).lines())
    exact = exact_degrees(query)
    common = dict(notation=query.notation, result_term="Degree", difficulty_term="TN change: check",
                  success=_success(query),
                  rungs=rungs, usual=TN_CHANGES.index(0), explained=explained)
    if not (exact.all_hit or exact.all_miss):
        outcomes = tuple(LabOutcome(_label(d), _value(d), p) for d, p in sorted(exact.finite.items()) if p)
        return LabSheet(outcomes=outcomes, **common)
    # the crit die: follow it until what is left on each side is below the cut-off
    depth = 0
    while exact.q ** (depth + 1) >= LISTED_TO:
        depth += 1
    top_success = max([exact.hit_from + depth, *(d for d in exact.finite if d > 0)])
    worst = max([exact.miss_from + depth, *(-d for d in exact.finite if d < 0)])
    outcomes = [LabOutcome(f"Failure {worst} or more", _value(-worst), exact.p_failure_at_least(worst))]
    for d in [*range(-worst + 1, 0), *range(1, top_success + 1)]:
        p = exact.p(d)
        if p:
            outcomes.append(LabOutcome(_label(d), _value(d), p))
    tail = exact.p_success_at_least(top_success + 1)
    mean, variance = exact.moments(_value)
    return LabSheet(outcomes=tuple(outcomes), tail=tail, mean=mean, variance=variance, **common)


LAB = Lab(BOOK, ROLLS, sheet)
