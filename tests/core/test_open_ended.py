"""Open-ended dice with no cut-off: the closed forms against truncated sums."""

from fractions import Fraction

import pytest

from rules_engine.core.dist import Dist
from rules_engine.core.open_ended import (
    OpenPool,
    binomial_poly,
    chain_tail_direct,
    chain_tail_poly,
    chains_at_least,
    geometric_sum,
    interpolate,
    poly_eval,
    poly_shift,
    power_sums,
)


def open_die_truncated(sides: int, depth: int) -> Dist:
    """One open die followed to ``depth`` re-rolls (the rest left out as ``cut_mass``):
    an independent check of the closed forms."""
    cutoff = Fraction(1, sides ** (depth + 1))
    return Dist.exploding_die(sides, cutoff * sides)


def truncated_pool(sides, added, taken, depth):
    die = open_die_truncated(sides, depth)
    total = Dist.constant(0)
    for _ in range(added):
        total = total + die
    for _ in range(taken):
        total = total + die.map(lambda v: -v)
    return total


def test_one_positive_minus_one_negative_d10():
    pool = OpenPool(10, 1, 1)
    assert pool.p(0) == Fraction(1, 11)
    assert pool.p_at_least(0) == Fraction(6, 11)
    assert pool.p_at_least(1) == Fraction(5, 11)  # symmetric
    assert pool.mean() == 0


def test_one_open_die_is_periodic():
    pool = OpenPool(10, 1, 0)
    for k in range(4):
        for r in range(1, 10):
            assert pool.p(10 * k + r) == Fraction(1, 10) ** (k + 1)
        assert pool.p(10 * k + 10) == 0
    assert pool.mean() == Fraction(55, 9)


@pytest.mark.parametrize("t", [1, 2, 7, 10, 11, 33])
def test_each_extra_ten_on_the_target_divides_the_tail_by_ten(t):
    for pool in (OpenPool(10, 1, 0), OpenPool(10, 1, 1), OpenPool(10, 1, 2)):
        assert pool.p_at_least(t + 10) == pool.p_at_least(t) / 10
        assert pool.p_at_least(t + 30) == pool.p_at_least(t) / 1000


@pytest.mark.parametrize("added,taken,depth", [(1, 1, 5), (2, 1, 4), (1, 2, 4), (3, 2, 2), (0, 2, 4), (2, 0, 4)])
def test_exact_against_a_truncated_sum(added, taken, depth):
    pool = OpenPool(10, added, taken)
    truncated = truncated_pool(10, added, taken, depth)
    assert truncated.cut_mass > 0
    for t in range(-45, 60, 3):
        gap = pool.p_at_least(t) - truncated.p_at_least(t)
        assert 0 <= gap <= truncated.cut_mass
    for d in range(-30, 40):
        gap = pool.p(d) - truncated.p(d)
        assert 0 <= gap <= truncated.cut_mass


@pytest.mark.parametrize("added,taken", [(1, 1), (2, 3), (3, 2), (0, 3), (4, 0), (0, 0)])
def test_probabilities_sum_to_one(added, taken):
    pool = OpenPool(10, added, taken)
    assert (pool.p_at_least(-(10**4)) == 1) == (taken == 0)  # only negative dice reach that low
    low, high = -40 * (taken + 1), 40 * (added + 1)
    inside = sum(pool.p(d) for d in range(low, high + 1))
    assert inside + (1 - pool.p_at_least(low)) + pool.p_at_least(high + 1) == 1


def test_chain_tail_polynomial_matches_its_series_past_the_points_it_was_fitted_on():
    for added, taken in ((1, 1), (3, 2), (2, 0), (5, 4)):
        q = Fraction(1, 10)
        poly = chain_tail_poly(10, added, taken)
        for c in range(added, added + 5):
            assert q**c * poly_eval(poly, c) == chain_tail_direct(10, added, taken, c)


def test_chains_at_least_is_a_probability_that_falls():
    values = [chains_at_least(6, 2, 3, c) for c in range(-8, 9)]
    assert values[0] < 1 and all(a >= b for a, b in zip(values, values[1:]))
    assert chains_at_least(6, 0, 0, 0) == 1 and chains_at_least(6, 0, 0, 1) == 0


def test_polynomial_helpers():
    assert binomial_poly(2, 1) == (0, Fraction(1, 2), Fraction(1, 2))  # C(x+1, 2) = (x+1)x/2
    assert poly_shift((Fraction(0), Fraction(0), Fraction(1)), 3) == (9, 6, 1)
    assert interpolate([(0, Fraction(1)), (1, Fraction(3)), (2, Fraction(7))]) == (1, 1, 1)
    assert power_sums(Fraction(1, 2), 2) == (2, 2, 6)
    assert geometric_sum((Fraction(1),), Fraction(1, 10)) == Fraction(10, 9)


def test_other_sides_and_finite_parts():
    pool = OpenPool(6, 1, 0, Dist.die(4))  # an open d6 plus a d4
    truncated = open_die_truncated(6, 8) + Dist.die(4)
    for t in range(0, 30):
        assert 0 <= pool.p_at_least(t) - truncated.p_at_least(t) <= truncated.cut_mass
