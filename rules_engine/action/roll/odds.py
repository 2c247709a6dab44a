"""Action!: the exact chance of each degree, with no cut-off.

The dice part (positive d10s − negative d10s, open-ended) has infinitely many values, but
``core.open_ended`` gives P(dice part ≥ t) exactly for any t. The degree only ever rises
as the dice part rises (for a given double-0 or not), so each degree is a run of dice
parts between two breakpoints, found by bisection on the rule itself
(``rules.degree_index``); its chance is a difference of two exact tails.

A double-0 (the first positive and first negative die both show 10 before rerolling;
with Experimental, any equal pair) is split off exactly: given it, each of those two dice
is its face plus, when the face is a 10 on an open die, a fresh open die. So the roll
given a double is another open pool (``conditional_pools``), weighted by its chance.

A house rule (``action/house_rules.py``, carried by the query) may change the die, which
dice are open and whether an open die rolls again without end or once (a die that rolls
again once is a finite die: it joins the pool's finite part). The odds stay exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache

from ...core.dist import Dist
from ...core.errors import RulesError
from ...core.exact import percent, ratio
from ...core.open_ended import OpenPool
from .notation import ActionQuery, pool_too_large
from .rules import DEGREE_NAMES, DEGREES, DegreeRules, degree_index, payoff

#: The dice part's chances are listed for every value from −DICE_PART_SHOWN to +DICE_PART_SHOWN.
DICE_PART_SHOWN = 60
#: How a die of one side of the roll behaves: rolls again on its top face without end, once, or never.
OPEN, ONCE, CLOSED = "open", "once", "closed"


def once_die(sides: int) -> Dist:
    """A die that rolls again once on its top face and adds: 1 … sides − 1, or sides + 1 … 2·sides."""
    weights = {face: sides for face in range(1, sides)}
    weights.update({sides + face: 1 for face in range(1, sides + 1)})
    return Dist(weights, sides * sides)


@lru_cache(maxsize=256)
def _pool(sides: int, positive: tuple[int, int, int], negative: tuple[int, int, int]) -> OpenPool:
    """An exact pool: ``(open, once, closed)`` counts of positive and of negative dice."""
    rest = Dist.constant(0)
    for sign, (_, once, closed) in ((1, positive), (-1, negative)):
        part = once_die(sides).repeat_sum(once) + Dist.die(sides).repeat_sum(closed)
        rest = rest + (part if sign > 0 else part.map(lambda v: -v))
    return OpenPool(sides, positive[0], negative[0], rest)


def die_kind(query: ActionQuery, sign: int) -> str:
    """How the positive (``sign`` +1) or negative dice roll under the query's rule set."""
    if sign > 0 and query.plan.positive_closed:
        return CLOSED
    if not query.opens(sign):
        return CLOSED
    return OPEN if query.rules["reroll"] == "endless" else ONCE


def _counts(kind: str, count: int) -> tuple[int, int, int]:
    return (count if kind == OPEN else 0, count if kind == ONCE else 0, count if kind == CLOSED else 0)


def check_size(query: ActionQuery) -> None:
    """Refuse, naming the limit, a house rule whose pool is larger than the printed rules allow."""
    message = pool_too_large(query)
    if message:
        raise RulesError(message, field="rules")


def roll_pool(query: ActionQuery) -> OpenPool:
    """The dice part of the whole roll (before Routine), as an exact open pool."""
    plan = query.plan
    return _pool(query.sides, _counts(die_kind(query, 1), plan.positive), _counts(die_kind(query, -1), plan.negative))


def conditional_pools(query: ActionQuery) -> list[tuple[Fraction, OpenPool]]:
    """``(chance, dice part given it)`` for each way the roll shows a double-0 (or, for
    Experimental, any pair): the first positive and first negative die show the same
    face f (only f = 10 without Experimental). A face below 10, or a closed 10, is just
    that face; an open 10 is 10 plus a fresh open die."""
    plan = query.plan
    if not (plan.positive and plan.negative):
        return []
    sides = query.sides
    faces = range(1, sides + 1) if query.counts_any_pair else (sides,)
    chance = Fraction(1, sides * sides)
    pools: dict[tuple[tuple[int, int, int], tuple[int, int, int]], Fraction] = {}

    def side(kind: str, count: int, top: bool) -> tuple[int, int, int]:
        # The other dice of the side as they are; a top face that rolls again brings a
        # fresh die: open without end, or closed when it rolls again once.
        open_, once, closed = _counts(kind, count - 1)
        if top and kind == OPEN:
            open_ += 1
        elif top and kind == ONCE:
            closed += 1
        return open_, once, closed

    for face in faces:
        top = face == sides
        # The two faces cancel (face − face).
        shape = (side(die_kind(query, 1), plan.positive, top), side(die_kind(query, -1), plan.negative, top))
        pools[shape] = pools.get(shape, Fraction(0)) + chance
    return [(weight, _pool(sides, up, down)) for (up, down), weight in pools.items()]


def dice_part_at_least(pool: OpenPool, query: ActionQuery, t: int) -> Fraction:
    """P(dice part as it counts ≥ t): Routine's floor of +1, Static's 0."""
    if "static" in query.types:
        return Fraction(1 if t <= 0 else 0)
    if "routine" in query.types and t <= 1:
        return Fraction(1)
    return pool.p_at_least(t)


def degree_for_dice(query: ActionQuery, dice_part: int, double: bool, kind: DegreeRules | None = None) -> int:
    """The degree (index) for a given dice part (as it counts) and double-0 or not
    (``kind``: the rule set's ``query.degree_rules()``, when the caller has it at hand)."""
    av = query.skill + dice_part
    outcome = av - query.defence_value
    pv = payoff(outcome, query.ev_bonus, query.threshold, query.types)
    return degree_index(
        av, outcome, pv, query.threshold, double, query.types, **(kind if kind is not None else query.degree_rules())
    )


#: Breakpoints that are not a dice part: every dice part reaches the degree, or none does.
ALWAYS, NEVER = "always", "never"


def breakpoints(query: ActionQuery, double: bool) -> list[int | str]:
    """For each degree k: the least dice part whose degree is k or better (``ALWAYS``:
    every dice part; ``NEVER``: none). The degree never falls as the dice part rises, and it is constant
    below ``low`` and above ``high``, so bisection on the rule finds each one."""
    span = abs(query.skill) + abs(query.defence_value) + abs(query.ev_bonus)
    low = -span - (query.rules["total-failure"] or 0) - 10
    high = span + (query.rules["degrees"][-1] + 1) * query.threshold + 10
    found: list[int | str] = [ALWAYS]  # every dice part is Fumble or better
    kind = query.degree_rules()
    for k in range(1, len(DEGREES)):
        if degree_for_dice(query, high, double, kind) < k:
            found.append(NEVER)
            continue
        if degree_for_dice(query, low, double, kind) >= k:
            found.append(ALWAYS)
            continue
        lo, hi = low, high  # degree(lo) < k ≤ degree(hi)
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if degree_for_dice(query, mid, double, kind) >= k:
                hi = mid
            else:
                lo = mid
        found.append(hi)
    return found


def _at_least_by_degree(query: ActionQuery, pool: OpenPool, points: list[int | str]) -> list[Fraction]:
    """P(degree ≥ k) for each k, over the pool, from the degrees' breakpoints."""
    out = []
    for point in points:
        if point == ALWAYS:
            out.append(Fraction(1))
        elif point == NEVER:
            out.append(Fraction(0))
        else:
            out.append(dice_part_at_least(pool, query, point))  # type: ignore[arg-type]  # not ALWAYS nor NEVER: a number
    return out


def _differences(at_least: list[Fraction]) -> list[Fraction]:
    return [at_least[k] - (at_least[k + 1] if k + 1 < len(at_least) else 0) for k in range(len(at_least))]


def degree_odds(query: ActionQuery) -> list[Fraction]:
    """The exact chance of each degree, in ``DEGREES`` order."""
    if "static" in query.types:
        result = [Fraction(0)] * len(DEGREES)
        result[degree_for_dice(query, 0, False)] = Fraction(1)
        return result
    check_size(query)
    pool = roll_pool(query)
    plain_points, double_points = breakpoints(query, False), breakpoints(query, True)
    total = _at_least_by_degree(query, pool, plain_points)  # as if no double came up
    for chance, given in conditional_pools(query):
        plain = _at_least_by_degree(query, given, plain_points)
        doubled = _at_least_by_degree(query, given, double_points)
        total = [t + chance * (d - p) for t, p, d in zip(total, plain, doubled)]
    return _differences(total)


def p_double(query: ActionQuery) -> tuple[Fraction, Fraction]:
    """``(P(double-0), P(any pair of first faces))``: 1/100 and 1/10 when both kinds of
    die are rolled (Stymied or not), else 0."""
    plan = query.plan
    if not (plan.positive and plan.negative):
        return Fraction(0), Fraction(0)
    return Fraction(1, query.sides * query.sides), Fraction(1, query.sides)


@dataclass(frozen=True)
class ActionOdds:
    """The exact odds of an action: each degree, double-0, the dice part."""

    query: ActionQuery
    degrees: tuple[Fraction, ...]

    @cached_property
    def pool(self) -> OpenPool:
        return roll_pool(self.query)

    def dice_part_p(self, value: int) -> Fraction:
        """P(dice part as it counts = value)."""
        q = self.query
        if "static" in q.types:
            return Fraction(value == 0)
        if "routine" in q.types:
            if value < 1:
                return Fraction(0)
            if value == 1:
                return 1 - self.pool.p_at_least(2)
        return self.pool.p(value)

    def dice_part_at_least(self, value: int) -> Fraction:
        return dice_part_at_least(self.pool, self.query, value)

    @cached_property
    def dice_part(self) -> dict[int, Fraction]:
        """P(dice part = d) for d from −60 to 60."""
        return {d: self.dice_part_p(d) for d in range(-DICE_PART_SHOWN, DICE_PART_SHOWN + 1)}

    @property
    def p_success(self) -> Fraction:
        """P(Outcome ≥ 0 and no Fumble): Success or better."""
        return sum(self.degrees[3:], Fraction(0))

    def lines(self) -> list[str]:
        """A readable table: each degree's chance, as a percentage and exactly."""
        q = self.query
        double0, pair = p_double(q)
        lines = [f"Action! {q.notation}: exact odds, no cut-off", *q.notes]
        width = max(len(n) for n in DEGREE_NAMES)
        for name, p in zip(DEGREE_NAMES, self.degrees):
            lines.append(f"{name:<{width}}  {percent(p, 2):>8}  {ratio(p)}")
        if "static" not in q.types:
            lines.append(
                f"double-0: {ratio(double0)}"
                + (
                    f"; any pair (Experimental): {ratio(pair)}"
                    if "experimental" in q.types
                    else f"; any pair (house rule): {ratio(pair)}"
                    if q.counts_any_pair
                    else ""
                )
            )
            lines.append(
                f"dice part = 0: {ratio(self.dice_part_p(0))}; dice part ≥ 0: {ratio(self.dice_part_at_least(0))}"
            )
        return lines

    def to_json(self) -> dict[str, object]:
        """The stable JSON form (``odds action … --json``)."""
        q = self.query
        double0, pair = p_double(q)
        plan = q.plan
        below = 1 - self.dice_part_at_least(-DICE_PART_SHOWN)
        above = self.dice_part_at_least(DICE_PART_SHOWN + 1)
        return {
            "system": "action",
            "notation": q.notation,
            "skill": q.skill,
            "defence": q.defence,
            "active_defence": q.active,
            "defence_value": q.defence_value,
            "types": list(q.ordered_types),
            "threshold": q.threshold,
            "ev": {"attack": q.attack_ev, "defence": q.defence_ev},
            "dice": {
                "positive": plan.positive,
                "negative": plan.negative,
                "positive_closed": plan.positive_closed,
                "dropped": plan.dropped,
            },
            "outcomes": {name: ratio(p) for name, p in zip(DEGREE_NAMES, self.degrees)},
            "percent": {name: percent(p, 2) for name, p in zip(DEGREE_NAMES, self.degrees)},
            "p_double0": ratio(double0),
            "p_pair": ratio(pair),
            "dice_part": {str(d): ratio(p) for d, p in self.dice_part.items()},
            "dice_part_below": ratio(below),
            "dice_part_above": ratio(above),
            "cut_mass": "0/1",
            "notes": list(q.notes),
            "rules": q.rules.to_json(),
        }


def odds(query: ActionQuery) -> ActionOdds:
    """The exact odds of a parsed action."""
    return ActionOdds(query, tuple(degree_odds(query)))
