"""Adrenaline's rule table: its play tool's rows, laid out as tests/support/play_rules.py says."""

from __future__ import annotations

from play_rules import Rule

SOURCE = "002_331c29256c605a1d.txt"
PAGES = ("adrenaline/play.md", "adrenaline.md")

RULES: tuple[Rule, ...] = (
    Rule(
        ("play_new",),
        "a new sheet: no points banked, no modifiers, no extended roll",
        "Adrenaline is a stat you have",
        "test_play::test_a_new_character",
    ),
    Rule(
        ("play_sheet",),
        "the sheet keeps its pool modifiers as edited and says what they are",
        "The dice pool can be further modified by injury, special character stats, or other factors",
        "test_play::test_pool_modifiers_change_every_roll_from_the_sheet",
    ),
    Rule(
        ("play_sheet",),
        "the bank holds 0 to 10 points; a sheet past it is refused, naming the field",
        "can (potentially) go up to 10",
        "test_play::test_a_sheets_refusal_names_the_field",
    ),
    Rule(
        ("play_odds",),
        "the pool is attribute + ability (or the attribute alone) + modifiers",
        "Your dice pool is usually an Attribute plus an Ability",
        "test_play::test_pool_modifiers_change_every_roll_from_the_sheet",
    ),
    Rule(
        ("play_odds",),
        "a difficulty left blank is 6",
        "If the difficulty is not stated, assume that it is 6",
        "test_play::test_the_odds_before_a_roll_are_the_chapters_odds",
    ),
    Rule(
        ("play_roll",),
        "successes at or above the difficulty, each 1 takes one away: the net",
        "Each die that comes up at or above the difficulty counts as one success",
        "test_play_life::test_a_whole_life",
    ),
    Rule(
        ("play_roll",),
        "more 1s than successes is a botch; it neither earns nor spends",
        "If you have more “1”s than “successes” then you have botched",
        "test_play::test_a_botch_earns_nothing_and_spends_nothing_unasked",
    ),
    Rule(
        ("play_roll",),
        "a surviving pair of successes puts one point in the bank (Ruling: how much a roll can earn)",
        "you can add 1 Adrenaline point to your Adrenaline pool",
        "test_play::test_doubles_earn_a_point_and_a_full_bank_keeps_ten",
    ),
    Rule(
        ("play_roll",),
        "a point earned with 10 banked is not kept (Ruling: a full Adrenaline bank)",
        "can (potentially) go up to 10",
        "test_play::test_doubles_earn_a_point_and_a_full_bank_keeps_ten",
    ),
    Rule(
        ("play_roll",),
        "points spent leave the bank, each an automatic success; the last one leaves it at 0",
        "By spending an Adrenaline point, you can get 1 automatic success on a roll",
        "test_play::test_spending_the_last_point",
    ),
    Rule(
        ("play_roll",),
        "points are spent as the roll is asked for, never more than banked",
        "you must declare that you are spending the point before you roll",
        "test_play::test_a_roll_refuses_what_the_sheet_cannot_do",
    ),
    Rule(
        ("play_roll",),
        "the sheet's modifiers change the pool of every roll",
        "The dice pool can be further modified by injury",
        "test_play::test_pool_modifiers_change_every_roll_from_the_sheet",
    ),
    Rule(
        ("play_roll",),
        "past 10 dice the pool is held to 10 (Ruling: modifiers and the 10-dice cap)",
        "it is not possible to have more than 10 dice in your dice pool",
        "test_play::test_the_ten_dice_cap_exactly_and_one_past",
    ),
    Rule(
        ("play_roll",),
        "below 0 dice the pool is 0: no dice, a failure unless points are spent (Ruling: modifiers and the "
        "10-dice cap)",
        "The dice pool can be further modified",
        "test_play::test_a_pool_of_nothing_after_modifiers",
    ),
    Rule(
        ("play_extended_start",),
        "an extended roll keeps its pool, difficulty and target, nothing gathered",
        "Extended Rolls may take several turns to resolve",
        "test_play::test_an_extended_roll_start_to_end",
    ),
    Rule(
        ("play_extended_start",),
        "a pool of 0 dice cannot start one (Ruling: modifiers during an extended roll)",
        "Extended Rolls may take several turns to resolve",
        "test_play::test_a_pool_of_nothing_after_modifiers",
    ),
    Rule(
        ("play_extended_roll",),
        "each roll's net adds to the total; reaching the target, exactly or past it, ends it",
        "Extended Rolls may take several turns to resolve",
        "test_play::test_an_extended_roll_that_ends_exactly_at_its_target_and_one_past",
    ),
    Rule(
        ("play_extended_roll",),
        "a botch ends the attempt and loses what was gathered (Ruling: botches during an extended roll)",
        "A botch means that not only did the character fail the intended action",
        "test_play::test_an_extended_roll_lost_to_a_botch",
    ),
    Rule(
        ("play_extended_roll",),
        "a surviving pair on any of its rolls puts a point in the bank, up to 10",
        "If you roll two dice with the same face value, and both of those are successes",
        "test_play::test_doubles_on_an_extended_roll_join_the_bank",
    ),
    Rule(
        ("play_extended_roll",),
        "the roll that ends the task earns its point too",
        "you can add 1 Adrenaline point to your Adrenaline pool",
        "test_play::test_doubles_on_the_roll_that_ends_an_extended_roll_join_the_bank",
    ),
    Rule(
        ("play_extended_roll",),
        "each roll takes the sheet's modifiers as they stand (Ruling: modifiers during an extended roll)",
        "The dice pool can be further modified by injury",
        "test_play::test_pool_modifiers_change_every_roll_from_the_sheet",
    ),
    Rule(
        ("play_extended_roll",),
        "no roll while the modifiers leave no dice; the refusal names character.modifiers "
        "(Ruling: modifiers during an extended roll)",
        "The dice pool can be further modified",
        "test_play::test_a_pool_of_nothing_after_modifiers",
    ),
    Rule(
        ("play_extended_roll",),
        "the last roll kept (400) is read back; one more is refused, naming the rolls",
        "Extended Rolls may take several turns to resolve",
        "test_play::test_the_last_roll_an_extended_roll_keeps",
    ),
    Rule(
        ("play_extended_roll",),
        "an ended task takes no more rolls; the refusal names character.extended",
        "Extended Rolls may take several turns to resolve",
        "test_play::test_state_refusals_name_their_place",
    ),
    Rule(
        ("play_extended_roll",),
        "the whole task: reached, and another lost, as the rolls fall",
        "Extended Rolls may take several turns to resolve",
        "test_play_life::test_a_whole_life",
    ),
    Rule(
        ("play_extended_clear",),
        "the task is put away, finished or not",
        "Extended Rolls may take several turns to resolve",
        "test_play::test_an_extended_roll_start_to_end",
    ),
    Rule(
        ("play_opposed",),
        "both sides roll; more successes wins by the difference; equal is a stand-off",
        "Set a number and see who can get more successes",
        "test_play::test_an_opposed_roll_between_two_sheets",
    ),
    Rule(
        ("play_opposed",),
        "a botch counts as no successes in the contest (Ruling: opposed rolls)",
        "Opposing Rolls occur when two characters are rolling against each other",
        "test_play::test_an_opposed_botch_counts_as_no_successes",
    ),
    Rule(
        ("play_declare",),
        "a tap on a banked point declares it (and those above it) for the next roll; a tap on a "
        "declared one takes it back (Ruling: declaring points by tapping)",
        "you must declare that you are spending the point before you roll",
        "test_play_taps::test_tapping_a_banked_point_declares_it_and_those_above",
    ),
    Rule(
        ("play_declare",),
        "an empty box is refused: a point is earned only by a pair of successes",
        "If you roll two dice with the same face value, and both of those are successes",
        "test_play_taps::test_an_empty_box_is_never_a_point",
    ),
    Rule(
        ("play_sheet",),
        "no more points are declared than are banked",
        "By spending an Adrenaline point",
        "test_play_taps::test_a_sheet_never_declares_more_than_it_banks",
    ),
    Rule(
        ("play_roll",),
        "the next roll spends the points declared (unless the form names the points): each an "
        "automatic success (Ruling: declaring points by tapping)",
        "By spending an Adrenaline point, you can get 1 automatic success on a roll",
        "test_play_taps::test_the_next_roll_spends_the_declared_points",
    ),
    Rule(
        ("play_extended_roll",),
        "an extended roll's rolls spend no points, so a declaration waits (Ruling: what the sheet plays)",
        "By spending an Adrenaline point, you can get 1 automatic success on a roll",
        "test_play_taps::test_an_extended_roll_keeps_the_declaration",
    ),
    Rule(
        ("play_opposed",),
        "each side spends the points it declared",
        "you must declare that you are spending the point",
        "test_play_taps::test_an_opposed_roll_spends_each_sides_declaration",
    ),
    Rule(
        ("play_tap_odds",),
        "each trait's tap: the attribute alone, or an ability with the form's attribute, its "
        "exact chance of success at the form's difficulty (Ruling: what a tap rolls)",
        "although sometimes you will roll single stats",
        "test_play_taps::test_each_traits_chance_before_its_tap",
    ),
    Rule(
        ("play_roll",),
        "the roll's log parts: the dice, the net and the points, the exact chance of success",
        "you need to know the value of each die, not the total",
        "test_play_taps::test_a_rolls_log_parts",
    ),
    Rule(
        ("play_opposed",),
        "each sheet keeps its own points spent and earned, and its own modifiers",
        "By spending an Adrenaline point",
        "test_play::test_pool_modifiers_change_every_roll_from_the_sheet",
    ),
)
