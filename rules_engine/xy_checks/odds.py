"""X-in-Y: exact odds of checks, volleys and contested volleys.

A check of x/y rolls n = 1 + |bonus − penalty| dice; k of them hit with weight
C(n, k)·x^k·(y−x)^(n−k) over y^n, and the signed degree follows from k. The optional crit
die is a 1/6 check rolled again after each hit: j extra degrees have chance (1/6)^j·5/6,
with no end. It is followed to ``CRIT_DEPTH`` extra degrees, the first depth that leaves
out less than ``EXPLOSION_CUTOFF``; the mass left out is ``cut_mass``. P(success) never
needs the crit die, so it is always exact.

A volley's total hits are the champion's hits (its degree on a success) plus one
independent x/y die per other attacker: a sum of independent variables, so each target's
hits, its damage and the number of targets hit follow by mapping that one distribution.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb, lcm

from ..core.dist import EXPLOSION_CUTOFF, Dist
from ..core.exact import decimal_text, percent, ratio
from ..core.rule_set import RuleSet
from ..core.system import outcomes_json
from .notation import CheckQuery, ContestQuery, VolleyQuery
from .rules import (
    CRIT_CHECK,
    DAMAGE_DIE,
    TIES,
    Check,
    Target,
    deals_full,
    degree_of,
    hits_per_target,
    is_crit,
    priority,
)


def crit_depth(cutoff: Fraction = EXPLOSION_CUTOFF, crit: tuple[int, int] = CRIT_CHECK) -> int:
    """The extra degrees the crit die is followed to: the fewest that leave out less than
    ``cutoff`` (the chance of more is (x/y)^(depth+1) for the crit check x/y)."""
    x, y = crit
    depth = 0
    while Fraction(x, y) ** (depth + 1) >= cutoff:
        depth += 1
    return depth


CRIT_DEPTH = crit_depth()


def crit_extra(crit: tuple[int, int] = CRIT_CHECK) -> Dist:
    """Extra degrees from the crit die: j with chance (x/y)^j·(1 − x/y), followed to its depth."""
    x, y = crit
    depth = crit_depth(crit=crit)
    den = y ** (depth + 1)
    return Dist({j: x**j * (y - x) * y ** (depth - j) for j in range(depth + 1)}, den)


def hits_weights(check: Check, dice: int) -> dict[int, int]:
    """Hits among ``dice`` dice → weight over y ** dice."""
    x, y = check.x, check.y
    return {k: comb(dice, k) * x**k * (y - x) ** (dice - k) for k in range(dice + 1)}


@lru_cache(maxsize=512)
def _degrees(x: int, y: int, bonus: int, penalty: int, crit: tuple[int, int] | None) -> Dist:
    dice = 1 + bonus + penalty
    weights: dict[int, int] = {}
    plain = hits_weights(Check(x, y), dice)
    if crit is None:
        for k, w in plain.items():
            d = degree_of(k, bonus, penalty)
            weights[d] = weights.get(d, 0) + w
        return Dist(weights, y**dice)
    more = crit_extra(crit)
    for k, w in plain.items():
        d = degree_of(k, bonus, penalty)
        if is_crit(k, dice):
            for j, wj in more.weights.items():
                signed = d + j if d > 0 else d - j
                weights[signed] = weights.get(signed, 0) + w * wj
        else:
            weights[d] = weights.get(d, 0) + w * more.denominator
    return Dist(weights, y**dice * more.denominator)


def degree_distribution(query: CheckQuery) -> Dist:
    """The signed degree of a check: ``k`` a success of degree k, ``-k`` a failure of degree k."""
    check = query.check
    bonus, penalty = query.rolled
    return _degrees(check.x, check.y, bonus, penalty, query.rules["crit-check"] if query.crit else None)


def p_success(query: CheckQuery) -> Fraction:
    """P(success): exact, the crit die never changes it."""
    check = query.check
    plain = _degrees(check.x, check.y, *query.rolled, None)
    return plain.p_at_least(1)


def query_depth(query: CheckQuery) -> int:
    """How far the query's crit die is followed (its rule set's crit check)."""
    return crit_depth(crit=query.rules["crit-check"])


@dataclass(frozen=True)
class ExactDegrees:
    """A check's signed degree with nothing cut off: the finite part (no crit die, or the
    rolls that do not earn it), and the chance of the two rolls that do (every die hit,
    every die missed) with the degree each starts from; the crit die then adds j more
    degrees with chance q^j·(1 − q)."""

    finite: dict[int, Fraction]
    all_hit: Fraction
    hit_from: int
    all_miss: Fraction
    miss_from: int
    q: Fraction

    def p(self, signed: int) -> Fraction:
        """P(degree = signed), exactly."""
        p = self.finite.get(signed, Fraction(0))
        if signed >= self.hit_from and self.all_hit:
            p += self.all_hit * self.q ** (signed - self.hit_from) * (1 - self.q)
        if -signed >= self.miss_from and self.all_miss:
            p += self.all_miss * self.q ** (-signed - self.miss_from) * (1 - self.q)
        return p

    def p_success_at_least(self, degree: int) -> Fraction:
        """P(a success of degree ``degree`` or more), ``degree`` ≥ 1."""
        p = sum((v for d, v in self.finite.items() if d >= degree), Fraction(0))
        return p + self.all_hit * self.q ** max(0, degree - self.hit_from)

    def p_failure_at_least(self, degree: int) -> Fraction:
        """P(a failure of degree ``degree`` or more), ``degree`` ≥ 1."""
        p = sum((v for d, v in self.finite.items() if -d >= degree), Fraction(0))
        return p + self.all_miss * self.q ** max(0, degree - self.miss_from)

    def moments(self, value: Callable[[int], int]) -> tuple[Fraction, Fraction]:
        """The exact mean and variance of ``value(signed degree)``, ``value`` a shift of
        the degree by a constant on each side (success: d + a; failure: d + b)."""
        first = second = Fraction(0)
        for d, p in self.finite.items():
            first += p * value(d)
            second += p * value(d) ** 2
        q = self.q
        mean_j, square_j = q / (1 - q), q * (1 + q) / (1 - q) ** 2
        for p, start, sign in ((self.all_hit, self.hit_from, 1), (self.all_miss, -self.miss_from, -1)):
            if p:
                c = value(start)
                first += p * (c + sign * mean_j)
                second += p * (c * c + 2 * c * sign * mean_j + square_j)
        return first, second - first * first


def exact_degrees(query: CheckQuery) -> ExactDegrees:
    """The check's signed degree, exactly, the crit die's every roll included."""
    check = query.check
    bonus, penalty = query.rolled
    dice = 1 + bonus + penalty
    den = check.y**dice
    finite: dict[int, Fraction] = {}
    all_hit = all_miss = Fraction(0)
    for k, w in hits_weights(check, dice).items():
        d = degree_of(k, bonus, penalty)
        if query.crit and is_crit(k, dice):
            if d > 0:
                all_hit = Fraction(w, den)
            else:
                all_miss = Fraction(w, den)
        elif w:
            finite[d] = finite.get(d, Fraction(0)) + Fraction(w, den)
    return ExactDegrees(finite, all_hit, 1 + bonus, all_miss, 1 + penalty, Fraction(*query.rules["crit-check"]))


@dataclass(frozen=True)
class CheckOdds:
    """The exact odds of one check."""

    query: CheckQuery
    dist: Dist

    @property
    def p_success(self) -> Fraction:
        return p_success(self.query)

    def dice_line(self) -> str:
        return dice_line(self.query)

    def lines(self) -> list[str]:
        q = self.query
        lines = [
            f"X-in-Y {q.notation}: exact odds",
            f"check {q.check} (roll {q.check.x} or lower on a d{q.check.y}), {self.dice_line()}",
            *q.notes,
            f"success: {percent(self.p_success, 2)} ({ratio(self.p_success)})",
            "degree     chance    at least",
        ]
        for d in sorted(self.dist.outcomes, reverse=True):
            name = f"success {d}" if d > 0 else f"failure {-d}"
            at_least = self.dist.p_at_least(d) if d > 0 else self.dist.p_at_most(d)
            lines.append(f"{name:<10} {percent(self.dist.p(d), 2):>8}   {percent(at_least, 2):>8}")
        lines += _cut_lines(self.dist, q.rules)
        return lines

    def to_json(self) -> dict[str, object]:
        """The stable JSON form (``odds … --json``)."""
        q = self.query
        return {
            "system": "xy-checks",
            "kind": "check",
            "notation": q.notation,
            "check": str(q.check),
            "base": str(q.base),
            "tn": q.tn,
            "bonus": q.rolled[0],
            "penalty": q.rolled[1],
            "dice": q.dice,
            "crit": q.crit,
            "p_success": ratio(self.p_success),
            "outcomes": outcomes_json(self.dist),
            "cut_mass": ratio(self.dist.cut_mass),
            "crit_depth": query_depth(q) if q.crit else None,
            "notes": list(q.notes),
            "rules": q.rules.to_json(),
        }


def dice_line(q: CheckQuery) -> str:
    """How many dice a check rolls and what decides it."""
    bonus, penalty = q.rolled
    if bonus and penalty:
        return (
            f"{q.dice} dice, a success may miss {bonus} ({bonus} bonus {'die' if bonus == 1 else 'dice'}, "
            f"{penalty} penalty {'die' if penalty == 1 else 'dice'}, cancel no)"
        )
    if bonus:
        return f"{q.dice} dice, any hit succeeds ({bonus} bonus {'die' if bonus == 1 else 'dice'})"
    if penalty:
        return f"{q.dice} dice, any miss fails ({penalty} penalty {'die' if penalty == 1 else 'dice'})"
    return "1 die"


def check_odds(query: CheckQuery) -> CheckOdds:
    return CheckOdds(query, degree_distribution(query))


# --- volleys ------------------------------------------------------------------------------
def champion_hits(query: CheckQuery) -> Dist:
    """The champion's hits: its degree on a success, 0 on a failure."""
    return degree_distribution(query).map(lambda d: max(d, 0))


def one_die_hits(query: CheckQuery) -> Dist:
    """Another attacker's hits: 1 when its one die hits."""
    check = query.check
    return Dist({1: check.x, 0: check.y - check.x}, check.y)


def total_hits(attackers: tuple[CheckQuery, ...]) -> Dist:
    """The volley's total hits: the champion's and one die per other attacker."""
    total = champion_hits(attackers[0])
    for other in attackers[1:]:
        total = total + one_die_hits(other)
    return total


def target_hits(hits: Dist, attackers: int, targets: int, place: int) -> Dist:
    """Hits on the target at ``place`` in the priority order."""
    return hits.map(lambda h: hits_per_target(h, attackers, targets)[place])


def full_damage(on_target: Dist, die: int = DAMAGE_DIE) -> Dist:
    """A target's full damage from its hits: 1d6 (the damage die) for the first, +1 for each further."""
    weights: dict[int, int] = {}
    for m, w in on_target.weights.items():
        if m == 0:
            weights[0] = weights.get(0, 0) + w * die
        else:
            for face in range(1, die + 1):
                weights[face + m - 1] = weights.get(face + m - 1, 0) + w
    return Dist(weights, on_target.denominator * die)


@lru_cache(maxsize=64)
def _damage_dice(count: int, die: int = DAMAGE_DIE) -> Dist:
    return Dist.die(die).repeat_sum(count)


def total_full_damage(hits: Dist, attackers: int, targets: int, die: int = DAMAGE_DIE) -> Dist:
    """The volley's full damage over every target: a d6 per target hit, +1 per further hit."""
    k = min(attackers, targets)
    weights: dict[int, int] = {}
    for h, w in hits.weights.items():
        hit = min(h, k)
        dice = _damage_dice(hit, die)
        scale = w * die ** (k - hit)
        for total, wt in dice.weights.items():
            weights[total + h - hit] = weights.get(total + h - hit, 0) + wt * scale
    return Dist(weights, hits.denominator * die**k)


@dataclass(frozen=True)
class TargetOdds:
    """One target's hits and damage, with its place in the priority order."""

    index: int
    target: Target
    place: int
    hits: Dist
    damage: Dist

    @property
    def p_hit(self) -> Fraction:
        """The chance the target takes at least one hit."""
        return 1 - self.hits.p(0) - self.hits.cut_mass

    def to_json(self) -> dict[str, object]:
        return {
            "target": self.index + 1,
            "label": self.target.label,
            "priority": self.place + 1,
            "p_hit": ratio(self.p_hit),
            "hit_percent": percent(self.p_hit, 2),
            "hits": outcomes_json(self.hits),
            "damage": outcomes_json(self.damage),
            "mean_damage": decimal_text(self.damage.mean(), 2),
        }


@dataclass(frozen=True)
class VolleyOdds:
    """The exact odds of one side's volley."""

    query: VolleyQuery
    hits: Dist
    targets: tuple[TargetOdds, ...]
    targets_hit: Dist
    damage: Dist

    def lines(self) -> list[str]:
        q = self.query
        lines = [f"X-in-Y {q.notation}: exact odds", *q.notes]
        lines += _attackers_lines(q.attackers)
        lines.append(
            f"at most {min(len(q.attackers), len(q.targets))} of {len(q.targets)} targets can be hit; "
            "extra hits go " + ("in the written order" if q.as_written else "to the lightest first")
        )
        lines += _dist_lines(self.hits, "total hits")
        lines += _dist_lines(self.targets_hit, "targets hit")
        for t in self.targets:
            lines.append(
                f"target {t.index + 1} ({t.target.label}, priority {t.place + 1}): hit "
                f"{percent(1 - t.hits.p(0) - t.hits.cut_mass, 2)}, average damage {decimal_text(t.damage.mean(), 2)}"
            )
        lines.append(f"total damage: average {decimal_text(self.damage.mean(), 2)}")
        lines += _cut_lines(self.hits, q.rules)
        return lines

    def to_json(self) -> dict[str, object]:
        q = self.query
        return {
            "system": "xy-checks",
            "kind": "volley",
            "notation": q.notation,
            "attackers": _attackers_json(q.attackers),
            "targets": [t.to_json() for t in self.targets],
            "hits": outcomes_json(self.hits),
            "mean_hits": decimal_text(self.hits.mean(), 2),
            "targets_hit": outcomes_json(self.targets_hit),
            "damage": outcomes_json(self.damage),
            "mean_damage": decimal_text(self.damage.mean(), 2),
            "as_written": q.as_written,
            "cut_mass": ratio(self.hits.cut_mass),
            "notes": list(q.notes),
            "rules": q.rules.to_json(),
        }


def _attackers_lines(attackers: tuple[CheckQuery, ...]) -> list[str]:
    lines = []
    for i, a in enumerate(attackers):
        role = "champion" if i == 0 else f"attacker {i + 1}"
        chance = p_success(a)
        lines.append(
            f"{role}: {a.body} → check {a.check}, {'full check' if i == 0 else 'one die'}, hits {percent(chance, 2)}"
        )
    return lines


def _attackers_json(attackers: tuple[CheckQuery, ...]) -> list[dict[str, object]]:
    return [
        {
            "role": "champion" if i == 0 else "one die",
            "notation": a.body,
            "check": str(a.check),
            "dice": a.dice if i == 0 else 1,
            "p_hit": ratio(p_success(a)),
        }
        for i, a in enumerate(attackers)
    ]


def _dist_lines(dist: Dist, label: str) -> list[str]:
    width = max(len(label), *(len(str(k)) for k in dist.outcomes))
    lines = [f"{label:>{width}}     chance    at least"]
    for k in dist.outcomes:
        lines.append(f"{k:>{width}}   {percent(dist.p(k), 2):>8}   {percent(dist.p_at_least(k), 2):>8}")
    return lines


def _cut_lines(dist: Dist, rules: RuleSet) -> list[str]:
    if not dist.cut_mass:
        return []
    depth = crit_depth(crit=rules["crit-check"])
    return [
        f"(the crit die is followed to {depth} extra degrees; the rolls past that, "
        f"{float(dist.cut_mass):.1e} of the mass, are left out)"
    ]


def volley_odds(query: VolleyQuery) -> VolleyOdds:
    """Total hits, each target's hits and damage, targets hit and total damage."""
    n, count = len(query.attackers), len(query.targets)
    hits = total_hits(query.attackers)
    order = priority(query.targets, as_written=query.as_written)
    per_target = []
    for place, index in enumerate(order):
        on_target = target_hits(hits, n, count, place)
        per_target.append(
            TargetOdds(index, query.targets[index], place, on_target, full_damage(on_target, query.rules["damage-die"]))
        )
    per_target.sort(key=lambda t: t.index)
    k = min(n, count)
    return VolleyOdds(
        query,
        hits,
        tuple(per_target),
        hits.map(lambda h: min(h, k)),
        total_full_damage(hits, n, count, query.rules["damage-die"]),
    )


# --- contested volleys --------------------------------------------------------------------
def _split_by_outcome(own: Dist, other: Dist, tie: str, side: int) -> tuple[dict[int, int], dict[int, int], int]:
    """``own`` hits → weight of dealing full damage, weight of dealing 1 per hit (both over
    own.denominator · other.denominator, counting only the other side's followed rolls)."""
    followed = other.total_weight
    full: dict[int, int] = {}
    per_hit: dict[int, int] = {}
    for h, w in own.weights.items():
        less = sum(wo for ho, wo in other.weights.items() if ho < h)
        same = other.weights.get(h, 0)
        full_w = less + (same if deals_full(h, h, tie, side) else 0)
        full[h] = w * full_w
        per_hit[h] = w * (followed - full_w)
    return full, per_hit, own.denominator * other.denominator


@dataclass(frozen=True)
class SideOdds:
    """One side of a contested volley: its hits, its damage dealt, its targets'."""

    hits: Dist
    damage: Dist
    targets: tuple[tuple[Dist, Dist], ...]  # the other side's members: (hits, damage)


def _side(query: ContestQuery, side: int, own: Dist, other: Dist) -> SideOdds:
    n, count = len(query.sides[side]), len(query.sides[1 - side])
    full, per_hit, den = _split_by_outcome(own, other, query.tie, side)
    full_hits = Dist(full, den)
    per_hit_hits = Dist(per_hit, den)
    die = query.rules["damage-die"]
    damage = _sum_dists(total_full_damage(full_hits, n, count, die), per_hit_hits)
    targets = []
    for place in range(count):
        on_full = target_hits(full_hits, n, count, place)
        on_per_hit = target_hits(per_hit_hits, n, count, place)
        on_target = _sum_dists(on_full, on_per_hit)
        targets.append((on_target, _sum_dists(full_damage(on_full, die), on_per_hit)))
    return SideOdds(_sum_dists(full_hits, per_hit_hits), damage, tuple(targets))


def _sum_dists(a: Dist, b: Dist) -> Dist:
    """The mixture of two parts of one distribution (each over its own denominator)."""
    den = lcm(a.denominator, b.denominator)
    weights: dict[int, int] = {}
    for part in (a, b):
        scale = den // part.denominator
        for k, w in part.weights.items():
            weights[k] = weights.get(k, 0) + w * scale
    return Dist(weights, den)


@dataclass(frozen=True)
class ContestOdds:
    """The exact odds of a contested volley."""

    query: ContestQuery
    hits: tuple[Dist, Dist]
    p_first_more: Fraction
    p_second_more: Fraction
    p_tie: Fraction
    sides: tuple[SideOdds, SideOdds]

    @property
    def cut_mass(self) -> Fraction:
        return 1 - (1 - self.hits[0].cut_mass) * (1 - self.hits[1].cut_mass)

    def lines(self) -> list[str]:
        q = self.query
        lines = [f"X-in-Y {q.notation}: exact odds", *q.notes, f"a tie: {TIES[q.tie]}"]
        for s, name in enumerate(("first side", "second side")):
            lines.append(f"{name}:")
            lines += ["  " + line for line in _attackers_lines(q.sides[s])]
        lines.append(
            f"first side more hits: {percent(self.p_first_more, 2)}; second side more hits: "
            f"{percent(self.p_second_more, 2)}; tie: {percent(self.p_tie, 2)}"
        )
        for s, name in enumerate(("first", "second")):
            side = self.sides[s]
            lines.append(
                f"{name} side deals: average {decimal_text(side.damage.mean(), 2)} damage "
                f"({decimal_text(self.hits[s].mean(), 2)} hits)"
            )
            lines += ["  " + line for line in _dist_lines(side.damage, "damage")]
        if self.cut_mass:
            depth = crit_depth(crit=q.rules["crit-check"])
            lines.append(
                f"(the crit die is followed to {depth} extra degrees; the rolls past that, "
                f"{float(self.cut_mass):.1e} of the mass, are left out)"
            )
        return lines

    def to_json(self) -> dict[str, object]:
        q = self.query
        sides = []
        for s in (0, 1):
            side = self.sides[s]
            sides.append(
                {
                    "attackers": _attackers_json(q.sides[s]),
                    "hits": outcomes_json(self.hits[s]),
                    "mean_hits": decimal_text(self.hits[s].mean(), 2),
                    "damage": outcomes_json(side.damage),
                    "mean_damage": decimal_text(side.damage.mean(), 2),
                    "targets": [
                        {
                            "target": i + 1,
                            "hits": outcomes_json(h),
                            "damage": outcomes_json(d),
                            "mean_damage": decimal_text(d.mean(), 2),
                        }
                        for i, (h, d) in enumerate(side.targets)
                    ],
                }
            )
        return {
            "system": "xy-checks",
            "kind": "contest",
            "notation": q.notation,
            "tie": q.tie,
            "p_first_more": ratio(self.p_first_more),
            "p_second_more": ratio(self.p_second_more),
            "p_tie": ratio(self.p_tie),
            "percent": {
                "first_more": percent(self.p_first_more, 2),
                "second_more": percent(self.p_second_more, 2),
                "tie": percent(self.p_tie, 2),
            },
            "sides": sides,
            "cut_mass": ratio(self.cut_mass),
            "notes": list(q.notes),
            "rules": q.rules.to_json(),
        }


def contest_odds(query: ContestQuery) -> ContestOdds:
    """Who out-hits whom and what each side deals, under the query's tie option."""
    hits = (total_hits(query.sides[0]), total_hits(query.sides[1]))
    a, b = hits
    den = a.denominator * b.denominator
    first = second = tie = 0
    for h, w in a.weights.items():
        for g, v in b.weights.items():
            if h > g:
                first += w * v
            elif h < g:
                second += w * v
            else:
                tie += w * v
    sides = (_side(query, 0, a, b), _side(query, 1, b, a))
    return ContestOdds(query, hits, Fraction(first, den), Fraction(second, den), Fraction(tie, den), sides)


def odds(query: CheckQuery | VolleyQuery | ContestQuery) -> CheckOdds | VolleyOdds | ContestOdds:
    """The exact odds of any parsed query."""
    if isinstance(query, CheckQuery):
        return check_odds(query)
    if isinstance(query, VolleyQuery):
        return volley_odds(query)
    return contest_odds(query)
