"""Doom Stack's rule table: its play tool's rows, laid out as tests/support/play_rules.py says."""

from __future__ import annotations

from play_rules import Rule

SOURCE = "000_57f76fead60a2468.txt"
PAGES = ("doom-stack/play.md", "doom-stack.md")

RULES: tuple[Rule, ...] = (
    Rule(
        ("play_new",),
        "a new character is the average person: Strength, Agility, Willpower 2, no damage",
        "average pedestrians being 2 in all attributes",
        "test_play::test_a_new_character_is_the_average_person",
    ),
    Rule(
        ("play_sheet",),
        "hit boxes are 4 + Strength + Willpower, whatever the ratings are edited to",
        "Your hit boxes are 4 + Strength + Willpower.",
        "test_play::test_hit_boxes_are_four_plus_strength_plus_willpower",
    ),
    Rule(
        ("play_sheet",),
        "a character is stable only while dying; a sheet that says otherwise is refused",
        "On a 1, you stabilize",
        "test_play::test_a_stable_flag_needs_a_dying_character",
    ),
    Rule(
        ("play_odds",),
        "the odds of the roll the form would make: attribute + skill + modifiers (capped) against the TN",
        "You assemble your dice pool by adding the relevant Attribute + Skill.",
        "test_play::test_the_odds_before_a_roll_are_the_chapter_rollers_odds",
    ),
    Rule(
        ("play_taps",),
        "a tap's roll is attribute + skill: an attribute with the form's skill, a skill with the "
        "form's attribute; its odds shown before it is made (Ruling: tapping a rating)",
        "You assemble your dice pool by adding the relevant Attribute + Skill.",
        "test_play_taps::test_every_tap_shows_the_odds_of_its_own_roll",
    ),
    Rule(
        ("play_taps",),
        "with no TN the source gives no chance of success: the tap shows the best stack's average "
        "(Ruling: tapping a rating)",
        "compare it against the target number (TN) as assigned by the game master",
        "test_play_taps::test_an_attribute_tap_takes_the_forms_skill_and_no_tn_gives_the_average",
    ),
    Rule(
        ("play_roll",),
        "a roll's log keeps its exact chance of success at the TN (a glitch is a success too)",
        "When you glitch, you succeed",
        "test_play_taps::test_a_roll_keeps_its_exact_chance_for_the_log",
    ),
    Rule(
        ("play_mark",),
        "a tap marks one box of damage: X for physical, / for stun, in the next empty box",
        "When you take stun damage, put a '/' into the next empty box.",
        "test_play_taps::test_a_tap_marks_one_box_of_damage_in_the_next_empty_box",
    ),
    Rule(
        ("play_mark",),
        "with every box marked the tap's damage goes to overflow, as physical; the dead take no more",
        "If you have received more damage, it goes into the overflow box.",
        "test_play_taps::test_once_every_box_is_marked_a_tap_fills_the_overflow_with_physical",
    ),
    Rule(
        ("play_mark",),
        "a marked box is damage dealt: it starts a stable character bleeding again (Ruling: stable until a new hit)",
        "If you're left for dead with more than 0 in overflow, roll 1 die every hour.",
        "test_play_taps::test_a_marked_box_starts_a_stable_character_bleeding_and_settles_the_stack",
    ),
    Rule(
        ("play_spend",),
        "a tap spends one attention die: it leaves the pool (Ruling: spending an attention die)",
        "These dice can be spent on noticing clues or ambushes",
        "test_play_taps::test_a_tap_spends_one_attention_die",
    ),
    Rule(
        ("play_spend",),
        "a die spent is compared with the form's TN like any stack; a 1 is a wildcard, spent on a "
        "gear tag or a maneuver",
        "you can spend them to activate gear tags, or perform special maneuvers",
        "test_play_taps::test_a_tap_spends_one_attention_die",
    ),
    Rule(
        ("play_spend",),
        "the knocked out and the dead spend nothing; an empty pool has nothing to spend "
        "(Ruling: the knocked out and the dead)",
        "Leave the leftover dice you did not spend in front of you.",
        "test_play_taps::test_spending_settles_the_stack_and_is_refused_when_it_cannot_be",
    ),
    Rule(
        ("play_roll",),
        "the pool is attribute + skill + modifiers, the modifiers held to half of attribute + skill",
        "You assemble your dice pool by adding the relevant Attribute + Skill.",
        "test_play::test_a_roll_from_the_sheet_is_the_rollers_roll_and_leaves_its_attention_pool",
    ),
    Rule(
        ("play_roll",),
        "the best stack is taken; the dice left over become the attention pool",
        "Leave the leftover dice you did not spend in front of you.",
        "test_play::test_a_roll_from_the_sheet_is_the_rollers_roll_and_leaves_its_attention_pool",
    ),
    Rule(
        ("play_roll",),
        "the knocked out and the dead do not roll (Ruling: the knocked out and the dead)",
        "When all the boxes are filled, you are knocked out.",
        "test_play::test_the_knocked_out_and_the_dead_do_not_act",
    ),
    Rule(
        ("play_choose",),
        "any stack of the roll may be taken instead of the best; the attention pool keeps the rest",
        "Pick a single die or a dice stack from the dice pool you've rolled",
        "test_play::test_a_smaller_stack_than_the_best_leaves_more_attention",
    ),
    Rule(
        ("play_choose",),
        "the stack can be changed until anything else happens to the character (Ruling: changing the stack taken)",
        "Pick a single die or a dice stack",
        "test_play::test_the_stack_stands_once_anything_else_happens",
    ),
    Rule(
        ("play_multitask",),
        "a smaller other action may not use the highest X dice of the attention pool; they stay",
        "you can't spend the highest X dice, where X is the difference between the two pools",
        "test_play::test_a_smaller_other_action_may_not_use_the_highest_dice",
    ),
    Rule(
        ("play_multitask",),
        "a larger other action first rolls X dice into the attention pool, then takes its stack",
        "roll extra X dice, where X is the difference between the two pools, and add it to your attention pool, "
        "then choose a die",
        "test_play::test_a_larger_other_action_rolls_more_dice_into_the_attention_pool",
    ),
    Rule(
        ("play_multitask",),
        "the other action's stack comes from the attention pool and leaves it; nothing there is a "
        "stack of 0 (Ruling: multitasking on the sheet)",
        "you have to pick the other performance dice from the same attention pool",
        "test_play::test_multitasking_from_an_empty_attention_pool",
    ),
    Rule(
        ("play_multitask",),
        "other actions are measured against the pool rolled for the first: a roll comes first",
        "Assemble your dice pool for the first action you want to do, roll the dice, pick a dice stack from it to "
        "resolve the action, then follow multitasking rules for the rest.",
        "test_play::test_multitasking_needs_a_first_roll_and_room",
    ),
    Rule(
        ("play_multitask",),
        "the stack another action takes can be changed like a roll's",
        "then choose a die",
        "test_play::test_a_smaller_other_action_may_not_use_the_highest_dice",
    ),
    Rule(
        ("play_attack",),
        "damage is the attacker's stack less the defender's; below 0 a clean miss",
        "Attacker's Dice Stack – Defender's Dice Stack = damage dealt.",
        "test_play::test_an_attack_fills_the_track_like_the_attack_helper",
    ),
    Rule(
        ("play_attack",),
        "a defence is a stack of the attention pool, and its dice leave the pool "
        "(Ruling: a defence the pool makes two ways)",
        "you can spend a die or a dice stack from the attention pool to defend, reducing the attack's performance "
        "by its value",
        "test_play::test_a_defence_comes_out_of_the_attention_pool",
    ),
    Rule(
        ("play_attack",),
        "a defence the attention pool cannot make is refused; no dice is a defence of 0",
        "If the defender has no dice, it will hurt.",
        "test_play::test_a_defence_the_pool_cannot_make_is_refused",
    ),
    Rule(
        ("play_attack",),
        "in cover the defending stack stays in the pool as one die a pip smaller (Ruling: cover on the sheet)",
        "you only lose one pip per attack",
        "test_play::test_in_cover_the_defending_stack_loses_one_pip",
    ),
    Rule(
        ("play_attack",),
        "physical damage marks X, stun marks /, in the next empty boxes, the physical first",
        "When you take physical damage, put an 'X' into the next empty box.",
        "test_play::test_body_armour_marks_stun_after_the_physical",
    ),
    Rule(
        ("play_attack",),
        "body armour turns up to its rating of the damage into stun",
        "Body armor converts some of the dealt damage (up to its rating) to stun.",
        "test_play::test_body_armour_marks_stun_after_the_physical",
    ),
    Rule(
        ("play_attack",),
        "hard armour stops everything but an antitank attack, which it reduces by its rating",
        "negate all of the damage unless the attack has 'antitank' tag",
        "test_play::test_hard_armour_stops_all_but_antitank",
    ),
    Rule(
        ("play_attack",),
        "the last box filled is knocked out; one more goes to overflow, physical, and is dying",
        "All damage that goes into the overflow box becomes physical and means are you dying.",
        "test_play::test_the_last_box_knocks_out_one_more_is_dying",
    ),
    Rule(
        ("play_attack",),
        "a killing blow is recorded: overflow at or past the hit boxes is dead, however much",
        "If your overflow box contains a number that is equal to or greater than your hit boxes, you die outright.",
        "test_play::test_a_killing_blow_is_recorded_dead",
    ),
    Rule(
        ("play_attack",),
        "the dead take no more hits; the knocked out cannot defend (Ruling: the knocked out and the dead)",
        "you die outright",
        "test_play::test_the_knocked_out_and_the_dead_do_not_act",
    ),
    Rule(
        ("play_attack",),
        "a hit that deals damage starts a stable character bleeding again (Ruling: stable until a new hit)",
        "If you're left for dead with more than 0 in overflow, roll 1 die every hour.",
        "test_play::test_a_new_hit_starts_a_stable_character_bleeding",
    ),
    Rule(
        ("play_bleed",),
        "a 1 stabilises, and the sheet keeps it: no hourly roll until a new hit",
        "On a 1, you stabilize",
        "test_play::test_a_bleeding_roll_of_one_keeps_the_character_stable",
    ),
    Rule(
        ("play_bleed",),
        "any other face adds 1 to overflow; reaching the hit boxes is death",
        "otherwise, add 1 to the overflow box.",
        "test_play::test_bleeding_out_to_death",
    ),
    Rule(
        ("play_bleed",),
        "the log keeps an hour's chance: a 1 is one face in six, any other five in six",
        "roll 1 die every hour. On a 1, you stabilize",
        "test_play_taps::test_an_hour_of_bleeding_keeps_its_chance_for_the_log",
    ),
    Rule(
        ("play_bleed",),
        "only a dying character bleeds out",
        "If you're left for dead with more than 0 in overflow, roll 1 die every hour.",
        "test_play::test_only_the_dying_bleed_out",
    ),
    Rule(
        ("play_heal",),
        "a stun box heals an hour at a time, the last one marked",
        "Stun damage heals 1 box per hour.",
        "test_play::test_a_stun_box_heals",
    ),
    Rule(
        ("play_heal",),
        "stun heals while bleeding out: conscious and dying",
        "If some of the stun wears off, you could be conscious and be bleeding out.",
        "test_play::test_stun_heals_while_bleeding_out",
    ),
    Rule(
        ("play_heal",),
        "a physical box heals a day at a time, the overflow first (Ruling: healing physical damage)",
        "Physical damage heals 1 box per day with access to modern medicine, and 1 box per month without.",
        "test_play::test_a_physical_box_heals_overflow_first",
    ),
    Rule(
        ("play_heal",),
        "physical healing waits until a dying character is stable (Ruling: healing physical damage)",
        "roll 1 die every hour",
        "test_play::test_physical_healing_waits_until_stable",
    ),
    Rule(
        ("play_heal",),
        "every box at once stands for the days it takes (Ruling: clearing all damage)",
        "Physical damage heals 1 box per day",
        "test_play::test_healing_clears_stun_then_everything",
    ),
    Rule(
        ("play_heal",),
        "nothing to heal, or dead: refused, naming the field",
        "Stun damage heals 1 box per hour.",
        "test_play::test_healing_with_nothing_to_heal_is_refused",
    ),
    Rule(
        ("play_heal",),
        "healed back to no marks: recovered, the whole way from a new character",
        "Physical damage heals 1 box per day",
        "test_play_life::test_hit_bled_stabilised_and_healed",
    ),
)
