"""Doom Stack: exact odds.

The best stack of n d6 is S = N₁ + max(f·N_f for f in 2…6), where N_f counts the dice
showing f. Its exact distribution comes from counting, for every threshold T, the ways
m non-one dice can land with f·N_f ≤ T for every face (section ``best_stack_distribution``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import comb, factorial

from ..core.dist import Dist
from ..core.errors import RulesError
from ..core.exact import percent, ratio
from ..core.rule_set import RuleSet
from ..core.system import distribution_lines, outcomes_json
from .house_rules import PRINTED, die_sides, exact_match, wild_face
from .notation import DoomStackQuery
from .roll import assembled_json, pool_line
from .rules import MAX_POOL, SIDES, STACK_FACES, WILDCARD, best_stack


def check_pool(pool: int) -> int:
    """``pool`` if the engine can compute it, else a ``RulesError`` naming the limit."""
    if pool < 0:
        raise RulesError("a pool cannot have fewer than 0 dice")
    if pool > MAX_POOL:
        raise RulesError(f"a pool of {pool} dice is too large: the engine computes up to {MAX_POOL}")
    return pool


@lru_cache(maxsize=64)
def best_stack_distribution(pool: int) -> Dist:
    """The exact distribution of the best stack of ``pool`` d6 (ones wild).

    For each threshold T = 1 … 6n the cap of face f is ⌊T/f⌋. ``ways[A][m]`` counts the
    sequences of m dice over the faces in subset A (a bit mask of 2…6) that respect the
    current caps. Raising face f's cap to a adds the sequences with exactly a f's:
    C(m, a) · ways[A − f][m − a]. The full set's additions at T are exactly the outcomes
    whose non-one dice have maximum f·N_f = T, so with k = n − m ones they land on S = T + k.
    Subsets whose missing faces already hold more than n dice between them can no longer
    matter and are skipped, which keeps the work near 5·n² small-integer steps.
    """
    n = check_pool(pool)
    full = (1 << len(STACK_FACES)) - 1
    ways = [[1] + [0] * n for _ in range(full + 1)]
    caps = [0] * len(STACK_FACES)
    counts = [0] * (SIDES * n + 1)
    counts[n] = 1  # every die a one
    choose = [[comb(m, a) for a in range(m + 1)] for m in range(n + 1)]
    placements = [comb(n, m) for m in range(n + 1)]  # where the m non-one dice sit
    subsets_with = [[s for s in range(1, full + 1) if s >> i & 1] for i in range(len(STACK_FACES))]
    for threshold in range(1, SIDES * n + 1):
        for i, face in enumerate(STACK_FACES):
            if threshold % face or threshold // face > n:
                continue
            cap = caps[i] = threshold // face
            capped_total = sum(caps)
            for subset in subsets_with[i]:
                inside = sum(caps[j] for j in range(len(caps)) if subset >> j & 1)
                limit = n - (capped_total - inside)  # highest m this subset still serves
                if limit < cap:
                    continue
                source, target = ways[subset & ~(1 << i)], ways[subset]
                for m in range(cap, limit + 1):
                    if source[m - cap]:
                        added = choose[m][cap] * source[m - cap]
                        target[m] += added
                        if subset == full:
                            counts[threshold + n - m] += placements[m] * added
    return Dist.from_counts(counts, 0, SIDES**n)


#: The work ``house_stack_distribution`` may do (about faces × pool³ / 6 steps on whole
#: numbers): a house rule's pool past it is refused, naming the largest pool it computes.
HOUSE_WORK_LIMIT = 300_000


def house_work(pool: int, sides: int, wild: int | None) -> int:
    """The steps ``house_stack_distribution`` takes, near enough to bound it."""
    faces = sides - (wild is not None)
    return faces * pool**3 // 6 + faces * sides * pool


@cache
def house_max_pool(sides: int, wild: int | None) -> int:
    """The largest pool a house rule of this die and wild face computes (at most ``MAX_POOL``)."""
    if sides == SIDES and wild == WILDCARD:
        return MAX_POOL
    pool = 0
    while pool < MAX_POOL and house_work(pool + 1, sides, wild) <= HOUSE_WORK_LIMIT:
        pool += 1
    return pool


@lru_cache(maxsize=64)
def house_stack_distribution(pool: int, sides: int, wild: int | None) -> Dist:
    """The exact best stack of ``pool`` dice of ``sides`` faces when ``wild`` is the wild face
    (each wild die adds its pips to the best group of another face) or ``None`` (the best
    group of any face).

    With k wild dice and m = n − k others, S = wild · k + M where M = max(f · N_f) over the
    other faces. ``ways[m]`` counts the sequences of m other dice with f · N_f ≤ T for every
    face, a binomial convolution of one factor per face (face f allowing 0 … ⌊T/f⌋ dice). As T
    rises, face f's cap grows to a at T = a · f; the sequences this adds are those with exactly
    a dice of f and the other faces within their caps: C(m, a) · rest[m − a], where ``rest`` is
    ``ways`` with face f's factor divided out (a triangular solve on whole numbers). They all
    have M = T, so with their k = n − m wild dice they land on S = T + wild · k.
    """
    n = pool
    if n < 0 or n > house_max_pool(sides, wild):
        raise RulesError(
            f"a pool of {n}d{sides} is too large to compute under these rules: with a d{sides} "
            f"the engine computes up to {house_max_pool(sides, wild)} dice"
        )
    pips = wild or 0
    faces = [f for f in range(1, sides + 1) if f != wild]
    caps = {f: 0 for f in faces}
    choose = [[comb(m, a) for a in range(m + 1)] for m in range(n + 1)]
    placements = [comb(n, m) if wild is not None else int(m == n) for m in range(n + 1)]
    ways = [1] + [0] * n  # no face allows a die yet: only the empty sequence
    counts = [0] * (sides * n + 1)
    counts[pips * n] += placements[0]  # every die wild (or no dice at all)
    for threshold in range(1, sides * n + 1):
        for face in faces:
            if threshold % face or threshold // face > n:
                continue
            a = threshold // face
            old = caps[face]  # = a - 1
            caps[face] = a
            # rest = ways with face's factor (0 … old dice of it) divided out, for m - a = 0 … n - a
            rest = [0] * (n - a + 1)
            for j in range(n - a + 1):
                value = ways[j]
                row = choose[j]
                for b in range(1, min(j, old) + 1):
                    value -= row[b] * rest[j - b]
                rest[j] = value
            for m in range(a, n + 1):
                if rest[m - a]:
                    added = choose[m][a] * rest[m - a]
                    ways[m] += added
                    if placements[m]:
                        counts[threshold + pips * (n - m)] += placements[m] * added
    return Dist.from_counts(counts, 0, sides**n)


def stack_distribution(pool: int, rules: RuleSet = PRINTED) -> Dist:
    """The exact best stack of ``pool`` dice under ``rules`` (the printed d6 with ones wild by
    ``best_stack_distribution``, any other die or wild face by ``house_stack_distribution``)."""
    die, wild = die_sides(rules), wild_face(rules)
    if die == SIDES and wild == WILDCARD:
        return best_stack_distribution(pool)
    return house_stack_distribution(pool, die, wild)


def best_stack_distribution_by_enumeration(pool: int, *, ones_wild: bool = True) -> Dist:
    """The same distribution by walking every multiset of faces (small pools only).

    Used to check the fast method, and for the source's AnyDice reading
    (``ones_wild=False``), which the errata compare against.
    """
    if not 0 <= pool <= 24:
        raise RulesError("enumeration is only for pools of 0 to 24 dice")
    weights: dict[int, int] = {}
    for faces in combinations_with_replacement(range(1, SIDES + 1), pool):
        arrangements = factorial(pool)
        for face in set(faces):
            arrangements //= factorial(faces.count(face))
        value = best_stack(faces, ones_wild=ones_wild).value
        weights[value] = weights.get(value, 0) + arrangements
    return Dist(weights, SIDES**pool)


@dataclass(frozen=True)
class SuccessOdds:
    """Exact odds of one pool against one TN. Glitches are successes too."""

    pool: int
    tn: int
    success: Fraction
    glitch: Fraction

    @property
    def failure(self) -> Fraction:
        return 1 - self.success


def success_odds(pool: int, tn: int) -> SuccessOdds:
    """P(best stack ≥ TN) and P(best stack = TN) for ``pool`` d6."""
    dist = best_stack_distribution(pool)
    return SuccessOdds(pool, tn, dist.p_at_least(tn), dist.p(tn))


def odds_against(dist: Dist, pool: int, tn: int, rules: RuleSet = PRINTED) -> SuccessOdds:
    """The chances of success and of a glitch at ``tn`` for a best stack spread as ``dist``,
    as ``rules`` judge a stack equal to the TN."""
    exact = exact_match(rules)
    success = dist.p_at_least(tn + 1) if exact == "failure" else dist.p_at_least(tn)
    return SuccessOdds(pool, tn, success, dist.p(tn) if exact == "glitch" else Fraction(0))


@dataclass(frozen=True)
class DoomStackOdds:
    """The exact odds of a notation: the best-stack distribution and, with a TN, the
    chances of success, glitch and failure."""

    query: DoomStackQuery
    dist: Dist

    @property
    def odds(self) -> SuccessOdds | None:
        if self.query.tn is None:
            return None
        return odds_against(self.dist, self.query.pool, self.query.tn, self.query.rules)

    def lines(self) -> list[str]:
        lines = [f"Doom Stack {self.query.title}: exact odds"]
        if self.query.assembled is not None:
            lines.append(f"Pool: {pool_line(self.query.assembled, self.query.rules)}")
        odds = self.odds
        if odds is not None:
            for label, value in (("success", odds.success), ("glitch", odds.glitch), ("failure", odds.failure)):
                lines.append(f"{label:<8} {percent(value, 2):>8}   {ratio(value)}")
            lines.append(_GLITCH_NOTES[exact_match(self.query.rules)])
            lines.append("")
        return lines + distribution_lines(self.dist, "best stack")

    def to_json(self) -> dict[str, object]:
        odds = self.odds
        data: dict[str, object] = {
            "system": "doom-stack",
            "notation": self.query.notation,
            "pool": self.query.pool,
            "assembled": assembled_json(self.query),
            "tn": self.query.tn,
            "outcomes": outcomes_json(self.dist),
            "cut_mass": ratio(self.dist.cut_mass),
            "rules": self.query.rules.to_json(),
        }
        if odds is not None:
            data.update(p_success=ratio(odds.success), p_glitch=ratio(odds.glitch), p_failure=ratio(odds.failure))
        return data


_GLITCH_NOTES = {
    "glitch": "(a glitch is a success with a complication: it counts in success too)",
    "success": "(no glitch under these rules: a stack equal to the TN is a clean success)",
    "failure": "(no glitch under these rules: a stack equal to the TN fails)",
}


def odds(query: DoomStackQuery) -> DoomStackOdds:
    """The exact odds for a parsed query."""
    return DoomStackOdds(query, stack_distribution(query.pool, query.rules))
