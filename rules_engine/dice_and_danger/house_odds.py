"""dice & danger: exact hits under any rule set, explosions followed with no cap.

Each face of the rule set's die is a hit or not (the DC) and a crit or not (``crit``), and
the faces of each kind lie together, so which dice are kept depends only on how many dice
land in each run of faces (``core.pools.kept_class_counts``). A kept crit starts a chain:
each explosion die is rolled, hits at the DC, and rolls on while it is a crit. With ``a``
faces that neither hit nor explode, ``b`` that hit and stop, ``cm`` that explode without a
hit and ``ch`` that hit and explode, one chain's hits have the generating function

    G(x) = (a + b·x) / (q − ch·x),   q = a + b + ch,

and ``s`` chains beside ``h`` kept hits give x^h·G(x)^s. Summed over the kept dice that is
P(x) / B(x)^S with P a polynomial (S the most chains a roll can start, B = q − ch·x), so the
chance of every count of hits is an exact coefficient of a power series. The counts are
listed until what is left is below ``EXPLOSION_CUTOFF``; that rest is ``cut_mass``, and it
lies wholly above the last count listed: every listed count is exact. The mean and the
variance follow every chain to its end, exactly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING

from ..core.dist import EXPLOSION_CUTOFF, Dist
from ..core.errors import RulesError
from ..core.poly import convolve
from ..core.rule_set import RuleSet
from .house_rules import crit_face

if TYPE_CHECKING:  # notation.py reads this module's limits
    from .notation import DiceAndDangerQuery

#: The most counts of hits a roll's odds list before the rest is below the cut-off: past
#: it the roll is refused (a large pool with most faces exploding).
MAX_LISTED = 2000
#: The most work a roll's odds may take: the counts of hits listed times the dice that may
#: start a chain (the exact fractions grow with both). Past it the roll is refused.
MAX_WORK = 40_000
#: The fewest counts of hits tried first (from the estimate up, doubled until the rest is
#: small enough).
FIRST_LISTED = 32


@dataclass(frozen=True)
class Faces:
    """The faces of one die under a rule set and a DC, by kind."""

    sides: int
    dc: int
    crit: int | None

    def hit(self, face: int) -> bool:
        return face >= self.dc

    def explodes(self, face: int) -> bool:
        return self.crit is not None and face >= self.crit

    def runs(self) -> list[tuple[int, bool, bool]]:
        """Runs of faces of one kind, lowest first: (faces, hits, explodes)."""
        runs: list[tuple[int, bool, bool]] = []
        for face in range(1, self.sides + 1):
            kind = (self.hit(face), self.explodes(face))
            if runs and runs[-1][1:] == kind:
                runs[-1] = (runs[-1][0] + 1, *kind)
            else:
                runs.append((1, *kind))
        return runs

    def count(self, hits: bool, explodes: bool) -> int:
        return sum(1 for f in range(1, self.sides + 1) if (self.hit(f), self.explodes(f)) == (hits, explodes))

    @cached_property
    def chain(self) -> tuple[int, int, int, int]:
        """``(a, b, cm, ch)``: faces that miss and stop, hit and stop, miss and explode,
        hit and explode."""
        return (self.count(False, False), self.count(True, False), self.count(False, True), self.count(True, True))

    def chain_mean(self) -> Fraction:
        """The average hits one chain adds (every explosion followed)."""
        a, b, _cm, ch = self.chain
        return Fraction(b + ch, a + b)

    def chain_variance(self) -> Fraction:
        a, b, _cm, ch = self.chain
        m = a + b
        mean = Fraction(b + ch, m)
        return Fraction(2 * ch * (b + ch), m * m) + mean - mean * mean


def window_class_counts(class_faces: Sequence[int], pool: int, below: int, keep: int) -> dict[tuple[int, ...], int]:
    """How many kept dice land in each run of faces (lowest run first), as weights over
    ``sum(class_faces) ** pool``, when ``pool`` dice are rolled, the ``below`` lowest are
    dropped, the next ``keep`` kept and the rest (the highest) dropped."""
    out: dict[tuple[int, ...], int] = {}
    classes = len(class_faces)

    def place(index: int, left: int, counts: list[int], weight: int) -> None:
        if index == classes - 1:
            counts.append(left)
            start, kept = 0, []
            for count in counts:  # the run's dice sit at [start, start + count) in sorted order
                kept.append(max(0, min(start + count, below + keep) - max(start, below)))
                start += count
            key = tuple(kept)
            out[key] = out.get(key, 0) + weight * class_faces[index] ** left
            counts.pop()
            return
        for n in range(left + 1):
            counts.append(n)
            place(index + 1, left - n, counts, weight * math.comb(left, n) * class_faces[index] ** n)
            counts.pop()

    place(0, pool, [], 1)
    return {k: w for k, w in out.items() if w}


@lru_cache(maxsize=256)
def kept_joint(sides: int, dc: int, crit: int | None, rolled: int, kept: int, below: int) -> dict[tuple[int, int], int]:
    """(kept hits, kept crits) → weight over ``sides ** rolled``, the ``below`` lowest dice
    dropped and the highest ``rolled - kept - below``."""
    faces = Faces(sides, dc, crit)
    runs = faces.runs()
    joint: dict[tuple[int, int], int] = {}
    for counts, weight in window_class_counts([r[0] for r in runs], rolled, below, kept).items():
        hits = sum(n for n, r in zip(counts, runs) if r[1])
        crits = sum(n for n, r in zip(counts, runs) if r[2])
        joint[hits, crits] = joint.get((hits, crits), 0) + weight
    return joint


@dataclass(frozen=True)
class HouseHits:
    """The hits from a pool's dice: exact counts up to ``listed`` and every moment."""

    dist: Dist  # hits from the dice; ``cut_mass`` the chance of more than the last count
    mean: Fraction
    second: Fraction  # E[hits²]


def _numerator(joint: dict[tuple[int, int], int], faces: Faces) -> tuple[list[int], int]:
    """P(x) and S, with Σ weight·x^h·G(x)^s = P(x) / B(x)^S."""
    a, b, _cm, ch = faces.chain
    q = a + b + ch
    rows: dict[int, list[int]] = {}
    for (hits, crits), weight in joint.items():
        row = rows.setdefault(crits, [])
        if len(row) <= hits:
            row.extend([0] * (hits + 1 - len(row)))
        row[hits] += weight
    top = max(rows)
    chain_poly = [a, b]
    power = [1]  # A(x)^s
    total: list[int] = []
    for s in range(top + 1):
        if s:
            power = convolve(power, chain_poly)
            total = convolve(total, [q, -ch]) if total else []
        if s in rows:
            term = convolve(rows[s], power)
            if len(term) > len(total):
                total.extend([0] * (len(term) - len(total)))
            for i, value in enumerate(term):
                total[i] += value
    return total, top


def _series(numerator: list[int], chains: int, faces: Faces, listed: int) -> tuple[list[int], int]:
    """The first ``listed + 1`` coefficients of P(x)/B(x)^S as integers over the returned
    denominator's q part (``q ** (S + listed)``)."""
    _a, _b, _cm, ch = faces.chain
    q = faces.sides - faces.chain[2]
    inverse = [0] * (listed + 1)
    binomial = 1
    for j in range(listed + 1):
        if j:
            binomial = binomial * (chains + j - 1) // j
        inverse[j] = binomial * ch**j * q ** (listed - j)
    coefficients = _signed_convolve(numerator, inverse)[: listed + 1]
    coefficients.extend([0] * (listed + 1 - len(coefficients)))
    return coefficients, q ** (chains + listed)


def _signed_convolve(signed: list[int], positive: list[int]) -> list[int]:
    """``convolve`` for a first factor with coefficients of either sign (P(x) has some)."""
    plus = convolve([max(c, 0) for c in signed], positive)
    minus = convolve([max(-c, 0) for c in signed], positive)
    return [x - y for x, y in zip(plus, minus)]


def _needed(joint: dict[tuple[int, int], int], faces: Faces, rolled: int) -> float:
    """A rough count of hits the listing must reach (used only to refuse at once)."""
    _a, _b, cm, ch = faces.chain
    q = faces.sides - cm
    total: int = faces.sides**rolled
    chain_mean = float(faces.chain_mean())
    mean = sum(w * (h + s * chain_mean) for (h, s), w in joint.items()) / total
    chains = max(s for _h, s in joint)
    spread = math.sqrt(max(0.0, chains * float(faces.chain_variance())))
    ratio = ch / q
    return mean + 6 * spread + (math.log(1e12) / -math.log(ratio) if 0 < ratio < 1 else 0)


def dice_hits(
    sides: int,
    dc: int,
    crit: int | None,
    rolled: int,
    kept: int,
    below: int,
    *,
    at_least: int = 0,
    cutoff: Fraction = EXPLOSION_CUTOFF,
) -> HouseHits:
    """The hits of ``kept`` dice of ``rolled`` (``sides`` faces, hits at ``dc``, ``crit`` or
    more exploding; the ``below`` lowest dropped), every count up to ``at_least`` listed."""
    faces = Faces(sides, dc, crit)
    joint = kept_joint(sides, dc, crit, rolled, kept, below)
    den = sides**rolled
    mean_chain, var_chain = faces.chain_mean(), faces.chain_variance()
    # E[hits | h kept hits, s chains] = h + s·μ and its variance s·σ²: sum the moments
    sums = [0] * 5  # Σw·h, Σw·s, Σw·h², Σw·h·s, Σw·s²
    for (hits, crits), weight in joint.items():
        for n, value in enumerate((hits, crits, hits * hits, hits * crits, crits * crits)):
            sums[n] += weight * value
    mean = Fraction(sums[0] + sums[1] * mean_chain, den)
    second = (sums[2] + 2 * mean_chain * sums[3] + mean_chain**2 * sums[4] + var_chain * sums[1]) / den
    if max(s for _h, s in joint) == 0:
        weights: dict[int, int] = {}
        for (hits, _crits), weight in joint.items():
            weights[hits] = weights.get(hits, 0) + weight
        return HouseHits(Dist(weights, den), mean, second)
    needed = _needed(joint, faces, rolled)
    most_chains = max(s for _h, s in joint)
    if needed > MAX_LISTED or needed * most_chains > MAX_WORK:
        raise RulesError(_too_many(sides, crit, rolled))
    numerator, chains = _numerator(joint, faces)
    listed = min(MAX_LISTED, max(FIRST_LISTED, at_least, len(numerator), math.ceil(needed)))
    while True:
        coefficients, q_part = _series(numerator, chains, faces, listed)
        full = den * q_part
        rest = full - sum(coefficients)
        if rest * cutoff.denominator < full * cutoff.numerator:
            # list no further than needed: the last counts go to the rest while it stays small
            while (
                len(coefficients) > at_least + 1
                and (rest + coefficients[-1]) * cutoff.denominator < full * cutoff.numerator
            ):
                rest += coefficients.pop()
            return HouseHits(Dist.from_counts(coefficients, 0, full), mean, second)
        if listed >= MAX_LISTED:
            raise RulesError(_too_many(sides, crit, rolled))
        listed = min(2 * listed, MAX_LISTED)


def _too_many(sides: int, crit: int | None, rolled: int) -> str:
    return (
        f"{rolled} d{sides} exploding on {crit} or more are too many to compute: the engine lists up to "
        f"{MAX_LISTED} hits before the rest is below 1/{EXPLOSION_CUTOFF.denominator:,}, and up to "
        f"{MAX_WORK:,} for the hits listed times the dice that may explode; roll fewer dice or raise the crit"
    )


def hits_with_added(hits: HouseHits, added: int) -> tuple[Dist, Fraction, Fraction]:
    """The roll's hits after ``added`` hits (below 0: removed, never below 0 hits): the
    distribution, its exact mean and its exact variance."""
    dist = hits.dist.map(lambda h: max(0, h + added))
    if added >= 0:
        mean = hits.mean + added
        variance = hits.second - hits.mean**2
        return dist, mean, variance
    removed = -added
    below = {x: p for x, p in hits.dist.probabilities().items() if x < removed}
    mean = hits.mean - removed + sum(((removed - x) * p for x, p in below.items()), Fraction(0))
    second = hits.second - 2 * removed * hits.mean + removed * removed
    second -= sum(((x - removed) ** 2 * p for x, p in below.items()), Fraction(0))
    return dist, mean, second - mean * mean


def query_hits(query: DiceAndDangerQuery, cutoff: Fraction = EXPLOSION_CUTOFF) -> tuple[Dist, Fraction, Fraction]:
    """A query's hits under its rule set (a ``DiceAndDangerQuery`` with a DC): the exact
    distribution (listed counts exact, ``cut_mass`` above them), mean and variance."""
    rules: RuleSet = query.rules
    if query.dice == 0:
        value = max(0, query.hits)
        return Dist.constant(value), Fraction(value), Fraction(0)
    assert query.dc is not None  # the odds of hits need a DC
    hits = dice_hits(
        query.sides,
        query.dc,
        crit_face(rules),
        query.rolled,
        query.dice,
        query.low_drops,
        at_least=max(0, -query.hits),
        cutoff=cutoff,
    )
    return hits_with_added(hits, query.hits)


def p_any_hit(query: DiceAndDangerQuery) -> Fraction:
    """The exact chance of at least one hit after added or removed hits (a query with a
    DC). No hit from the dice means no kept die hit and every chain ended without one, so
    it needs no listing: each chain misses throughout with chance a / q."""
    if query.dice == 0 or query.hits > 0:
        return Fraction(1 if max(0, query.hits) >= 1 else 0)
    if query.hits < 0:
        return 1 - query_hits(query)[0].p(0)
    rules: RuleSet = query.rules
    assert query.dc is not None  # the odds of hits need a DC
    faces = Faces(query.sides, query.dc, crit_face(rules))
    joint = kept_joint(query.sides, query.dc, crit_face(rules), query.rolled, query.dice, query.low_drops)
    a, b, cm, ch = faces.chain
    missing = Fraction(a, a + b + ch)
    none = sum((w * missing**s for (h, s), w in joint.items() if h == 0), Fraction(0))
    outcomes: int = query.sides**query.rolled
    return 1 - none / outcomes
