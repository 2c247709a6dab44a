"""Action! damage: shock and wounds, falling down and dying, knockback, massive damage,
falling, and each optional rule, from hand-checked cases and the source's own numbers."""

from fractions import Fraction

import pytest

from rules_engine.action.combat.damage import (
    DamageReport,
    Hit,
    cinematic_difficulties,
    fall_damage,
    fall_damage_odds,
    is_massive,
    knockback_metres,
    pass_chance,
    percentile_penalty,
    seriousness,
    shock_roll_difficulty,
    stabilise_difficulty,
    wounds_for,
)
from rules_engine.action.combat.mooks import p_hit_with_damage
from rules_engine.action.roll.notation import make_query
from rules_engine.action.roll.odds import odds


def report(damage, **known):
    options = frozenset(known.pop("options", ()))
    return DamageReport(Hit(damage, options=options, **known))


@pytest.mark.parametrize(
    "pv,threshold,wounds",
    [
        (0, 5, 0),
        (4, 5, 0),
        (5, 5, 1),
        (9, 5, 1),
        (10, 5, 2),
        (15, 5, 3),
        (23, 10, 2),
        (30, 10, 3),
        (29, 10, 2),
    ],
)
def test_a_wound_at_each_multiple_of_the_threshold(pv, threshold, wounds):
    assert wounds_for(pv, threshold) == wounds
    assert report(pv, threshold=threshold).shock == pv


def test_sand_in_your_teeth_wounds_every_hit():
    assert [wounds_for(pv, 5, sand=True) for pv in (0, 4, 5, 10)] == [1, 1, 2, 3]


def test_shock_reaching_health_puts_down_and_wounds_reaching_toughness_kill():
    assert report(20, health=20).falls_down is True
    assert report(19, health=20).falls_down is False
    assert report(10, health=20, shock_before=10).falls_down is True
    assert report(10, toughness=3, wounds_before=1).dying is True  # 1 + 2 = 3
    assert report(9, toughness=3, wounds_before=1).dying is False  # 1 + 1
    assert report(99).falls_down is None and report(99).dying is None  # not given


def test_knockback_is_a_metre_per_five_past_the_mass():
    assert knockback_metres(23, 4) == 3
    assert knockback_metres(9, 4) == 1
    assert knockback_metres(8, 4) == 0
    assert knockback_metres(4, 4) == 0
    assert report(8, mass=4).knocked_down is True  # past the Mass, under a metre (ruling)
    assert report(4, mass=4).knocked_down is False
    assert report(23, mass=4, wall=1).wall_damage == 2  # 3 m flung, the wall at 1 m


def test_massive_damage_is_four_thresholds():
    assert is_massive(20, 5) and not is_massive(19, 5)
    assert is_massive(40, 10) and not is_massive(39, 10)
    assert report(20, options={"cinematic"}).cinematic_wound is True
    assert report(19, options={"cinematic"}).cinematic_wound is False


def test_the_brief_example_reads_as_it_should():
    r = report(23, threshold=10, health=30, toughness=3, mass=4, options={"wound-penalty"})
    assert (r.shock, r.wounds, r.falls_down, r.dying, r.knockback, r.impairment) == (23, 2, False, False, 3, -2)
    assert r.mooks()["glass-jaw"]["state"] == "out" and r.mooks()["speed-bump"]["down"] == 2


@pytest.mark.parametrize(
    "wounds,toughness,penalty",
    [
        (0, 10, 0),
        (1, 10, -1),
        (2, 10, -1),
        (3, 10, -2),
        (5, 10, -3),
        (7, 10, -3),
        (8, 10, -4),
        (9, 10, -5),
        (1, 4, -2),
        (2, 4, -3),
        (3, 4, -4),
        (1, 3, -2),
    ],
)
def test_percentile_wound_penalty(wounds, toughness, penalty):
    assert percentile_penalty(wounds, toughness)[1] == penalty


def test_wound_seriousness():
    assert [seriousness(n) for n in range(1, 5)] == [("Light", -1), ("Moderate", -2), ("Serious", -4), ("Deadly", -8)]
    assert seriousness(5) == ("dead", None)
    assert report(25, options={"seriousness"}).dead is True  # 5 wounds at once
    assert report(20, options={"seriousness"}).impairment == -8


def test_the_rolls_the_options_call_for():
    assert shock_roll_difficulty(1) == 10 and shock_roll_difficulty(3) == 20
    # The source's own example: 3 wounds roll Luck at 5, 10 and 15.
    assert cinematic_difficulties(3) == (5, 10, 15)
    r = report(15, luck=5, options={"cinematic-variable"})
    assert r.chances()["cinematic"]["difficulty"] == [5, 10, 15]
    assert r.chances()["cinematic"]["pass_all"] == Fraction(184, 33275)
    assert r.cinematic_wound is None  # it depends on the rolls
    assert report(4, options={"cinematic-variable"}).cinematic_wound is False  # no wound, no roll
    assert stabilise_difficulty(10, 3) == 30  # 25 − Health + 5 × Wounds
    assert report(12, focus=4, options={"dark-times"}).chances()["dark_times"]["difficulty"] == [12]
    assert report(10, options={"stun"}).shots_lost == 2


@pytest.mark.parametrize("value,difficulty", [(5, 5), (5, 10), (5, 15), (0, 15), (12, 3), (-2, 0), (3, -4)])
def test_a_roll_passes_as_the_part_one_engine_says(value, difficulty):
    # Success or better of "value vs difficulty": the part-1 degree odds, another route.
    assert pass_chance(value, difficulty) == odds(make_query(value, difficulty)).p_success


def test_a_plain_roll_at_its_own_value_passes_six_times_in_eleven():
    assert pass_chance(7, 7) == Fraction(6, 11)


def test_falling():
    assert fall_damage(6) == 6 and fall_damage(6, 10) == 4 and fall_damage(3, 20) == 0 and fall_damage(6, -1) == 6
    odds_ = fall_damage_odds(6, 3, 2)
    assert sum(odds_.values()) == 1 and all(p >= 0 for p in odds_.values())
    # P(damage ≤ 6 − k) is the chance of a hit with PV ≥ 5k on "stunt vs 0, ev agility".
    query = make_query(3, 0, attack_ev=2)
    for k in range(1, 7):
        assert sum(p for d, p in odds_.items() if d <= 6 - k) == p_hit_with_damage(query, 5 * k)


def test_lines_and_json_agree():
    r = report(
        15,
        threshold=5,
        health=10,
        toughness=3,
        mass=4,
        focus=5,
        luck=5,
        options={"cinematic-variable", "dark-times", "stun", "shaken"},
    )
    data = r.to_json()
    assert data["lines"] == r.lines()
    assert data["rolls"]["cinematic"]["pass_all"] == "184/33275"
    assert data["happens"][0].startswith("dying")
    assert data["shaken"] is True and data["shots_lost"] == 3 and data["stabilise_difficulty"] == 30
