"""X-in-Y checks in the design lab: the chapter's headline checks, a volley and two
contests under any rule set.

A check is written without TN steps: its rungs are the attack rules' TN
changes (the designers' page's ladder, ``designer.TN_CHANGES``), from +1 (the attacker's
form superiority) to −4, and the usual rung is no change at all. Its results are the
signed degrees, named as the designers' page names them ("Success 2", "Failure 1") and
valued by how far each lies from the narrowest success.

With the crit die a check has no worst and no best result. The sheet lists degrees until
what is left on each side is below ``LISTED_TO`` (a millionth: no percentage the lab shows
could tell it from nothing): the failures past the last one listed are one result,
"Failure N or more", with its exact chance, and the successes past it are the sheet's
tail; the mean and variance are summed in closed form, so nothing is left out.

The lab also asks a volley and a contest, the rolls where a target's damage die
(``damage-die``) and a contest's tie (``tie``) act. A volley's result is the damage it
deals over every target, and its rungs are the chance of dealing at least 1, 2, 4, 6, 8 or
10 damage (usually 4: more than one average hit of the printed d6). A contest's result is
its margin, the damage the first side deals less the damage it takes, worked out from the
two sides' hits together (the tie decides which of them roll their damage die), and its
rungs are the chance the margin is at least 0, 1, 2, 4, 6 or 8 (usually 1: the first side
deals more than it takes). Both are exact. A volley or contest whose champion rolls the
crit die has no last result and is refused here (the command line follows it); a contest
whose margin would take more than ``MAX_MARGIN_WORK`` steps is refused too.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache, partial

from ..core.designer import DifficultyStep
from ..core.errors import RulesError
from ..core.lab import Lab, LabOutcome, LabRoll, LabSheet
from ..core.rule_set import RuleSet
from .designer import TN_CHANGES
from .house_rules import BOOK
from .notation import CheckQuery, ContestQuery, Query, VolleyQuery, parse
from .odds import _damage_dice, exact_degrees, p_success, total_full_damage, total_hits
from .roll import roll, roll_check
from .rules import deals_full

#: The crit die's degrees are listed one by one until what is left is below this.
LISTED_TO = Fraction(1, 10**6)

ROLLS = (
    LabRoll("An attack with no bonus or penalty dice (5/6 as printed)", "attack"),
    LabRoll("An attack with one bonus die", "attack +1b"),
    LabRoll("An attack with one penalty die", "attack -1p"),
    LabRoll("An attack with two bonus dice", "attack +2b"),
    LabRoll(
        "A volley: 5/6 with a bonus die and two 4/6 against a barely and a fully defended target",
        "volley 5/6 +1b, 2x 4/6 vs barely, fully",
    ),
    LabRoll("A contest of two against two, 5/6 and 4/6 on each side", "contest 5/6, 4/6 vs 5/6, 4/6"),
    LabRoll(
        "A contest of two against three: 5/6 +1b, 4/6 against 4/6, 3/6, 3/6", "contest 5/6 +1b, 4/6 vs 4/6, 2x 3/6"
    ),
)

#: A volley's rungs: the damage it deals at least, easiest first; usually ``DAMAGE_LADDER[2]``.
DAMAGE_LADDER = (1, 2, 4, 6, 8, 10)
USUAL_DAMAGE = 2
#: A contest's rungs: the margin (damage dealt less damage taken) at least, easiest first;
#: usually ``MARGIN_LADDER[1]``, the first side dealing more than it takes.
MARGIN_LADDER = (0, 1, 2, 4, 6, 8)
USUAL_MARGIN = 1
#: The most steps a contest's margin may take to work out (pairs of hits times the damage
#: values each pair can give): the lab's reply stays well under 50 ms below it.
MAX_MARGIN_WORK = 200_000


def _label(degree: int) -> str:
    return f"Success {degree}" if degree > 0 else f"Failure {-degree}"


def _value(degree: int) -> int:
    """As on the designers' page: a success of degree k is k − 1 past the narrowest
    success, a failure of degree k is k short of it."""
    return degree - 1 if degree > 0 else degree


def lab_query(roll: str, rules: RuleSet) -> Query:
    """The roll, read under ``rules``: a check without TN steps, a volley, or a contest
    without a tie word, else a ``RulesError`` about the roll."""
    if BOOK.split(roll)[1] is not None:
        raise RulesError(
            "write the roll without a with clause: the lab sets the rules in its columns",
            notation=roll,
            position=len(BOOK.split(roll)[0]) + 1,
            length=4,
            field="roll",
        )
    query = parse(roll + rules.with_clause())
    if not isinstance(query, CheckQuery):
        tie = re.search(r"\btie\b", roll)
        if isinstance(query, ContestQuery) and tie:
            raise RulesError(
                "write the contest without a tie word: the lab sets the tie in its columns (the setting tie)",
                notation=roll,
                position=tie.start(),
                length=3,
                field="roll",
            )
        champions = query.sides if isinstance(query, ContestQuery) else (query.attackers,)
        if any(side[0].crit for side in champions):  # written crit (the roll's), or crit-die always
            at = roll.find("crit")
            raise RulesError(
                "the lab follows the crit die on a single check only: a volley's or a contest's "
                "champion with the crit die has no last result to list (ask it on the command "
                "line, where the crit die is followed to a cut-off)",
                notation=roll,
                position=max(0, at),
                length=4 if at >= 0 else len(roll) or 1,
                field="roll" if at >= 0 else "rules",
            )
        return query
    if query.tn:
        at = roll.find("TN")
        raise RulesError(
            "write the check without TN steps: the lab's rungs give every TN change",
            notation=roll,
            position=max(0, at),
            length=2,
            field="roll",
        )
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
    """The exact answer for one check, volley or contest under one rule set."""
    query = lab_query(roll, rules)
    if isinstance(query, VolleyQuery):
        return volley_sheet(query, seed)
    if isinstance(query, ContestQuery):
        work = margin_work(query)
        if work > MAX_MARGIN_WORK:
            raise RulesError(
                f"this contest is too large for the lab: its margin takes {work:,} steps to work out, "
                f"past the lab's limit of {MAX_MARGIN_WORK:,} (fewer attackers, bonus dice or a "
                "smaller damage-die bring it under)",
                notation=roll,
                position=0,
                length=len(roll) or 1,
                field="rules" if rules.written else "roll",
            )
        return contest_sheet(query, seed)
    rungs = tuple(_rung(query, tn) for tn in TN_CHANGES)
    explained = tuple(roll_check(query, seed).lines())
    exact = exact_degrees(query)
    sheet = partial(
        LabSheet,
        notation=query.notation,
        result_term="Degree",
        difficulty_term="TN change: check",
        success=_success(query),
        rungs=rungs,
        usual=TN_CHANGES.index(0),
        explained=explained,
    )
    if not (exact.all_hit or exact.all_miss):
        outcomes = tuple(LabOutcome(_label(d), _value(d), p) for d, p in sorted(exact.finite.items()) if p)
        return sheet(outcomes=outcomes)
    # the crit die: follow it until what is left on each side is below the cut-off
    depth = 0
    while exact.q ** (depth + 1) >= LISTED_TO:
        depth += 1
    top_success = max([exact.hit_from + depth, *(d for d in exact.finite if d > 0)])
    worst = max([exact.miss_from + depth, *(-d for d in exact.finite if d < 0)])
    listed = [LabOutcome(f"Failure {worst} or more", _value(-worst), exact.p_failure_at_least(worst))]
    for d in [*range(-worst + 1, 0), *range(1, top_success + 1)]:
        p = exact.p(d)
        if p:
            listed.append(LabOutcome(_label(d), _value(d), p))
    tail = exact.p_success_at_least(top_success + 1)
    mean, variance = exact.moments(_value)
    return sheet(outcomes=tuple(listed), tail=tail, mean=mean, variance=variance)


# --- volleys and contests ----------------------------------------------------------------------
def _exact(weights: dict[int, int], den: int) -> tuple[dict[int, Fraction], dict[int, int], int]:
    """Weights over ``den`` as chances (lowest first), the weight of at least each value,
    and ``den``."""
    values = sorted(v for v, w in weights.items() if w)
    at_least: dict[int, int] = {}
    above = 0
    for v in reversed(values):
        above += weights[v]
        at_least[v] = above
    return {v: Fraction(weights[v], den) for v in values}, at_least, den


def _rung_chance(at_least: dict[int, int], den: int, least: int) -> Fraction:
    """The chance of ``least`` or more, from the at-least weights of ``_exact``."""
    return Fraction(next((at_least[v] for v in sorted(at_least) if v >= least), 0), den)


def volley_sheet(query: VolleyQuery, seed: int | None) -> LabSheet:
    """A volley's damage over every target, exactly, and the chance of at least each rung's."""
    hits = total_hits(query.attackers)
    dist = total_full_damage(hits, len(query.attackers), len(query.targets), query.rules["damage-die"])
    damage, at_least, den = _exact(dict(dist.weights), dist.denominator)
    rungs = tuple(
        DifficultyStep(f"at least {n} damage", query.notation, _rung_chance(at_least, den, n)) for n in DAMAGE_LADDER
    )
    return LabSheet(
        notation=query.notation,
        result_term="Damage dealt (every target)",
        outcomes=tuple(LabOutcome(f"{v} damage", v, p) for v, p in damage.items()),
        difficulty_term="Damage at least: " + ", ".join(map(str, DAMAGE_LADDER)),
        success="the volley deals at least the rung's damage over its targets",
        rungs=rungs,
        usual=USUAL_DAMAGE,
        explained=tuple(roll(query, seed).lines()),
    )


def _margin_label(margin: int) -> str:
    if margin == 0:
        return "Even"
    return f"First side +{margin}" if margin > 0 else f"Second side +{-margin}"


@lru_cache(maxsize=256)
def _damage_weights(hits: int, full: bool, hit_at_most: int, die: int) -> tuple[tuple[int, int], ...]:
    """A side's damage from ``hits`` hits, (damage, weight) over die ** ``hit_at_most`` (the
    targets it can hit): full damage rolls a die per target hit and adds 1 per further hit;
    else 1 per hit."""
    scale = die**hit_at_most
    if not full or hits == 0:
        return ((hits, scale),)
    hit = min(hits, hit_at_most)
    rest = die ** (hit_at_most - hit)
    return tuple((total + hits - hit, w * rest) for total, w in _damage_dice(hit, die).weights.items())


def margin_work(query: ContestQuery) -> int:
    """The steps ``contest_margin`` takes: each pair of hits times the damage values it gives."""
    first, second = (total_hits(side) for side in query.sides)
    k = min(len(query.sides[0]), len(query.sides[1]))
    die: int = query.rules["damage-die"]
    most = [max(d.weights) + k * (die - 1) + 1 for d in (first, second)]
    pairs = len(first.weights) * len(second.weights)
    both_full = min(len(first.weights), len(second.weights)) * most[0] * most[1] if query.tie == "full" else 0
    return pairs * max(most) + both_full


def contest_margin(query: ContestQuery) -> tuple[dict[int, int], int]:
    """The damage the first side deals less the damage it takes, exactly: for each pair of
    the two sides' hits, the side with more hits (or the tie's winner) rolls full damage,
    the other deals 1 per hit, and the two sides' damage dice are independent. Margin →
    weight, and the denominator."""
    work = margin_work(query)
    if work > MAX_MARGIN_WORK:
        raise RulesError(
            f"this contest is too large for the lab: its margin takes {work:,} steps to work out, "
            f"past the lab's limit of {MAX_MARGIN_WORK:,} (fewer attackers, bonus dice or a smaller "
            "damage-die bring it under)",
            field="roll",
        )
    first, second = (total_hits(side) for side in query.sides)
    k = min(len(query.sides[0]), len(query.sides[1]))
    die = query.rules["damage-die"]
    weights: dict[int, int] = {}
    for h, wa in first.weights.items():
        for g, wb in second.weights.items():
            dealt = _damage_weights(h, deals_full(h, g, query.tie, 0), k, die)
            taken = _damage_weights(g, deals_full(g, h, query.tie, 1), k, die)
            pair = wa * wb
            for v1, x1 in dealt:
                for v2, x2 in taken:
                    weights[v1 - v2] = weights.get(v1 - v2, 0) + pair * x1 * x2
    return weights, first.denominator * second.denominator * die ** (2 * k)


def contest_sheet(query: ContestQuery, seed: int | None) -> LabSheet:
    """A contest's margin, exactly, and the chance it reaches each rung."""
    margin, at_least, den = _exact(*contest_margin(query))
    rungs = tuple(
        DifficultyStep(
            f"margin at least {n:+d}" if n else "margin at least 0 (not behind)",
            query.notation,
            _rung_chance(at_least, den, n),
        )
        for n in MARGIN_LADDER
    )
    return LabSheet(
        notation=query.notation,
        result_term="Damage margin (first side's dealt less taken)",
        outcomes=tuple(LabOutcome(_margin_label(m), m, p) for m, p in margin.items()),
        difficulty_term="Margin at least: " + ", ".join(f"{n:+d}" if n else "0" for n in MARGIN_LADDER),
        success="the first side deals at least the rung's margin more damage than it takes",
        rungs=rungs,
        usual=USUAL_MARGIN,
        explained=tuple(roll(query, seed).lines()),
    )


LAB = Lab(BOOK, ROLLS, sheet)
