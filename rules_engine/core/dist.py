"""Exact finite distributions over integers.

A ``Dist`` holds integer weights and one denominator: P(x) = weight(x) / denominator.
The weights sum to the denominator, except after an open-ended (exploding) die was cut
off; then the mass left out is ``cut_mass`` and every consumer can report it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb

from .poly import convolve, power

#: Exploding dice are followed until the probability mass not yet followed is below this.
EXPLOSION_CUTOFF = Fraction(1, 10**12)


@dataclass(frozen=True)
class Dist:
    """An exact distribution: ``weights`` (outcome → integer weight) over ``denominator``."""

    weights: Mapping[int, int]
    denominator: int
    _sorted: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        clean = {k: w for k, w in self.weights.items() if w}
        if any(w < 0 for w in clean.values()) or self.denominator <= 0:
            raise ValueError("weights must be non-negative and the denominator positive")
        if sum(clean.values()) > self.denominator:
            raise ValueError("weights exceed the denominator")
        object.__setattr__(self, "weights", clean)
        object.__setattr__(self, "_sorted", tuple(sorted(clean)))

    # --- construction -------------------------------------------------------------
    @classmethod
    def constant(cls, value: int) -> Dist:
        """Always ``value``."""
        return cls({value: 1}, 1)

    @classmethod
    def die(cls, sides: int, first: int = 1) -> Dist:
        """A fair die numbered ``first`` … ``first + sides - 1``."""
        return cls({first + i: 1 for i in range(sides)}, sides)

    @classmethod
    def from_counts(cls, counts: Iterable[int], offset: int = 0, denominator: int | None = None) -> Dist:
        """Weights given densely: ``counts[i]`` is the weight of ``offset + i``."""
        weights = {offset + i: c for i, c in enumerate(counts) if c}
        return cls(weights, denominator if denominator is not None else sum(weights.values()))

    @classmethod
    def exploding_die(cls, sides: int, cutoff: Fraction = EXPLOSION_CUTOFF) -> Dist:
        """An open-ended die: a top face is rolled again and added, as long as it comes up.

        Chains are followed until the chance of a still longer chain is below ``cutoff``;
        that mass is left out and reported as ``cut_mass``.
        """
        depth = 0  # number of re-rolls followed
        while Fraction(1, sides ** (depth + 1)) >= cutoff:
            depth += 1
        den = sides ** (depth + 1)
        weights: dict[int, int] = {}
        for level in range(depth + 1):
            base = (sides) * level
            per_face = sides ** (depth - level)  # weight of one path at this level
            for face in range(1, sides):
                weights[base + face] = weights.get(base + face, 0) + per_face
        # Paths that rolled the top face on every level beyond ``depth`` are left out.
        return cls(weights, den)

    # --- reading ------------------------------------------------------------------
    @property
    def outcomes(self) -> tuple[int, ...]:
        """The outcomes with non-zero weight, ascending."""
        return self._sorted

    @property
    def total_weight(self) -> int:
        return sum(self.weights.values())

    @property
    def cut_mass(self) -> Fraction:
        """Probability left out by a cut-off (0 for a complete distribution)."""
        return Fraction(self.denominator - self.total_weight, self.denominator)

    def p(self, outcome: int) -> Fraction:
        """P(X = outcome)."""
        return Fraction(self.weights.get(outcome, 0), self.denominator)

    def p_at_least(self, threshold: int) -> Fraction:
        """P(X ≥ threshold)."""
        return Fraction(sum(w for k, w in self.weights.items() if k >= threshold), self.denominator)

    def p_at_most(self, threshold: int) -> Fraction:
        """P(X ≤ threshold)."""
        return Fraction(sum(w for k, w in self.weights.items() if k <= threshold), self.denominator)

    def probabilities(self) -> dict[int, Fraction]:
        """Outcome → exact probability, ascending."""
        return {k: Fraction(self.weights[k], self.denominator) for k in self._sorted}

    def mean(self) -> Fraction:
        """The expected value of the mass that was followed (divided by the full denominator)."""
        return Fraction(sum(k * w for k, w in self.weights.items()), self.denominator)

    def _dense(self) -> tuple[int, list[int]]:
        low, high = self._sorted[0], self._sorted[-1]
        return low, [self.weights.get(k, 0) for k in range(low, high + 1)]

    # --- combining ----------------------------------------------------------------
    def map(self, fn: Callable[[int], int]) -> Dist:
        """The distribution of ``fn(X)``."""
        out: dict[int, int] = {}
        for k, w in self.weights.items():
            key = fn(k)
            out[key] = out.get(key, 0) + w
        return Dist(out, self.denominator)

    def __add__(self, other: Dist) -> Dist:
        """The sum of two independent variables."""
        if not self.weights or not other.weights:
            return Dist({}, self.denominator * other.denominator)
        low_a, a = self._dense()
        low_b, b = other._dense()
        return Dist.from_counts(convolve(a, b), low_a + low_b, self.denominator * other.denominator)

    def repeat_sum(self, times: int) -> Dist:
        """The sum of ``times`` independent copies."""
        if times == 0:
            return Dist.constant(0)
        low, dense = self._dense()
        return Dist.from_counts(power(dense, times), low * times, self.denominator**times)

    def _cdf_weights(self, keys: list[int]) -> list[int]:
        running, out, items = 0, [], iter(self._sorted)
        pending = next(items, None)
        for key in keys:
            while pending is not None and pending <= key:
                running += self.weights[pending]
                pending = next(items, None)
            out.append(running)
        return out

    def max_with(self, other: Dist) -> Dist:
        """The larger of two independent variables (complete distributions only)."""
        keys = sorted(set(self._sorted) | set(other._sorted))
        cdf = [x * y for x, y in zip(self._cdf_weights(keys), other._cdf_weights(keys))]
        weights = {k: c - p for k, c, p in zip(keys, cdf, [0, *cdf[:-1]])}
        return Dist(weights, self.denominator * other.denominator)

    def min_with(self, other: Dist) -> Dist:
        """The smaller of two independent variables (complete distributions only)."""
        return self.map(lambda x: -x).max_with(other.map(lambda x: -x)).map(lambda x: -x)

    def keep_highest(self, pool: int, keep: int) -> Dist:
        """The sum of the ``keep`` highest of ``pool`` independent copies."""
        if not 0 <= keep <= pool:
            raise ValueError("keep must be between 0 and the pool size")
        # Walk faces from the highest down; state: (dice placed, dice kept) -> {sum: ways}.
        states: dict[tuple[int, int], dict[int, int]] = {(0, 0): {0: 1}}
        for face in reversed(self._sorted):
            weight = self.weights[face]
            nxt: dict[tuple[int, int], dict[int, int]] = {}
            for (placed, kept), sums in states.items():
                for j in range(pool - placed + 1):
                    newly = min(j, keep - kept)
                    factor = comb(pool - placed, j) * weight**j
                    bucket = nxt.setdefault((placed + j, kept + newly), {})
                    for s, ways in sums.items():
                        key = s + newly * face
                        bucket[key] = bucket.get(key, 0) + ways * factor
            states = nxt
        result: dict[int, int] = {}
        for (placed, _kept), sums in states.items():
            if placed == pool:
                for s, ways in sums.items():
                    result[s] = result.get(s, 0) + ways
        return Dist(result, self.denominator**pool)

    def keep_lowest(self, pool: int, keep: int) -> Dist:
        """The sum of the ``keep`` lowest of ``pool`` independent copies."""
        return self.map(lambda x: -x).keep_highest(pool, keep).map(lambda x: -x)
