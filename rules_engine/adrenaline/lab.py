"""The Adrenaline d10 pool in the design lab: a pool's net successes under a rule set, and
its chance of success at every difficulty of the ladder (every face from 2 to the die's top;
the named ladder runs 2 to 10, a larger die's rungs go by number).

Exploding top faces (``top-explodes yes``) are followed as the odds follow them today (until
less than ``EXPLOSION_CUTOFF`` of the chance is left), so the listed results are the same
numbers the chapter's calculator gives; what is left over is the sheet's ``tail``: all of
it lies above the last listed net. The mean and variance are exact over every roll,
tail included: once a roll has more top faces than dice, no 1 can bring it down to 0 or
below, so there the net is the top faces' successes plus what the other dice add, and its
moments follow from the number of top faces, whose law is known in closed form (each die
is a run of top faces ended by another face). When the cut-off would come below the
pool's size, the sheet follows the top faces up to the pool's size instead (more exact,
never less), so that the mass left out is all success: each rung's chance of success counts
it in and is exact.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from math import comb

from ..core.designer import DifficultyStep
from ..core.errors import RulesError
from ..core.lab import Lab, LabOutcome, LabRoll, LabSheet
from ..core.rule_set import RuleSet
from .designer import POOL
from .house_rules import BOOK
from .notation import AdrenalineQuery, parse, placed
from .odds import Joint, capped_joint, joint, tens_cap
from .roll import roll
from .rules import DIFFICULTY_NAMES, LOWEST_DIFFICULTY, Mechanics

#: The chapter's headline rolls. The die is left to the rule set (``d`` alone is the rule
#: set's die), so a house rule changing the die asks the same roll.
ROLLS = (
    LabRoll(f"The source's typical pool: {POOL} dice ({POOL}d)", f"{POOL}d"),
    LabRoll("The notation's example pool: 6 dice (6d)", "6d"),
    LabRoll("The printed cap: 10 dice (10d)", "10d"),
)


#: The most work one column of the lab may take: (rungs) × (pool + 1)² × (pool + 1 when the
#: top face counts twice) × (exploded top faces followed + 1). The headline rolls take at
#: most a few tens of thousands; past this a column is refused rather than kept waiting.
MAX_LAB_WORK = 400_000


def lab_work(m: Mechanics, pool: int) -> int:
    """The work of one column (see ``MAX_LAB_WORK``)."""
    rungs = m.sides - LOWEST_DIFFICULTY + 1
    twice = pool + 1 if m.top_value == 2 and not m.explode else 1
    tens = max(tens_cap(pool, sides=m.sides), pool) + 1 if m.explode else 1
    return rungs * (pool + 1) ** 2 * twice * tens


def rung_label(difficulty: int) -> str:
    """``Standard (6)``; a difficulty past the named ladder by its number alone."""
    name = DIFFICULTY_NAMES.get(difficulty)
    return f"{name} ({difficulty})" if name else f"Difficulty {difficulty}"


def outcome_label(net: int) -> str:
    """``-1 net: botch``, ``0 net: failure``, ``3 successes``."""
    if net < 0:
        return f"{net} net: botch"
    if net == 0:
        return "0 net: failure"
    return f"{net} success" + ("es" if net > 1 else "")


def _query(text: str, rules: RuleSet) -> AdrenalineQuery:
    notation = text.strip() + rules.with_clause()
    try:
        query = parse(notation)
    except RulesError as error:
        raise placed(error, notation) from None
    if query.kind != "standard" or query.side.damage:
        what = "a damage roll has one difficulty" if query.side.damage else f"an {query.kind} roll"
        raise RulesError(
            f"the lab asks a single roll across the ladder, as in 5d: {what} is not one",
            notation=text,
            position=0,
            length=max(1, len(text.strip())),
            field="roll",
        )
    return query


def _tail_moments(m: Mechanics, pool: int, difficulty: int, spent: int, cap: int) -> tuple[Fraction, Fraction]:
    """E[net · 1(more than ``cap`` top faces)] and E[net² · 1(…)], exactly, for ``cap`` at
    least the pool: each such roll's net is t·K + spent + the sum over the dice that ended
    the runs (faces 1 … top−1) of 1 for a success face and −1 for a cancelling 1."""
    if pool == 0:  # no die, no top face: nothing is left out
        return Fraction(0), Fraction(0)
    top = m.sides
    q, r = Fraction(1, top), Fraction(top - 1, top)
    law = [comb(pool + k - 1, k) * q**k * r**pool for k in range(cap + 1)]  # P(K = k), k ≤ cap
    mean_k, var_k = pool * q / r, pool * q / r**2
    m0 = 1 - sum(law, Fraction(0))
    m1 = mean_k - sum((k * p for k, p in enumerate(law)), Fraction(0))
    m2 = var_k + mean_k**2 - sum((k * k * p for k, p in enumerate(law)), Fraction(0))
    p_success = Fraction(top - difficulty, top - 1)
    p_one = Fraction(1, top - 1) if m.ones_cancel else Fraction(0)
    mu = p_success - p_one
    second = p_success + p_one  # E[X²] of one die (X is 1, −1 or 0)
    y1 = pool * mu
    y2 = pool * (second - mu**2) + y1**2
    t, b = m.top_value, spent
    first = t * m1 + (y1 + b) * m0
    squared = t * t * m2 + 2 * t * b * m1 + b * b * m0 + 2 * y1 * (t * m1 + b * m0) + y2 * m0
    return first, squared


def _followed(m: Mechanics, pool: int, difficulty: int, spent: int) -> Joint:
    """The joint law as the odds give it; with exploding top faces followed to at least the
    pool's size of them, so that all the mass left out is a success. The lab shows the net
    alone, so doubles are left out (which halves the work)."""
    m = replace(m, doubles=False)
    if not m.explode:
        return joint(pool, difficulty, m, spent)
    return capped_joint(pool, difficulty, m, spent, max(tens_cap(pool, sides=m.sides), pool))


def _net_joint(query: AdrenalineQuery) -> tuple[Joint, Fraction | None, Fraction | None]:
    """The roll's joint law, and with exploding top faces the exact mean and variance of the
    net over every roll."""
    m, side = query.mechanics, query.side
    found = _followed(m, side.pool, side.difficulty, side.spent)
    m = replace(m, doubles=False)
    if not m.explode:
        return found, None, None
    cap = max(tens_cap(side.pool, sides=m.sides), side.pool)
    dist = found.net()
    head1 = sum((Fraction(net * w, dist.denominator) for net, w in dist.weights.items()), Fraction(0))
    head2 = sum((Fraction(net * net * w, dist.denominator) for net, w in dist.weights.items()), Fraction(0))
    tail1, tail2 = _tail_moments(m, side.pool, side.difficulty, side.spent, cap)
    mean = head1 + tail1
    return found, mean, head2 + tail2 - mean**2


def sheet(text: str, rules: RuleSet, seed: int | None) -> LabSheet:
    """The exact answer for ``text`` (a pool such as ``5d``, no with clause) under ``rules``."""
    query = _query(text, rules)
    m, side = query.mechanics, query.side
    work = lab_work(m, side.pool)
    if work > MAX_LAB_WORK:
        raise RulesError(
            f"{side.pool}d{m.sides} under this rule set is too large for the lab: its "
            f"{m.sides - 1} rungs take {work:,} steps, and a column may take at most {MAX_LAB_WORK:,} "
            "(fewer dice, a smaller die, or the odds of one difficulty by notation)"
        )
    found, mean, variance = _net_joint(query)
    dist = found.net()
    outcomes = tuple(LabOutcome(outcome_label(net), net, p) for net, p in dist.probabilities().items() if p)
    rungs = []
    for difficulty in range(LOWEST_DIFFICULTY, m.sides + 1):
        rung = type(side)(side.pool, difficulty, side.spent, False, m.sides)
        law = _followed(m, rung.pool, difficulty, rung.spent)
        p = law.net().p_at_least(1) + law.cut_mass  # the mass left out is all success
        rungs.append(DifficultyStep(rung_label(difficulty), rung.notation, p))
    explained = tuple(roll(query, seed).lines())
    return LabSheet(
        notation=query.notation,
        result_term="Net successes",
        outcomes=outcomes,
        difficulty_term="Difficulty",
        success="at least one success left after the 1s" + ("" if m.ones_cancel else " (which cancel nothing here)"),
        rungs=tuple(rungs),
        usual=side.difficulty - LOWEST_DIFFICULTY,
        explained=explained,
        tail=found.cut_mass,
        mean=mean if found.cut_mass else None,
        variance=variance if found.cut_mass else None,
    )


LAB = Lab(BOOK, ROLLS, sheet)
