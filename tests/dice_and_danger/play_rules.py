"""dice & danger's rule table: its play tool's rows, laid out as tests/support/play_rules.py says."""

from __future__ import annotations

from play_rules import Rule

SOURCE = "004_8e91dc0244bbbaf9.txt"
PAGES = ("dice-and-danger/play.md", "dice-and-danger.md")

LIFE, PLAY = "test_play_life", "test_play"
RULES: tuple[Rule, ...] = (
    # --- a new character and the sheet
    Rule(
        ("play_new",),
        "attributes rolled, the lowest of three kept",
        "Generate these attributes with the value on 1d+2p",
        f"{PLAY}::test_a_new_character_rolls_its_attributes_like_the_generator",
    ),
    Rule(
        ("play_new",),
        "a new character is level 1",
        "A starting adventurer is level 1",
        f"{LIFE}::test_ash_from_the_first_roll_to_death",
    ),
    Rule(
        ("play_sheet",), "6 + Health slots", "6 items + 1 item per point of health", f"{PLAY}::test_slots_follow_health"
    ),
    Rule(
        ("play_sheet",),
        "Hit Defense by level",
        "Each level up to 6 gives +1 Hit Defense",
        f"{PLAY}::test_hit_defense_follows_the_level",
    ),
    Rule(
        ("play_sheet",),
        "a boosted title for each tier after the first",
        "Each time they attain a new tier, the player chooses one more of their titles",
        f"{PLAY}::test_the_sheet_refuses_what_the_rules_do_not_allow",
    ),
    Rule(
        ("play_sheet",),
        "Luck from the attributes' sum",
        "Sum the attributes above and compare",
        f"{PLAY}::test_the_sheet_by_hand",
    ),
    Rule(
        ("play_sheet",),
        "the weight penalty from stowed items",
        "4-6 items: +2p from weight",
        f"{PLAY}::test_the_sheet_by_hand",
    ),
    Rule(("play_sheet",), "Armor from the armour worn", "Leather: DC 3", f"{PLAY}::test_the_sheet_by_hand"),
    Rule(
        ("play_sheet",),
        "broken armour: Armor as none",
        "You can't use Broken equipment",
        f"{PLAY}::test_broken_gear_is_not_used",
    ),
    Rule(
        ("play_lists",),
        "the page's lists: attributes, weapons, armours, conditions, outcomes",
        "Strength. Use force to overcome an obstacle.",
        f"{PLAY}::test_the_engine_sends_the_lists_the_view_draws",
    ),
    # --- the damage roll
    Rule(
        ("play_damage_odds",),
        "1d for acting, +1d for the weapon",
        "A weapon gives +1d if it's appropriate.",
        f"{PLAY}::test_the_damage_roll_is_built_from_the_weapon",
    ),
    Rule(
        ("play_damage_odds",),
        "a light weapon in the off hand",
        "You can weild a light weapon in your offhand; it gives +2b.",
        f"{PLAY}::test_the_damage_roll_is_built_from_the_weapon",
    ),
    Rule(
        ("play_damage_odds",),
        "the target's shield",
        "A shield gives +1p to the attacker.",
        f"{PLAY}::test_the_damage_roll_is_built_from_the_weapon",
    ),
    Rule(
        ("play_damage_odds",),
        "a boosted title's +1d more",
        "when it applies it gives +1d more than it used to",
        f"{PLAY}::test_a_boosted_title_and_conditions_add_their_terms",
    ),
    Rule(
        ("play_damage_odds",),
        "relevant conditions",
        "giving you +1p per relevant condition when you do something",
        f"{PLAY}::test_a_boosted_title_and_conditions_add_their_terms",
    ),
    Rule(
        ("play_damage_odds",),
        "a broken weapon is not used",
        "You can't use Broken equipment",
        f"{PLAY}::test_broken_gear_is_not_used",
    ),
    Rule(
        ("play_damage_roll",),
        "the roller's Hit Defense spent is marked off",
        "+1p if you spend a HD",
        f"{PLAY}::test_a_damage_roll_charges_the_hit_defense_it_spends",
    ),
    Rule(
        ("play_damage_roll",),
        "the target's or a friend's Hit Defense is not the roller's",
        "+1d if a friend helps and spends a HD",
        f"{PLAY}::test_the_targets_hit_defense_is_not_the_rollers",
    ),
    Rule(("play_damage_roll",), "the dead roll no more", "4: Dead", f"{LIFE}::test_ash_from_the_first_roll_to_death"),
    # --- saves
    Rule(
        ("play_save_odds",),
        "a save against an attribute, weight counting",
        "When you're rolling a save, it's one of your attributes",
        f"{PLAY}::test_a_save_against_an_attribute",
    ),
    Rule(
        ("play_save_odds",),
        "a DC below 2 gives a die more",
        "If it would be lower, give +1d",
        f"{PLAY}::test_a_save_against_an_attribute_of_1_leaves_room_for_its_extra_die",
    ),
    Rule(
        ("play_save_odds",),
        "a save against Armor and the armour's weakness",
        "Leather: DC 3 (+1p vs spears)",
        f"{PLAY}::test_a_save_against_armor_luck_or_faith",
    ),
    Rule(
        ("play_save_odds",),
        "a save against Luck, its hits added",
        "22-28: Luck 3+1h",
        f"{PLAY}::test_a_save_against_armor_luck_or_faith",
    ),
    Rule(
        ("play_save_roll",),
        "the save's hits are the hits taken",
        "Each hit deals damage (boo).",
        f"{PLAY}::test_a_save_against_an_attribute",
    ),
    Rule(
        ("play_save_chances",),
        "each save a tap rolls, and its chance of no hits",
        "When you're rolling a save, it's one of your attributes",
        f"{PLAY}::test_every_save_the_sheet_can_roll_with_its_chance_of_coming_out_clean",
    ),
    Rule(
        ("play_save_roll", "play_damage_roll"),
        "a roll's chance of the hits it came out at",
        "An individual die that rolls a high value *hits*",
        f"{PLAY}::test_a_rolls_reply_gives_the_exact_chance_of_its_result",
    ),
    # --- hits taken
    Rule(
        ("play_take_hits",),
        "a tap takes one hit, on Hit Defense or over a slot",
        "When you take Hits, for each hit you can either:",
        f"{PLAY}::test_hits_taken_one_tap_at_a_time_mark_what_they_mark_at_once",
    ),
    Rule(
        ("play_sheet",),
        "a marked Hit Defense cleared by a tap (Ruling: a tap on Hit Defense or a slot)",
        "Mark off a Hit Defense",
        f"{PLAY}::test_a_marked_hit_defense_is_cleared_by_hand",
    ),
    Rule(
        ("play_take_hits",),
        "a hit marks off Hit Defense",
        "Mark off a Hit Defense",
        f"{PLAY}::test_hits_taken_mark_hit_defense_and_conditions",
    ),
    Rule(
        ("play_take_hits",),
        "over equipment: a mar",
        "Over a piece of equipment, which Mars it (still useable)",
        f"{LIFE}::test_ash_from_the_first_roll_to_death",
    ),
    Rule(
        ("play_take_hits",),
        "over an empty slot: a mood",
        "Over an empty slot, which gives you a Mood",
        f"{PLAY}::test_hits_taken_mark_hit_defense_and_conditions",
    ),
    Rule(
        ("play_take_hits",),
        "over a condition: a break, the gear broken",
        "Over a slot that already has a Condition, which Breaks equipment and injures you.",
        f"{PLAY}::test_a_hit_over_the_marred_sword_breaks_it_and_the_next_roll_goes_without",
    ),
    Rule(
        ("play_take_hits",),
        "conditions owe a Health save",
        "Health save against +1d per condition you took +1p per condition you already had",
        f"{PLAY}::test_hits_taken_mark_hit_defense_and_conditions",
    ),
    Rule(
        ("play_take_hits",),
        "a save owed stays within the dice rolled",
        "+1d per condition you took",
        f"{PLAY}::test_taking_hits_never_owes_a_save_past_the_pool",
    ),
    Rule(
        ("play_take_hits",), "the dead take no more hits", "4: Dead", f"{LIFE}::test_ash_from_the_first_roll_to_death"
    ),
    # --- the Health save
    Rule(
        ("play_health_odds",),
        "only a condition taken owes a Health save",
        "If you took any conditions, Health save",
        f"{PLAY}::test_state_refusals_name_their_place",
    ),
    Rule(
        ("play_health_roll",),
        "the chance of the outcome rolled",
        "If you took any conditions, Health save",
        f"{PLAY}::test_the_health_saves_reply_gives_the_chance_of_its_outcome",
    ),
    Rule(
        ("play_health_roll",),
        "0 hits: free parking",
        "0: Free parking",
        f"{LIFE}::test_bryn_from_free_parking_to_flagrantly_dead",
    ),
    Rule(
        ("play_health_roll",), "1 hit: stunned", "1: Stunned 1 round", f"{LIFE}::test_ash_from_the_first_roll_to_death"
    ),
    Rule(
        ("play_health_roll",),
        "2 hits: knocked out, moods stay moods",
        "2: Knocked out rest of combat",
        f"{PLAY}::test_two_hits_on_the_health_save_leave_the_moods_moods",
    ),
    Rule(
        ("play_health_roll",),
        "3 hits: dying, this attack's moods are injuries",
        "3: Dying (mood was an injury)",
        f"{PLAY}::test_three_hits_on_the_health_save_make_this_attacks_moods_injuries",
    ),
    Rule(
        ("play_health_roll",),
        "dying lasts through a milder save",
        "3: Dying",
        f"{LIFE}::test_ash_from_the_first_roll_to_death",
    ),
    Rule(
        ("play_health_roll",),
        "4 hits: dead",
        "4: Dead (mood was an injury)",
        f"{LIFE}::test_ash_from_the_first_roll_to_death",
    ),
    Rule(
        ("play_health_roll",),
        "5 hits or more: flagrantly dead",
        "5: Flagrantly Dead (mood was an injury)",
        f"{LIFE}::test_bryn_from_free_parking_to_flagrantly_dead",
    ),
)
