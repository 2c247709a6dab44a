"""Action!'s rule table: its play tool's rows, laid out as tests/support/play_rules.py says."""

from __future__ import annotations

from play_rules import Rule

SOURCE = "001_cd835157f8b5c68b.txt"
PAGES = ("action/play.md", "action.md", "action-combat.md", "action-cards.md")

STATES = "test_play_states"
DEATH = "test_play_life::test_a_life_to_death"
BACK = "test_play_life::test_a_life_out_of_the_fight_and_back"
TAPS = "test_play_taps"
RULES: tuple[Rule, ...] = (
    # --- the scene and the sheet
    Rule(
        ("play_new",),
        "a new scene: one character, Wound Penalty and Shock in force",
        "Normal optional rules are Wound Penalty and Shock",
        "test_play::test_a_new_scene_has_one_character_and_the_normal_rules",
    ),
    Rule(
        ("play_add", "play_remove"),
        "combatants added and taken out; their cards follow (Ruling)",
        "All characters are ordered in Initiative order. Use initiative Cards.",
        "test_play::test_taking_a_combatant_out_renumbers_the_cards",
    ),
    Rule(
        ("play_sheet",),
        "the Shot Count",
        "[ Agility+Wits+Luck ] divided by 3, rounded down",
        "test_play::test_shot_count_is_agility_wits_luck_over_three_rounded_down",
    ),
    Rule(
        ("play_sheet",),
        "the wound penalty: 1 point of impairment a wound",
        "For each untreated Wound received, you get 1 point of impairment",
        "test_play::test_impairment_and_what_is_left_under_each_wound_rule",
    ),
    # --- Sequences, Initiative, Shots
    Rule(
        ("play_sequence",),
        "Initiative set from the Shot pool as each Sequence begins",
        "At the beginning of each Sequence, your Initiative is set to the number of Shots in your Shot pool",
        "test_play::test_a_sequence_sets_initiative_from_the_shot_pool_and_mooks_act_last",
    ),
    Rule(
        ("play_sequence",),
        "a Shot back after a Sequence without a roll, up to the Shot Count",
        "you may raise your Shot pool by 1, up to your Shot Count",
        "test_play::test_a_shot_back_only_after_a_sequence_without_a_roll",
    ),
    Rule(
        ("play_act",),
        "one Action a Sequence when the Initiative comes up",
        "Each time your Initiative comes up, you may take an Action",
        f"{STATES}::test_the_sequences_action_is_taken_once",
    ),
    Rule(
        ("play_act",),
        "a mook group acts once a Sequence, last (Ruling)",
        "Mooks also take an Action, last in the Sequence.",
        f"{STATES}::test_a_mook_group_acts_once_a_sequence",
    ),
    Rule(
        ("play_act",),
        "what Shots buy: an Active Defense, +5 Initiative, an Action out of Sequence",
        "Raise your Initiative for the current Sequence by 5.",
        "test_play::test_what_each_action_costs_in_shots",
    ),
    Rule(
        ("play_act",),
        "+5 Initiative from the Initiative as it stands (the pool, for one added since)",
        "Raise your Initiative for the current Sequence by 5.",
        f"{STATES}::test_plus_five_initiative_for_one_added_mid_sequence",
    ),
    Rule(
        ("play_act",),
        "no more Shots spent than the pool holds",
        "The Active Defense costs 1 Shot",
        "test_play::test_an_action_costing_more_shots_than_left_is_refused",
    ),
    Rule(
        ("play_act",),
        "rest: 1 shock point back, once a Sequence",
        "If you do nothing but rest during a Sequence, you regain 1 Shock point.",
        f"{STATES}::test_rest_gives_one_shock_point_once_a_sequence",
    ),
    Rule(
        ("play_act", "play_roll"),
        "no rest in a Sequence with anything else in it, nothing else after it",
        "If you do nothing but rest during a Sequence",
        f"{STATES}::test_no_rest_in_a_sequence_with_anything_else_in_it",
    ),
    Rule(
        ("play_roll",),
        "no rest after a roll",
        "If you do nothing but rest during a Sequence",
        f"{STATES}::test_no_rest_after_a_roll_from_the_sheet",
    ),
    Rule(
        ("play_act", "play_roll"),
        "resting is all a resting character does that Sequence",
        "If you do nothing but rest during a Sequence",
        f"{STATES}::test_resting_is_all_a_resting_character_does_that_sequence",
    ),
    Rule(
        ("play_act", "play_roll"),
        "fallen characters cannot act; resting takes shock off but does not stand them up",
        "you fall down, unable to act",
        f"{STATES}::test_falling_down_is_kept_when_rest_takes_shock_off",
    ),
    Rule(
        ("play_act", "play_roll"),
        "no action from one who has fallen",
        "you fall down, unable to act",
        f"{STATES}::test_a_fallen_character_cannot_act",
    ),
    Rule(
        ("play_act",),
        "no action from one who is dying (Ruling)",
        "If you have Wounds equal to your Toughness, you're dying.",
        f"{STATES}::test_a_dying_character_cannot_act",
    ),
    Rule(
        ("play_act",),
        "a card pushed past first place is out of action",
        "if the character is moved one place forward from first place, she is out of action",
        f"{STATES}::test_a_card_pushed_past_first_place_is_out_of_action",
    ),
    Rule(
        ("play_act", "play_padding", "play_damage"),
        "initiative cards: act to the back, damage forward, padding leaves",
        "Padding cards are removed when they are reached",
        "test_play::test_the_cards_are_laid_out_in_initiative_order_and_move_as_the_source_says",
    ),
    # --- rolls from the sheet
    Rule(
        ("play_odds", "play_roll"),
        "a roll from the sheet is the chapter's, impairment on the skill (Ruling)",
        "using a [ Skill ] rolling a positive and a negative d10 and adding the results",
        "test_play::test_a_roll_from_the_sheet_is_the_chapters_with_impairment_on_the_skill",
    ),
    Rule(
        ("play_roll",),
        "a roll by someone else lets whoever is down try to wake",
        "every time someone else rolls an Action",
        f"{STATES}::test_a_wake_up_roll_comes_with_someone_elses_roll",
    ),
    # --- hits on characters
    Rule(
        ("play_damage",),
        "a hit's shock and wounds, added to what was there",
        "which causes PV Shockpoints, 1 Wound at Wound Treshold (WT) PV",
        "test_play::test_a_hit_adds_to_what_was_there_as_the_damage_calculator_does",
    ),
    Rule(
        ("play_damage",),
        "shock and wounds kept past Health and Toughness",
        "X Wounds at X x WT PV",
        f"{STATES}::test_damage_past_health_and_toughness_is_kept",
    ),
    Rule(
        ("play_damage",),
        "kept up to a named limit (Ruling)",
        "X Wounds at X x WT PV",
        f"{STATES}::test_damage_is_kept_up_to_its_named_limit",
    ),
    Rule(
        ("play_damage",),
        "shock at Health: down for ten minutes at most",
        "If at any time you receive Shock Points equal to your Health, you fall down, unable to act.",
        f"{STATES}::test_shock_reaching_health_knocks_down_for_ten_minutes",
    ),
    Rule(
        ("play_damage", "play_sheet"),
        "wounds at Toughness: dying",
        "If you have Wounds equal to your Toughness, you're dying.",
        f"{STATES}::test_wounds_reaching_toughness_are_dying",
    ),
    Rule(
        ("play_damage",),
        "Stun: a Shot lost for each wound",
        "For every Wound you lose in a single attack, you lose 1 Shot.",
        "test_play::test_a_hit_of_12_is_12_shock_and_2_wounds",
    ),
    Rule(
        ("play_damage",),
        "the Shock roll at 5 + 5 × wounds; failing, out for the margin",
        "If you fail this roll, you fall down unconscious.",
        f"{STATES}::test_a_failed_shock_roll_knocks_out_for_its_margin",
    ),
    Rule(
        ("play_damage",),
        "no Shock roll without a wound; exactly the difficulty passes",
        "If you are hurt and take a Wound, roll for Shock",
        f"{STATES}::test_a_passed_shock_roll_and_a_hit_without_a_wound",
    ),
    Rule(
        ("play_damage",),
        "out no longer than ten minutes",
        "or they wake up in 10 minutes, whichever comes first",
        f"{STATES}::test_a_margin_past_ten_minutes_is_ten_minutes",
    ),
    Rule(
        ("play_damage",),
        "Shaken from one shock point",
        "When a target takes 1 or more Shock points it becomes Shaken.",
        f"{STATES}::test_one_shock_point_shakes",
    ),
    Rule(
        ("play_damage",),
        "Dark Times: failing the roll against the hit's shock is dying",
        "If you fail this roll, you fall down dying.",
        f"{STATES}::test_a_failed_dark_times_roll_is_dying",
    ),
    Rule(
        ("play_damage",),
        "the Shock and Dark Times rolls of one hit: the seed and the next (Ruling)",
        "After every hit, roll Willpower+Focus against the inflicted Shock points in this attack.",
        f"{STATES}::test_the_shock_and_dark_times_rolls_take_the_seed_and_the_next",
    ),
    # --- mooks
    Rule(
        ("play_damage",),
        "glass-jaw and advanced mooks: each band; speed-bump: one per Threshold",
        "For every [Mook Wound Threshold] PV a Mook goes down.",
        f"{STATES}::test_a_hit_on_a_mook_group_at_each_edge",
    ),
    Rule(
        ("play_damage",),
        "a Shaken mook is a standing one (Ruling)",
        "5-9: Shaken.",
        f"{STATES}::test_shaken_mooks_are_standing_mooks",
    ),
    Rule(
        ("play_damage", "play_act"),
        "the last mook; a group wiped out takes no more hits and no Action",
        "10+ Out.",
        f"{STATES}::test_the_last_mook_and_a_group_wiped_out",
    ),
    Rule(
        ("play_shake", "play_act"),
        "a Shaken mook group: the Shaken roll as the group's Action (Ruling)",
        "Damage 0-4: Shaken.",
        f"{STATES}::test_a_shaken_mook_group_rolls_for_its_shaken_as_its_action",
    ),
    Rule(
        ("play_damage", "play_shake"),
        "a mook group to its end: Shaken, steadied, wiped out",
        "Characters that have no name go down on a single Wound.",
        "test_play_life::test_a_mook_group_wiped_out",
    ),
    # --- ending the states
    Rule(
        ("play_sequence",),
        "one Sequence nearer coming round; at none, awake",
        "The negative margin indicates Sequences until you wake up",
        f"{STATES}::test_a_failed_shock_roll_knocks_out_for_its_margin",
    ),
    Rule(
        ("play_wake",),
        "the wake-up roll at 15, one try for each Action someone else rolls",
        "Unconscious characters may roll to wake up (Willpower+Focus Difficulty 15)",
        f"{STATES}::test_a_wake_up_roll_comes_with_someone_elses_roll",
    ),
    Rule(
        ("play_wake",),
        "Physician + Wits against the Shock roll's margin",
        "the Difficulty of any Physician+Wits roll to wake you prematurely",
        f"{STATES}::test_the_physician_roll_wakes_only_a_shock_roll_knock_out",
    ),
    Rule(
        ("play_wake",),
        "ten minutes wake anyone down; awake at Health until the next shock point (Ruling)",
        "or they wake up in 10 minutes",
        f"{STATES}::test_ten_minutes_wake_anyone_down",
    ),
    Rule(
        ("play_shake",),
        "Shaken: no Active Defense; the Action is the roll at 10 + 10 (Ruling)",
        "You may not perform Active Defenses or Free Actions.",
        f"{STATES}::test_a_shaken_character_shakes_it_off_as_their_action",
    ),
    Rule(
        ("play_stabilise",),
        "stabilising at 25 − Health + 5 × Wounds: stable (Ruling: stabilising and death)",
        "Dying characters must be stabilized with a Medicine/Physician Diff 25-Health+Woundsx5",
        f"{STATES}::test_stabilising_a_dying_character",
    ),
    Rule(
        ("play_stabilise",),
        "an hour without it: dead; the dead do nothing more",
        "taken within 1 hour, or die from their wounds.",
        f"{STATES}::test_an_hour_without_it_is_death",
    ),
    Rule(
        ("play_damage", "play_stabilise", "play_shake", "play_roll"),
        "a whole life to death",
        "or die from their wounds",
        DEATH,
    ),
    Rule(
        ("play_damage", "play_wake", "play_act", "play_sequence"),
        "a whole life: out of the fight and back",
        "Unconscious characters may roll to wake up",
        BACK,
    ),
    # --- taps (issue 29)
    Rule(
        ("play_mark",),
        "a tapped shock box: the points taken (Ruling: tapping shock, wounds and Shots)",
        "which causes PV Shockpoints",
        f"{TAPS}::test_a_shock_box_marks_the_points_up_to_it_and_a_marked_one_gives_them_back",
    ),
    Rule(
        ("play_mark",),
        "a tapped marked shock box: the points given back (Ruling: tapping shock, wounds and Shots)",
        "All Shock points are regained",
        f"{TAPS}::test_a_shock_box_marks_the_points_up_to_it_and_a_marked_one_gives_them_back",
    ),
    Rule(
        ("play_mark",),
        "shock tapped to Health: down for ten minutes; points back stand no one up",
        "If at any time you receive Shock Points equal to your Health, you fall down, unable to act.",
        f"{TAPS}::test_shock_marked_to_health_falls_down_for_ten_minutes_and_giving_it_back_stands_no_one_up",
    ),
    Rule(
        ("play_mark",),
        "a tapped shock point shakes under the Shaken rule",
        "When a target takes 1 or more Shock points it becomes Shaken.",
        f"{TAPS}::test_a_shock_point_shakes_under_the_shaken_rule",
    ),
    Rule(
        ("play_mark",),
        "tapped wounds: dying at Toughness; none taken back (Ruling: tapping shock, wounds and Shots)",
        "If you have Wounds equal to your Toughness, you're dying.",
        f"{TAPS}::test_wound_boxes_mark_up_to_toughness_dying_and_are_not_taken_back",
    ),
    Rule(
        ("play_mark",),
        "a tapped wound at Toughness: a stable character dying again",
        "If you have Wounds equal to your Toughness, you're dying.",
        f"{TAPS}::test_a_new_wound_at_toughness_makes_a_stable_character_dying_again",
    ),
    Rule(
        ("play_mark",),
        "a tapped mook goes down, a steady one first, and stays down (Ruling: tapping shock, wounds and Shots)",
        "Characters that have no name go down on a single Wound.",
        f"{TAPS}::test_mooks_marked_down_a_steady_one_first_and_the_last_off_the_cards",
    ),
    Rule(
        ("play_mark",),
        "a tapped Shot is lost from the pool; none comes back by a tap (Ruling: tapping shock, wounds and Shots)",
        "opponent loses a Pool point (Shot or Shock as standard)",
        f"{TAPS}::test_a_shot_tapped_is_lost_with_those_after_it_and_none_comes_back_by_a_tap",
    ),
    Rule(("play_mark",), "the dead take no marks", "or die from their wounds", f"{TAPS}::test_the_dead_take_no_marks"),
    Rule(
        ("play_taps",),
        "each trait's chance, rolled alone against the roll form (Ruling: a tap rolls one trait)",
        "using a [ Skill ] rolling a positive and a negative d10 and adding the results",
        f"{TAPS}::test_each_trait_rolled_alone_has_its_exact_chance_before_the_tap",
    ),
    Rule(
        ("play_taps",),
        "no tap for one unable to act",
        "you fall down, unable to act",
        f"{TAPS}::test_why_a_character_has_no_tap_now",
    ),
)
