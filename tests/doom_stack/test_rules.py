from fractions import Fraction

import pytest

from rules_engine.core.errors import RulesError
from rules_engine.doom_stack.house_rules import PRINTED, rung_for
from rules_engine.doom_stack.rules import (
    Damage,
    HitTrack,
    Outcome,
    apply_armour,
    assemble_pool,
    attention_pool,
    best_stack,
    bleed_out_death_chance,
    extra_dice_for_second_action,
    hit_boxes,
    initiative_order,
    movement_per_action,
    performance_name,
    resolve_attack,
    take_damage,
)


@pytest.mark.parametrize(
    "dice,value,face",
    [
        ([6, 1, 3, 6], 13, 6),
        ([1, 1, 2], 4, 2),
        ([1, 1, 1], 3, None),
        ([], 0, None),
        ([2, 2, 2, 5], 6, 2),
        ([3, 3, 6], 6, 6),  # a tie: the single 6 leaves the two 3s in the attention pool
        ([4, 4, 4, 1, 6, 6], 13, 6),  # 4+4+4 ties 6+6: the two 6s use fewer dice
        ([4, 4, 4, 1, 6], 13, 4),
    ],
)
def test_best_stack_by_hand(dice, value, face):
    stack = best_stack(dice)
    assert (stack.value, stack.face) == (value, face)


def test_anydice_reading_drops_ones_that_tie_the_best_group():
    assert best_stack([1, 1, 2], ones_wild=False).value == 2
    assert best_stack([1, 2, 2], ones_wild=False).value == 5
    assert best_stack([1, 1, 1, 3], ones_wild=False).value == 3


def test_attention_pool_is_the_leftovers_in_roll_order():
    dice = [5, 1, 3, 5, 2]
    assert attention_pool(dice, best_stack(dice)) == [3, 2]


def test_pool_assembly_caps_modifiers_at_half():
    assert assemble_pool(3, 2, 4).size == 7 and assemble_pool(3, 2, 4).capped
    assert assemble_pool(3, 2, -5).size == 3
    assert assemble_pool(3, 2, 1).size == 6 and not assemble_pool(3, 2, 1).capped
    assert assemble_pool(0, 1, 3).size == 1  # half of 1 rounds down to 0
    with pytest.raises(RulesError) as info:
        assemble_pool(-1, 2)
    assert info.value.field == "attribute"
    with pytest.raises(RulesError, match="more than the 300"):
        assemble_pool(200, 150)


def test_outcome_success_glitch_and_performance():
    assert Outcome(8, 8).glitch and Outcome(8, 8).success and Outcome(8, 8).performance == 0
    assert Outcome(13, 8).performance == 5 and not Outcome(13, 8).glitch
    assert not Outcome(6, 8).success and Outcome(6, 8).performance is None
    assert Outcome(6, 8).describe() == "failure, 2 short"


@pytest.mark.parametrize(
    "performance,name",
    [(0, "Barely made it (glitch!)"), (1, "Fair"), (2, "Solid"), (3, "Flashy"), (4, "Impressive"), (11, "Impressive")],
)
def test_performance_names(performance, name):
    assert performance_name(performance) == name


def test_ladder_lookup():
    assert rung_for(PRINTED, 8).name == "Challenging"
    assert rung_for(PRINTED, 5) is None


def test_multitasking():
    # which attention dice the other action may use: tests/doom_stack/test_play.py, test_other_action_pools
    assert extra_dice_for_second_action(4, 7) == 3
    assert extra_dice_for_second_action(7, 4) == 0


def test_initiative_runs_high_to_low_ties_keep_order():
    order = initiative_order([("Ash", 8), ("Bo", 12), ("Cy", 8), ("Di", 3)])
    assert [name for name, _ in order] == ["Bo", "Ash", "Cy", "Di"]


def test_attack_and_defence():
    assert resolve_attack(9, 5).damage == 4
    tie = resolve_attack(5, 5)
    assert tie.glitch and tie.damage == 0 and not tie.clean_miss
    assert resolve_attack(3, 5).clean_miss and resolve_attack(3, 5).damage == 0
    assert resolve_attack(7).damage == 7  # no dice left: defends with 0
    assert resolve_attack(9, 5, cover=True).defence_left == 4
    assert resolve_attack(9, 5).defence_left == 0


def test_armour():
    assert apply_armour(5, body_armour=2) == Damage(3, 2)
    assert apply_armour(1, body_armour=3) == Damage(0, 1)
    assert apply_armour(9, hard_armour=3) == Damage(0, 0)
    assert apply_armour(9, hard_armour=3, antitank=True) == Damage(6, 0)
    assert apply_armour(9, hard_armour=3, antitank=True, body_armour=2) == Damage(4, 2)


def test_hit_boxes_fill_then_overflow():
    assert hit_boxes(2, 3) == 9
    track = take_damage(HitTrack(6), Damage(4, 0))
    assert track.marks == ("X",) * 4 and not track.knocked_out
    track = take_damage(track, Damage(1, 3))
    assert track.marks == ("X",) * 5 + ("/",) and track.overflow == 2
    assert track.knocked_out and track.dying and not track.dead
    assert take_damage(track, Damage(4, 0)).dead


def test_bleeding_out_by_hand():
    assert bleed_out_death_chance(3, 6) == Fraction(125, 216)
    assert bleed_out_death_chance(5, 6) == Fraction(5, 6)
    assert bleed_out_death_chance(6, 6) == 1
    assert bleed_out_death_chance(0, 6) == 0


def test_movement():
    assert movement_per_action(3) == 13
