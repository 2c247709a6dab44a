"""Doom Stack: exact odds.

The best stack of n d6 is S = N₁ + max(f·N_f for f in 2…6), where N_f counts the dice
showing f. Its exact distribution comes from counting, for every threshold T, the ways
m non-one dice can land with f·N_f ≤ T for every face (section ``best_stack_distribution``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, factorial

from ..core.dist import Dist
from ..core.errors import RulesError
from ..core.exact import percent, ratio
from ..core.system import distribution_lines, outcomes_json
from .notation import DoomStackQuery
from .roll import assembled_json, pool_line
from .rules import MAX_POOL, SIDES, STACK_FACES, best_stack


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
        return SuccessOdds(self.query.pool, self.query.tn, self.dist.p_at_least(self.query.tn),
                           self.dist.p(self.query.tn))

    def lines(self) -> list[str]:
        lines = [f"Doom Stack {self.query.title}: exact odds"]
        if self.query.assembled is not None:
            lines.append(f"Pool: {pool_line(self.query.assembled)}")
        odds = self.odds
        if odds is not None:
            for label, value in (("success", odds.success), ("glitch", odds.glitch), ("failure", odds.failure)):
                lines.append(f"{label:<8} {percent(value, 2):>8}   {ratio(value)}")
            lines.append("(a glitch is a success with a complication: it counts in success too)")
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
        }
        if odds is not None:
            data.update(p_success=ratio(odds.success), p_glitch=ratio(odds.glitch), p_failure=ratio(odds.failure))
        return data


def odds(query: DoomStackQuery) -> DoomStackOdds:
    """The exact odds for a parsed query."""
    return DoomStackOdds(query, best_stack_distribution(query.pool))
