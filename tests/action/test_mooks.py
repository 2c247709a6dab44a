"""Action! unnamed characters: the glass-jaw and advanced tables as printed, speed-bump
mooks, and the exact chance an attack leaves a mook in each state, checked against a
direct sum over the dice (open-ended, summed far enough that what is left is below 1e-15)."""

from fractions import Fraction

import pytest

from rules_engine.action.combat.mooks import (
    ADVANCED,
    GLASS_JAW,
    extra_positive_dice,
    kind_odds,
    p_hit,
    p_hit_with_damage,
    speed_bump_down,
    speed_bump_odds,
    speed_bump_pv,
)
from rules_engine.action.roll.notation import make_query, parse


@pytest.mark.parametrize(
    "damage,state",
    [(0, "nothing"), (4, "nothing"), (5, "shaken"), (9, "shaken"), (10, "out"), (99, "out"), (-3, "nothing")],
)
def test_glass_jaw_table(damage, state):
    assert GLASS_JAW.state(damage).state == state


@pytest.mark.parametrize(
    "damage,state",
    [
        (0, "shaken"),
        (4, "shaken"),
        (5, "free-die"),
        (9, "free-die"),
        (10, "unconscious"),
        (15, "unconscious"),
        (16, "out"),
        (20, "out"),
        (21, "out"),
    ],
)
def test_advanced_table(damage, state):
    assert ADVANCED.state(damage).state == state


def test_speed_bump_mooks_fall_one_per_threshold():
    assert [speed_bump_down(pv, 5) for pv in (-3, 0, 4, 5, 14, 15)] == [0, 0, 0, 1, 2, 3]
    query = parse("12 vs 4 ev 5 vs 3")
    assert speed_bump_pv(query) == 10 and extra_positive_dice(query) == 0
    table, more = speed_bump_odds(query, 4)
    assert table == {0: 0, 1: 0, 2: 1, 3: 0, 4: 0} and more == 0


def test_speed_bump_with_an_extra_positive_die_by_hand():
    # PV 10 + one open d10: 1–4 → 2 down, 5–9 → 3, 11–14 → 4, 15–19 → 5 (a 10 rolls again).
    query = parse("12 vs 4 ev 5 vs 3 inspired")
    assert extra_positive_dice(query) == 1
    table, more = speed_bump_odds(query, 5)
    assert table[2] == Fraction(4, 10) and table[3] == Fraction(5, 10)
    assert table[4] == Fraction(4, 100) and table[5] == Fraction(5, 100)
    assert table[0] == table[1] == 0 and more == Fraction(1, 100)


def _open_die() -> dict[int, Fraction]:
    """One open d10, every value up to 10 rerolls deep (what is left: 1e-11)."""
    return {10 * m + r: Fraction(1, 10 ** (m + 1)) for m in range(11) for r in range(1, 10)}


def _direct_at_least(t: int) -> Fraction:
    """P(positive − negative ≥ t) summed directly over both dice."""
    die = _open_die()
    return sum((pn * pp for n, pn in die.items() for p, pp in die.items() if p - n >= t), Fraction(0))


@pytest.mark.parametrize("skill", [5, 10, 15])
def test_glass_jaw_odds_against_a_direct_sum(skill):
    query = make_query(skill, 10)  # PV = Outcome = skill − 10 + dice part
    odds = kind_odds(query, GLASS_JAW)
    assert sum(odds.values()) == 1
    assert abs(odds["out"] - _direct_at_least(20 - skill)) < Fraction(1, 10**9)
    assert abs(p_hit(query) - _direct_at_least(10 - skill)) < Fraction(1, 10**9)


def test_a_plain_even_attack_hits_six_times_in_eleven():
    query = make_query(10, 10)
    assert p_hit(query) == Fraction(6, 11)
    assert kind_odds(query, GLASS_JAW)["miss"] == Fraction(5, 11)


def test_a_static_attack_is_certain():
    assert kind_odds(parse("12 vs 2 static"), GLASS_JAW) == {"miss": 0, "nothing": 0, "shaken": 0, "out": 1}
    assert kind_odds(parse("6 vs 2 static"), ADVANCED)["shaken"] == 1


def test_attack_bonuses_count_in_the_damage():
    plain, strong = make_query(10, 10), make_query(10, 10, attack_ev=5)
    assert p_hit(plain) == p_hit(strong)  # the EV bonus does not change whether it hits
    assert p_hit_with_damage(strong, 10) == p_hit_with_damage(plain, 5)
    assert p_hit_with_damage(make_query(10, 10, types=frozenset({"boosted"})), 10) == p_hit_with_damage(plain, 5)


@pytest.mark.parametrize(
    "text",
    [
        "8 vs 5 inspired ev 6 vs 2",
        "5 vs active 3 wild",
        "7 vs 9 stymied routine",
        "-3 vs -8 hazardous",
        "5 vs 5 +2d -1d promising T 10",
    ],
)
def test_every_kind_sums_to_one(text):
    query = parse(text)
    for kind in (GLASS_JAW, ADVANCED):
        odds = kind_odds(query, kind)
        assert sum(odds.values()) == 1 and all(p >= 0 for p in odds.values())
    table, more = speed_bump_odds(query, 12)
    assert sum(table.values()) + more == 1
