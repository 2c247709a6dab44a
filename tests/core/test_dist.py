from fractions import Fraction

import pytest

from rules_engine.core.dist import EXPLOSION_CUTOFF, Dist


def test_die_is_uniform_and_complete():
    d6 = Dist.die(6)
    assert d6.probabilities() == {k: Fraction(1, 6) for k in range(1, 7)}
    assert d6.cut_mass == 0
    assert d6.mean() == Fraction(7, 2)


def test_two_d6_sum_by_hand():
    two = Dist.die(6) + Dist.die(6)
    assert two.p(7) == Fraction(6, 36)
    assert two.p(2) == two.p(12) == Fraction(1, 36)
    assert two.p_at_least(10) == Fraction(6, 36)
    assert two.p_at_most(4) == Fraction(6, 36)
    assert sum(two.probabilities().values()) == 1


def test_repeat_sum_matches_repeated_addition():
    d6 = Dist.die(6)
    assert d6.repeat_sum(5) == d6 + d6 + d6 + d6 + d6
    assert d6.repeat_sum(0) == Dist.constant(0)
    # 3d6 = 10 has 27 of 216 ways
    assert d6.repeat_sum(3).p(10) == Fraction(27, 216)


def test_large_sum_uses_packed_products_and_stays_exact():
    d10 = Dist.die(10)
    total = d10.repeat_sum(40)
    assert sum(total.weights.values()) == 10**40
    assert total.mean() == 40 * Fraction(11, 2)


def test_map_and_max_min():
    d4 = Dist.die(4)
    assert d4.map(lambda x: x % 2).probabilities() == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    highest = d4.max_with(d4)
    assert highest.probabilities() == {1: Fraction(1, 16), 2: Fraction(3, 16), 3: Fraction(5, 16), 4: Fraction(7, 16)}
    lowest = d4.min_with(d4)
    assert lowest.probabilities() == {1: Fraction(7, 16), 2: Fraction(5, 16), 3: Fraction(3, 16), 4: Fraction(1, 16)}


@pytest.mark.parametrize("pool,keep", [(3, 1), (3, 2), (4, 3), (5, 2)])
def test_keep_highest_and_lowest_against_enumeration(pool, keep):
    from itertools import product

    d6 = Dist.die(6)
    high: dict[int, int] = {}
    low: dict[int, int] = {}
    for dice in product(range(1, 7), repeat=pool):
        ordered = sorted(dice)
        high[sum(ordered[-keep:])] = high.get(sum(ordered[-keep:]), 0) + 1
        low[sum(ordered[:keep])] = low.get(sum(ordered[:keep]), 0) + 1
    assert d6.keep_highest(pool, keep) == Dist(high, 6**pool)
    assert d6.keep_lowest(pool, keep) == Dist(low, 6**pool)


def test_keep_highest_of_two_d20_is_advantage():
    assert Dist.die(20).keep_highest(2, 1).p(20) == Fraction(39, 400)


def test_exploding_die_is_cut_below_the_cutoff_and_reports_it():
    d6 = Dist.exploding_die(6)
    assert 0 < d6.cut_mass < EXPLOSION_CUTOFF
    assert d6.p(5) == Fraction(1, 6)
    assert d6.p(6) == 0  # a 6 always goes on
    assert d6.p(7) == Fraction(1, 36)
    assert d6.p(13) == Fraction(1, 216)
    # what was followed plus what was cut is everything
    assert sum(d6.probabilities().values()) + d6.cut_mass == 1
    # the mean of an open-ended d6 is 4.2; the cut-off changes it by less than the cutoff × size
    assert abs(d6.mean() - Fraction(21, 5)) < Fraction(1, 10**9)


def test_invalid_weights_are_refused():
    with pytest.raises(ValueError):
        Dist({1: 3}, 2)
    with pytest.raises(ValueError):
        Dist({1: -1}, 2)
