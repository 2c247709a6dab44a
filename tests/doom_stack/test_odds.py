from fractions import Fraction
from itertools import product

import pytest

from rules_engine.core.errors import RulesError
from rules_engine.doom_stack.odds import (
    best_stack_distribution,
    best_stack_distribution_by_enumeration,
    success_odds,
)
from rules_engine.doom_stack.rules import MAX_POOL, best_stack


def brute_force(pool):
    weights = {}
    for dice in product(range(1, 7), repeat=pool):
        value = best_stack(dice).value
        weights[value] = weights.get(value, 0) + 1
    return weights


@pytest.mark.parametrize("pool", range(0, 6))
def test_fast_method_equals_every_roll_counted(pool):
    assert dict(best_stack_distribution(pool).weights) == brute_force(pool)


@pytest.mark.parametrize("pool", range(6, 16))
def test_fast_method_equals_multiset_enumeration(pool):
    assert best_stack_distribution(pool) == best_stack_distribution_by_enumeration(pool)


def test_hand_checked_small_cases():
    one = best_stack_distribution(1)
    assert one.probabilities() == {k: Fraction(1, 6) for k in range(1, 7)}
    two = best_stack_distribution(2)
    # 6 on 2d6: [3,3], a 1 with a 5 (two orders), a 6 with a 2-5 (eight orders)
    assert two.p(6) == Fraction(11, 36)
    assert two.p(2) == Fraction(1, 36)  # only [1,1]
    assert best_stack_distribution(0).probabilities() == {0: 1}


def test_four_d6_values_from_the_rule():
    odds = success_odds(4, 8)
    assert odds.success == Fraction(193, 432)
    assert odds.glitch == Fraction(143, 1296)
    assert success_odds(4, 4).success == 1  # the source prints 99.3%: see the errata


@pytest.mark.parametrize("pool", [0, 1, 7, 20, 60, 120])
def test_distributions_sum_to_one(pool):
    dist = best_stack_distribution(pool)
    assert dist.cut_mass == 0
    assert sum(dist.probabilities().values()) == 1


def test_largest_pool_is_exact_and_complete():
    dist = best_stack_distribution(MAX_POOL)
    assert sum(dist.weights.values()) == 6**MAX_POOL
    assert min(dist.outcomes) > 0 and max(dist.outcomes) == 6 * MAX_POOL


def test_success_never_rises_with_tn_and_never_falls_with_pool():
    for pool in range(0, 25):
        dist, bigger = best_stack_distribution(pool), best_stack_distribution(pool + 1)
        previous = Fraction(1)
        for tn in range(1, 45):
            p = dist.p_at_least(tn)
            assert p <= previous
            assert bigger.p_at_least(tn) >= p
            previous = p


def test_too_large_pools_are_refused_with_the_limit():
    with pytest.raises(RulesError, match=str(MAX_POOL)):
        best_stack_distribution(MAX_POOL + 1)
    with pytest.raises(RulesError):
        best_stack_distribution(-1)
