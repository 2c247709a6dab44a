"""dice & danger's play actions, each state change they make traced to the source (seed file
004): ``RULES`` holds one row per change (the action, the rule in a few words, the passage as a
short quotation, the test that holds it). Where the source leaves room, the reading is a Ruling
box on the play page (docs/dice-and-danger/play.md) or the chapter. Checked here: every
quotation is in the source, every test named exists, and every play action of the system has
a row."""

from __future__ import annotations

import os
import re
from importlib import import_module
from pathlib import Path

import pytest

from rules_engine.dice_and_danger.play import ACTIONS

#: The source text (tests/own_words.py finds the sources the same way).
SOURCE = Path(os.environ.get("SRD_SOURCES", "/work/shared/seeds")) / "004_8e91dc0244bbbaf9.txt"
#: The shared actions every play tool answers alike (rules_engine/core/play.py).
SHARED = {"play_import", "play_check", "play_link", "play_open_link", "play_limits"}

LIFE, PLAY = "test_play_life", "test_play"
RULES: tuple[tuple[str, str, str, str], ...] = (
    # --- a new character and the sheet
    ("play_new", "attributes rolled, the lowest of three kept", "Generate these attributes with the value on 1d+2p",
     f"{PLAY}.test_a_new_character_rolls_its_attributes_like_the_generator"),
    ("play_new", "a new character is level 1", "A starting adventurer is level 1",
     f"{LIFE}.test_ash_from_the_first_roll_to_death"),
    ("play_sheet", "6 + Health slots", "6 items + 1 item per point of health", f"{PLAY}.test_slots_follow_health"),
    ("play_sheet", "Hit Defense by level", "Each level up to 6 gives +1 Hit Defense",
     f"{PLAY}.test_hit_defense_follows_the_level"),
    ("play_sheet", "a boosted title for each tier after the first",
     "Each time they attain a new tier, the player chooses one more of their titles",
     f"{PLAY}.test_the_sheet_refuses_what_the_rules_do_not_allow"),
    ("play_sheet", "Luck from the attributes' sum", "Sum the attributes above and compare",
     f"{PLAY}.test_the_sheet_by_hand"),
    ("play_sheet", "the weight penalty from stowed items", "4-6 items: +2p from weight", f"{PLAY}.test_the_sheet_by_hand"),
    ("play_sheet", "Armor from the armour worn", "Leather: DC 3", f"{PLAY}.test_the_sheet_by_hand"),
    ("play_sheet", "broken armour: Armor as none", "You can't use Broken equipment",
     f"{PLAY}.test_broken_gear_is_not_used"),
    ("play_lists", "the page's lists: attributes, weapons, armours, conditions, outcomes",
     "Strength. Use force to overcome an obstacle.", f"{PLAY}.test_the_engine_sends_the_lists_the_view_draws"),
    # --- the damage roll
    ("play_damage_odds", "1d for acting, +1d for the weapon", "A weapon gives +1d if it's appropriate.",
     f"{PLAY}.test_the_damage_roll_is_built_from_the_weapon"),
    ("play_damage_odds", "a light weapon in the off hand", "You can weild a light weapon in your offhand; it gives +2b.",
     f"{PLAY}.test_the_damage_roll_is_built_from_the_weapon"),
    ("play_damage_odds", "the target's shield", "A shield gives +1p to the attacker.",
     f"{PLAY}.test_the_damage_roll_is_built_from_the_weapon"),
    ("play_damage_odds", "a boosted title's +1d more", "when it applies it gives +1d more than it used to",
     f"{PLAY}.test_a_boosted_title_and_conditions_add_their_terms"),
    ("play_damage_odds", "relevant conditions", "giving you +1p per relevant condition when you do something",
     f"{PLAY}.test_a_boosted_title_and_conditions_add_their_terms"),
    ("play_damage_odds", "a broken weapon is not used", "You can't use Broken equipment",
     f"{PLAY}.test_broken_gear_is_not_used"),
    ("play_damage_roll", "the roller's Hit Defense spent is marked off", "+1p if you spend a HD",
     f"{PLAY}.test_a_damage_roll_charges_the_hit_defense_it_spends"),
    ("play_damage_roll", "the target's or a friend's Hit Defense is not the roller's",
     "+1d if a friend helps and spends a HD", f"{PLAY}.test_the_targets_hit_defense_is_not_the_rollers"),
    ("play_damage_roll", "the dead roll no more", "4: Dead", f"{LIFE}.test_ash_from_the_first_roll_to_death"),
    # --- saves
    ("play_save_odds", "a save against an attribute, weight counting",
     "When you're rolling a save, it's one of your attributes", f"{PLAY}.test_a_save_against_an_attribute"),
    ("play_save_odds", "a DC below 2 gives a die more", "If it would be lower, give +1d",
     f"{PLAY}.test_a_save_against_an_attribute_of_1_leaves_room_for_its_extra_die"),
    ("play_save_odds", "a save against Armor and the armour's weakness", "Leather: DC 3 (+1p vs spears)",
     f"{PLAY}.test_a_save_against_armor_luck_or_faith"),
    ("play_save_odds", "a save against Luck, its hits added", "22-28: Luck 3+1h",
     f"{PLAY}.test_a_save_against_armor_luck_or_faith"),
    ("play_save_roll", "the save's hits are the hits taken", "Each hit deals damage (boo).",
     f"{PLAY}.test_a_save_against_an_attribute"),
    # --- hits taken
    ("play_take_hits", "a hit marks off Hit Defense", "Mark off a Hit Defense",
     f"{PLAY}.test_hits_taken_mark_hit_defense_and_conditions"),
    ("play_take_hits", "over equipment: a mar", "Over a piece of equipment, which Mars it (still useable)",
     f"{LIFE}.test_ash_from_the_first_roll_to_death"),
    ("play_take_hits", "over an empty slot: a mood", "Over an empty slot, which gives you a Mood",
     f"{PLAY}.test_hits_taken_mark_hit_defense_and_conditions"),
    ("play_take_hits", "over a condition: a break, the gear broken",
     "Over a slot that already has a Condition, which Breaks equipment and injures you.",
     f"{PLAY}.test_a_hit_over_the_marred_sword_breaks_it_and_the_next_roll_goes_without"),
    ("play_take_hits", "conditions owe a Health save",
     "Health save against +1d per condition you took +1p per condition you already had",
     f"{PLAY}.test_hits_taken_mark_hit_defense_and_conditions"),
    ("play_take_hits", "a save owed stays within the dice rolled", "+1d per condition you took",
     f"{PLAY}.test_taking_hits_never_owes_a_save_past_the_pool"),
    ("play_take_hits", "the dead take no more hits", "4: Dead", f"{LIFE}.test_ash_from_the_first_roll_to_death"),
    # --- the Health save
    ("play_health_odds", "only a condition taken owes a Health save", "If you took any conditions, Health save",
     f"{PLAY}.test_state_refusals_name_their_place"),
    ("play_health_roll", "0 hits: free parking", "0: Free parking", f"{LIFE}.test_bryn_from_free_parking_to_flagrantly_dead"),
    ("play_health_roll", "1 hit: stunned", "1: Stunned 1 round", f"{LIFE}.test_ash_from_the_first_roll_to_death"),
    ("play_health_roll", "2 hits: knocked out, moods stay moods", "2: Knocked out rest of combat",
     f"{PLAY}.test_two_hits_on_the_health_save_leave_the_moods_moods"),
    ("play_health_roll", "3 hits: dying, this attack's moods are injuries", "3: Dying (mood was an injury)",
     f"{PLAY}.test_three_hits_on_the_health_save_make_this_attacks_moods_injuries"),
    ("play_health_roll", "dying lasts through a milder save", "3: Dying",
     f"{LIFE}.test_ash_from_the_first_roll_to_death"),
    ("play_health_roll", "4 hits: dead", "4: Dead (mood was an injury)", f"{LIFE}.test_ash_from_the_first_roll_to_death"),
    ("play_health_roll", "5 hits or more: flagrantly dead", "5: Flagrantly Dead (mood was an injury)",
     f"{LIFE}.test_bryn_from_free_parking_to_flagrantly_dead"),
)


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.skipif(not SOURCE.is_file(), reason="the source texts are not on this machine")
def test_every_passage_is_quoted_from_the_source() -> None:
    source = words(SOURCE.read_text(encoding="utf-8"))
    for action, rule, passage, _ in RULES:
        assert words(passage) in source, (action, rule, passage)


def test_every_named_test_exists() -> None:
    for _, rule, _, test in RULES:
        module, name = test.split(".")
        found = getattr(import_module(f"{__package__}.{module}"), name, None)
        assert callable(found), (rule, test)


def test_every_play_action_has_a_row() -> None:
    actions = {name for name in ACTIONS if name.startswith("play_")} - SHARED
    assert actions == {action for action, *_ in RULES}
    assert all(re.fullmatch(r"play_[a-z_]+", action) for action in actions)
