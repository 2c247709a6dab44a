"""X-in-Y rules: the die ladder, degrees, the attack builder, spreading hits, ties."""

import pytest

from rules_engine.xy_checks.rules import (
    LADDER,
    Attack,
    Check,
    Target,
    apply_tn,
    deals_full,
    degree,
    hits_per_target,
    is_crit,
    priority,
    step_easier,
    step_harder,
)


def every_check():
    return [Check(x, y) for y in LADDER for x in range(1, y)]


def test_the_sources_own_ladder_examples():
    assert step_harder(Check(1, 4)) == Check(1, 6)
    assert step_easier(Check(5, 6)) == Check(7, 8)


@pytest.mark.parametrize(
    "check,easier,harder",
    [
        (Check(2, 6), Check(3, 6), Check(1, 6)),
        (Check(3, 4), Check(5, 6), Check(2, 4)),
        (Check(1, 6), Check(2, 6), Check(1, 8)),
        (Check(11, 12), Check(19, 20), Check(10, 12)),
        (Check(1, 12), Check(2, 12), Check(1, 20)),
        (Check(19, 20), Check(19, 20), Check(18, 20)),  # clamped past d20
        (Check(1, 20), Check(2, 20), Check(1, 20)),
    ],
)
def test_one_step(check, easier, harder):
    assert step_easier(check) == easier
    assert step_harder(check) == harder


def test_every_step_stays_on_the_ladder_and_moves_the_right_way():
    for check in every_check():
        for moved, sign in ((step_easier(check), 1), (step_harder(check), -1)):
            assert moved.y in LADDER and 1 <= moved.x <= moved.y - 1  # neither sure nor hopeless
            chance, new = check.x / check.y, moved.x / moved.y
            assert (new - chance) * sign > 0 or moved == check
            if moved == check:
                assert check in (Check(19, 20), Check(1, 20))


def test_several_steps_and_the_clamp():
    assert apply_tn(Check(5, 6), -3) == (Check(2, 6), 0)
    assert apply_tn(Check(5, 6), 1) == (Check(7, 8), 0) and apply_tn(Check(7, 8), 1) == (Check(9, 10), 0)
    assert apply_tn(Check(5, 6), 2) == (Check(9, 10), 0)
    assert apply_tn(Check(18, 20), 5) == (Check(19, 20), 4)
    assert apply_tn(Check(2, 20), -3) == (Check(1, 20), 2)
    assert apply_tn(Check(3, 6), 0) == (Check(3, 6), 0)


def test_degrees_as_the_source_counts_them():
    # no bonus or penalty dice: 1 either way
    assert degree(1, 1, 0) == 1 and degree(0, 1, 0) == -1
    # bonus dice: any hit succeeds, degree = hits; a failure is of degree 1
    assert degree(2, 3, 2) == 2 and degree(3, 3, 2) == 3 and degree(0, 3, 2) == -1
    # penalty dice: any miss fails, degree = misses; a success is of degree 1
    assert degree(3, 3, -2) == 1 and degree(1, 3, -2) == -2 and degree(0, 3, -2) == -3
    assert is_crit(0, 3) and is_crit(3, 3) and not is_crit(1, 3)


@pytest.mark.parametrize(
    "defence,form,check",
    [
        ("none", "even", Check(5, 6)),
        ("barely", "even", Check(4, 6)),
        ("partially", "even", Check(3, 6)),
        ("fully", "even", Check(2, 6)),
        ("fully", "defender", Check(1, 6)),
        ("none", "attacker", Check(7, 8)),
        ("barely", "attacker", Check(5, 6)),
    ],
)
def test_the_attack_builder(defence, form, check):
    attack = Attack(defence, form, attack_bonus=2, advantages=1, disadvantages=1)
    assert attack.check() == check
    assert (attack.bonus, attack.penalty) == (3, 1)


def test_hits_spread_as_evenly_as_possible_over_at_most_n_targets():
    assert hits_per_target(5, 3, 3) == (2, 2, 1)
    assert hits_per_target(1, 3, 3) == (1, 0, 0)
    assert hits_per_target(0, 3, 3) == (0, 0, 0)
    assert hits_per_target(7, 2, 5) == (4, 3, 0, 0, 0)  # two attackers hit at most two targets
    for h in range(20):
        for n in range(1, 6):
            for t in range(1, 6):
                shares = hits_per_target(h, n, t)
                assert sum(shares) == h and max(shares) - min(shares[: min(n, t)]) <= 1
                assert sum(1 for s in shares if s) <= min(n, t)


def test_priority_lightest_first_then_as_written():
    targets = [Target("fully"), Target("barely", "superior"), Target("none"), Target("barely", "inferior")]
    assert priority(targets) == (2, 3, 1, 0)
    assert priority(targets, as_written=True) == (0, 1, 2, 3)
    assert Target().label == "target" and Target("fully", "superior").label == "fully superior"


def test_contested_ties():
    assert deals_full(3, 2, "min", 0) and not deals_full(2, 3, "full", 0)
    assert not deals_full(2, 2, "min", 0) and not deals_full(2, 2, "min", 1)
    assert deals_full(2, 2, "full", 0) and deals_full(2, 2, "full", 1)
    assert deals_full(2, 2, "first", 0) and not deals_full(2, 2, "first", 1)
    assert deals_full(2, 2, "second", 1) and not deals_full(2, 2, "second", 0)
