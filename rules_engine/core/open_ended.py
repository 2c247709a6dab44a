"""Exact odds of open-ended dice with no cut-off.

An open-ended die with ``s`` sides rolls again on its top face and adds. Its value is
``s·K + R``: ``K`` (how many top faces came up first) is geometric, P(K = k) =
(1 − q)·q^k with q = 1/s, and ``R`` (the face that ended the chain) is uniform on
1 … s − 1, independent of ``K``. So a sum of such dice, some added and some subtracted,
next to any finite dice, is

    D = s·M + S,

where M = (sum of the added dice's K) − (sum of the subtracted dice's K) and S is a
finite distribution (the R parts and every finite die). For c ≥ 0, P(M ≥ c) = q^c·Q(c)
with Q a polynomial of degree (added dice − 1): a finite "head" times a geometric tail.
Every probability below is therefore an exact ``Fraction``: no chain is ever cut.

The polynomial algebra here is small (degrees stay below the number of dice): lists of
Fractions, lowest power first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from math import comb

from .dist import Dist

Poly = tuple[Fraction, ...]  # coefficients, lowest power first


# --- polynomials -------------------------------------------------------------------------
def poly_eval(poly: Poly, x: int | Fraction) -> Fraction:
    """``poly(x)`` (Horner)."""
    total = Fraction(0)
    for coefficient in reversed(poly):
        total = total * x + coefficient
    return total


def poly_mul(a: Poly, b: Poly) -> Poly:
    """The product of two polynomials."""
    if not a or not b:
        return ()
    out = [Fraction(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return tuple(out)


def poly_shift(poly: Poly, by: int) -> Poly:
    """The polynomial ``x ↦ poly(x + by)``."""
    out = [Fraction(0)] * len(poly)
    for j, coefficient in enumerate(poly):
        for k in range(j + 1):
            out[k] += coefficient * comb(j, k) * Fraction(by) ** (j - k)
    return tuple(out)


def binomial_poly(degree: int, offset: int) -> Poly:
    """``x ↦ C(x + offset, degree)`` as a polynomial in ``x``."""
    poly: Poly = (Fraction(1),)
    for i in range(degree):
        poly = poly_mul(poly, (Fraction(offset - i), Fraction(1)))
    scale = Fraction(1, _factorial(degree))
    return tuple(c * scale for c in poly)


def _factorial(n: int) -> int:
    out = 1
    for i in range(2, n + 1):
        out *= i
    return out


def interpolate(points: list[tuple[int, Fraction]]) -> Poly:
    """The polynomial of lowest degree through ``points`` (Lagrange, exact)."""
    result: list[Fraction] = [Fraction(0)] * len(points)
    for i, (xi, yi) in enumerate(points):
        basis: Poly = (Fraction(1),)
        denominator = Fraction(1)
        for j, (xj, _) in enumerate(points):
            if j != i:
                basis = poly_mul(basis, (Fraction(-xj), Fraction(1)))
                denominator *= xi - xj
        for k, coefficient in enumerate(basis):
            result[k] += yi * coefficient / denominator
    return tuple(result)


@lru_cache(maxsize=64)
def power_sums(r: Fraction, highest: int) -> tuple[Fraction, ...]:
    """``(S_0, …, S_highest)`` with S_k = Σ_{u ≥ 0} u^k·r^u, for 0 ≤ r < 1.

    From S_k = Σ_u (u + 1)^k r^(u+1): (1 − r)·S_k = r·Σ_{i < k} C(k, i)·S_i (k ≥ 1)."""
    sums = [1 / (1 - r)]
    for k in range(1, highest + 1):
        sums.append(r * sum(comb(k, i) * sums[i] for i in range(k)) / (1 - r))
    return tuple(sums)


def geometric_sum(poly: Poly, r: Fraction) -> Fraction:
    """Σ_{u ≥ 0} poly(u)·r^u, exactly (0 ≤ r < 1)."""
    sums = power_sums(r, max(len(poly) - 1, 0))
    return sum((c * s for c, s in zip(poly, sums)), Fraction(0))


# --- the chain counts: M = (sum of `added` geometrics) − (sum of `taken` geometrics) ----
@lru_cache(maxsize=256)
def _tail_of_sum(sides: int, count: int) -> Poly:
    """T with P(A ≥ a) = q^a·T(a) for a ≥ 0, where A is the sum of ``count`` ≥ 1 chain
    counts: P(A ≥ a) = (1 − q)^count·q^a·Σ_u C(u + a + count − 1, count − 1)·q^u."""
    q = Fraction(1, sides)
    scale = (1 - q) ** count
    points = [(a, scale * geometric_sum(binomial_poly(count - 1, a + count - 1), q)) for a in range(count)]
    return interpolate(points)


def chain_tail_direct(sides: int, added: int, taken: int, c: int) -> Fraction:
    """P(M ≥ c) for c ≥ 0 from its series, summed in closed form (for ``added`` ≥ 1):
    Σ_b P(B = b)·P(A ≥ c + b) = q^c (1 − q)^taken Σ_b C(b + taken − 1, taken − 1)·T(c + b)·q^(2b)."""
    q = Fraction(1, sides)
    tail = _tail_of_sum(sides, added)
    if taken == 0:
        return q**c * poly_eval(tail, c)
    series = poly_mul(binomial_poly(taken - 1, taken - 1), poly_shift(tail, c))
    return q**c * (1 - q) ** taken * geometric_sum(series, q * q)


@lru_cache(maxsize=256)
def chain_tail_poly(sides: int, added: int, taken: int) -> Poly:
    """Q with P(M ≥ c) = q^c·Q(c) for every c ≥ 0 (``added`` ≥ 1); degree added − 1."""
    q = Fraction(1, sides)
    return interpolate([(c, chain_tail_direct(sides, added, taken, c) / q**c) for c in range(added)])


def chains_at_least(sides: int, added: int, taken: int, c: int) -> Fraction:
    """P(M ≥ c) exactly, for any integer ``c``."""
    q = Fraction(1, sides)
    if c < 0:
        return 1 - chains_at_least(sides, taken, added, 1 - c)  # P(M ≤ c − 1) = P(−M ≥ 1 − c)
    if added == 0:
        return (1 - q) ** taken if c == 0 else Fraction(0)  # M = −B ≥ 0 only when B = 0
    return q**c * poly_eval(chain_tail_poly(sides, added, taken), c)


# --- a whole pool ------------------------------------------------------------------------
@dataclass(frozen=True)
class OpenPool:
    """D = (added open dice) − (taken open dice) + ``rest`` (finite: closed dice, constants
    and the like), every open die with ``sides`` sides. Exact, nothing cut."""

    sides: int
    added: int  # open dice added
    taken: int  # open dice subtracted
    rest: Dist = field(default_factory=lambda: Dist.constant(0))

    def __post_init__(self) -> None:
        if self.sides < 2 or self.added < 0 or self.taken < 0:
            raise ValueError("an open pool needs at least 2 sides and no negative counts")
        if self.rest.cut_mass:
            raise ValueError("the finite part must be complete")

    @cached_property
    def finite_part(self) -> Dist:
        """S: ``rest`` plus each open die's last face (1 … sides − 1), added or taken."""
        last_face = Dist.die(self.sides - 1)
        total = self.rest
        if self.added:
            total = total + last_face.repeat_sum(self.added)
        if self.taken:
            total = total + last_face.repeat_sum(self.taken).map(lambda v: -v)
        return total

    def chains_at_least(self, c: int) -> Fraction:
        return chains_at_least(self.sides, self.added, self.taken, c)

    @cached_property
    def _tails(self) -> dict[int, Fraction]:
        return {}

    def p_at_least(self, t: int) -> Fraction:
        """P(D ≥ t) = Σ_s P(S = s)·P(M ≥ ⌈(t − s)/sides⌉), grouped by the chain count
        (remembered per pool: the degrees ask for the same tails again)."""
        known = self._tails.get(t)
        if known is None:
            known = self._tails[t] = self._p_at_least(t)
        return known

    def _p_at_least(self, t: int) -> Fraction:
        by_count: dict[int, int] = {}
        finite = self.finite_part
        for s, weight in finite.weights.items():
            c = -((s - t) // self.sides)  # ceil((t − s) / sides)
            by_count[c] = by_count.get(c, 0) + weight
        total = sum((weight * self.chains_at_least(c) for c, weight in by_count.items()), Fraction(0))
        return total / finite.denominator

    def p_between(self, low: int | None, high: int | None) -> Fraction:
        """P(low ≤ D ≤ high); ``None`` is an open end."""
        if low is not None and high is not None and low > high:
            return Fraction(0)
        bottom = Fraction(1) if low is None else self.p_at_least(low)
        top = Fraction(0) if high is None else self.p_at_least(high + 1)
        return bottom - top

    def p(self, d: int) -> Fraction:
        """P(D = d): the finite faces s with s ≡ d (mod sides), times P(M = (d − s)/sides)."""
        finite = self.finite_part
        total = Fraction(0)
        for s, weight in finite.weights.items():
            if (d - s) % self.sides == 0:
                m = (d - s) // self.sides
                total += weight * (self.chains_at_least(m) - self.chains_at_least(m + 1))
        return total / finite.denominator

    def mean(self) -> Fraction:
        """E[D]: E[S] + sides·(added − taken)·E[K], with E[K] = q/(1 − q) = 1/(sides − 1)."""
        return self.finite_part.mean() + Fraction(self.sides * (self.added - self.taken), self.sides - 1)
