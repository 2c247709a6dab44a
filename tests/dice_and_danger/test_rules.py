from fractions import Fraction

import pytest

from rules_engine.core.errors import RulesError
from rules_engine.dice_and_danger.rules import (
    ARMOURS,
    ATTRIBUTE_NAMES,
    CONDITIONS,
    FAMILY_NAMES,
    LUCK_BY_BAND,
    OFF_HAND_LIGHT_WEAPON,
    STARTING_ARMOR,
    STARTING_FAITH,
    TITLE_KINDS,
    WARDS,
    Luck,
    Terms,
    armour_by_name,
    armour_weakness,
    attribute_distribution,
    attribute_sum_distribution,
    band_range,
    boosted_titles,
    clamp_dc,
    damage_pool,
    drops_highest,
    gains_hit_defense,
    health_save_outcome,
    health_save_terms,
    hit_defense,
    inventory_slots,
    is_hit,
    luck_for,
    shield_terms,
    tier,
    tier_name,
    total_hits,
    triangular_band,
    weapon_slots,
    weapon_terms,
    weight_penalty,
)

from .worked import luck_odds

# The source's printed rows.
PRINTED_WEIGHT = {(0, 1): 0, (2, 3): 1, (4, 6): 2, (7, 10): 3, (11, 15): 4}
PRINTED_TIERS = {
    (0, 1): (1, "Novice"),
    (2, 3): (2, "Apprentice"),
    (4, 6): (3, "Journeyman"),
    (7, 10): (4, "Master"),
    (11, 15): (5, "Grand Master"),
    (16, 21): (6, "World Champion"),
}
PRINTED_LUCK = {
    (0, 1): "4-1h",
    (2, 3): "6",
    (4, 6): "5",
    (7, 10): "4",
    (11, 15): "3",
    (16, 21): "2",
    (22, 28): "3+1h",
    (29, 36): "2+1h",
}


def test_terms_add_and_swap_sides():
    assert Terms(1, 2, 0, 1) + Terms(2, 0, 3, -1) == Terms(3, 2, 3, 0)
    assert Terms(dice=-1, bonus=2, penalty=1, hits=1).from_other_side() == Terms(-1, 1, 2, 1)
    assert Terms(bonus=4, penalty=5).extra == -1


@pytest.mark.parametrize("dc,expected", [(3, (3, 0)), (1, (2, 1)), (0, (2, 2)), (8, (6, -2)), (6, (6, 0))])
def test_clamp_dc(dc, expected):
    assert clamp_dc(dc) == expected


def test_which_dice_the_extra_dice_drop():
    assert drops_highest(-1, save=False)  # penalty on a damage roll: drop the highest
    assert not drops_highest(1, save=False)  # bonus on a damage roll: drop the lowest
    assert drops_highest(1, save=True)  # bonus on a save: drop the highest
    assert not drops_highest(-1, save=True)  # penalty on a save: drop the lowest


def test_hits_and_added_hits():
    assert is_hit(3, 3) and not is_hit(2, 3)
    assert total_hits(2, 1) == 3 and total_hits(1, -3) == 0


def test_damage_pool_and_the_hd_readings():
    assert damage_pool() == Terms(dice=1)
    assert damage_pool(expert=True, prepared=True, friend_helps=True) == Terms(dice=4)
    assert damage_pool(hit_defense_spent=True) == Terms(dice=1, penalty=1)  # the target pays
    assert damage_pool(hit_defense_spent=True, reading="literal") == Terms(dice=1, penalty=1)
    assert damage_pool(hit_defense_spent=True, reading="bonus") == Terms(dice=1, bonus=1)
    with pytest.raises(RulesError):
        damage_pool(reading="sideways")
    # conditions: +1p each, tests/dice_and_danger/test_play.py (test_each_relevant_condition_adds_a_penalty_die)


def test_attributes_are_the_lowest_of_three():
    assert ATTRIBUTE_NAMES == ("Strength", "Reflex", "Health", "Intelligence", "Will")
    dist = attribute_distribution()
    # P(lowest ≥ k) = ((7 − k)/6)³
    for k in range(1, 7):
        assert dist.p_at_least(k) == Fraction(7 - k, 6) ** 3
    assert dist.p(1) == Fraction(91, 216) and dist.cut_mass == 0
    assert STARTING_ARMOR == STARTING_FAITH == 2


def test_triangular_bands_match_every_printed_row():
    for (low, high), penalty in PRINTED_WEIGHT.items():
        assert band_range(penalty) == (low, high)
        assert all(weight_penalty(n) == penalty for n in range(low, high + 1))
    for (low, high), (number, name) in PRINTED_TIERS.items():
        assert all(tier(level) == number for level in range(low, high + 1))
        assert tier_name(number) == name
    for (low, high), text in PRINTED_LUCK.items():
        assert all(luck_for(total).text == text for total in range(low, high + 1))
    assert weight_penalty(16) == 5 and weight_penalty(21) == 5 and weight_penalty(22) == 6  # "and so on"
    assert tier(22) == 7 and tier_name(7) is None
    with pytest.raises(RulesError):
        triangular_band(-1)


def test_luck_values_and_limits():
    assert [luck.text for luck in LUCK_BY_BAND] == list(PRINTED_LUCK.values())
    assert luck_for(0) == Luck(4, -1) and luck_for(36) == Luck(2, 1)
    with pytest.raises(RulesError, match="up to 36"):
        luck_for(37)


def test_luck_odds_for_a_new_character():
    sums = attribute_sum_distribution()
    assert sums.outcomes == tuple(range(5, 31)) and sums.denominator == 216**5
    odds = luck_odds()
    assert sum(odds.values()) == 1
    assert Luck(6) not in odds and Luck(4, -1) not in odds  # sums below 5 cannot happen
    assert odds[Luck(5)] == sums.p(5) + sums.p(6)
    assert odds[Luck(2, 1)] == sum(sums.p(t) for t in range(29, 31))
    assert max(odds, key=odds.get) == Luck(4)


def test_hit_defense_by_level_as_the_rulings_say():
    gains = [level for level in range(0, 6**4 + 1) if gains_hit_defense(level)]
    assert gains[:11] == [1, 2, 3, 4, 5, 6, 7, 13, 19, 25, 31]
    assert gains[11:16] == [37, 73, 109, 145, 181]
    assert gains[16:21] == [217, 433, 649, 865, 1081]
    assert len(gains) == 21
    assert hit_defense(0) == 0 and hit_defense(1) == 1 and hit_defense(6) == 6 and hit_defense(36) == 11
    for level in range(0, 6**4 + 1):
        assert hit_defense(level) == sum(1 for g in gains if g <= level)
    assert hit_defense(6**5) == 26 and hit_defense(6**5 + 1) == 27
    with pytest.raises(RulesError):
        hit_defense(-1)


def test_boosted_titles_come_with_each_new_tier():
    assert [boosted_titles(level) for level in (0, 1, 2, 4, 7, 11, 16)] == [0, 0, 1, 2, 3, 4, 5]


def test_health_save_outcomes():
    assert [health_save_outcome(h) for h in range(6)] == [
        "Free parking",
        "Stunned for 1 round",
        "Knocked out for the rest of the combat",
        "Dying",
        "Dead",
        "Flagrantly dead",
    ]
    assert health_save_outcome(9) == "Flagrantly dead"  # ruling: 6+ is flagrantly dead too
    assert health_save_terms(2, 1) == Terms(dice=2, penalty=1)
    with pytest.raises(RulesError) as info:
        health_save_terms(0, 2)
    assert info.value.field == "new conditions"
    assert [c.name for c in CONDITIONS] == ["mar", "mood", "break"]


def test_inventory():
    assert inventory_slots(3) == 9


def test_armour_and_wards():
    assert [(a.name, a.dc, a.weak_against, a.slots) for a in ARMOURS] == [
        ("none", 2, "swords", 0),
        ("leather", 3, "spears", 1),
        ("splint", 4, "axes", 2),
        ("chain", 5, "clubs", 3),
        ("plate", 6, None, 4),
    ]
    assert [(w.dc, w.slots, w.weak_against) for w in WARDS] == [(dc, dc - 2, None) for dc in range(2, 7)]
    chain = armour_by_name(" Chain")
    assert armour_weakness(chain, "clubs") == Terms(penalty=1)
    assert armour_weakness(chain, "swords") == Terms()
    # the wearer's +1p, written after & on the attacker's roll, is the attacker's +1b
    assert armour_weakness(chain, "clubs").from_other_side() == Terms(bonus=1)
    with pytest.raises(RulesError):
        armour_weakness(chain, "whips")
    with pytest.raises(RulesError):
        armour_by_name("mithril")


def test_weapons_and_shields():
    assert FAMILY_NAMES == ("swords", "axes", "clubs", "spears")
    assert weapon_terms() == Terms(dice=1)
    assert weapon_terms(heavy=True) == Terms(dice=2) and weapon_slots(heavy=True) == 2
    assert weapon_terms(ranged=True) == Terms(dice=1, penalty=1)
    assert weapon_terms(ranged=True, simple=True) == Terms(dice=1, penalty=2)
    assert weapon_terms(appropriate=False, simple=True) == Terms(penalty=1)
    with pytest.raises(RulesError):
        weapon_terms(heavy=True, ranged=True)
    assert shield_terms() == Terms(penalty=1) and shield_terms(tower=True) == Terms(dice=-1)
    assert OFF_HAND_LIGHT_WEAPON == Terms(bonus=2)


def test_title_kinds_are_data():
    assert {"exploit", "background or skill", "trick or knack", "boast"} <= {t.kind for t in TITLE_KINDS}
