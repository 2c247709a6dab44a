"""dice & danger's play tool in the engine: the bridge actions
(``rules_engine/dice_and_danger/play.py``) with hand-checked small cases, and its saved
characters as the reader takes or refuses them. Any text, file or link, and any document read
back are the shared play contract's (tests/test_play_contract.py, fed dice & danger's characters
from contract.py); any sheet rolled is here: it answers or refuses with one RulesError,
never anything else."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import play_documents
import pytest
from hypothesis import given
from hypothesis import strategies as st
from play_documents import JSON_VALUES, SOME

from rules_engine.core.play import FORMAT
from rules_engine.dice_and_danger import odds_notation
from rules_engine.dice_and_danger.play import SCHEMA, VERSION, new_character, read_character

from .contract import CHARACTER_PARTS

SYSTEM = "dice-and-danger"
bridge, ok, refused, only_rules_errors = play_documents.calls_for(SYSTEM)
NO_WEAPON = {"family": "none", "heavy": False, "ranged": False, "crude": False, "off_hand": False}


def empty(n: int) -> list[dict]:
    return [{"item": "", "condition": "", "gear": ""} for _ in range(n)]


def wren(**changes: object) -> dict:
    """Level 2 (tier 2: one boosted title), Health 2 (8 slots), a sword and a knife, leather."""
    character = {
        "name": "Wren",
        "level": 2,
        "attributes": {"Strength": 3, "Reflex": 4, "Health": 2, "Intelligence": 1, "Will": 5},
        "titles": [{"text": "ship's carpenter", "boosted": False}, {"text": "slayer of goblins", "boosted": True}],
        "hit_defense_marked": 0,
        "weapon": {"family": "swords", "heavy": False, "ranged": False, "crude": False, "off_hand": True},
        "armour": "leather",
        "slots": [
            {"item": "sword", "condition": "", "gear": ""},
            {"item": "knife", "condition": "", "gear": ""},
            {"item": "leather armour", "condition": "", "gear": ""},
            *empty(5),
        ],
        "stowed": ["tent", "pan", "rope", "lamp"],
        "health_save": None,
        "health_outcome": None,
    }
    return {**character, **changes}


def document(*entries: dict, version: int = VERSION) -> dict:
    return {"format": FORMAT, "version": version, "system": SYSTEM, "entries": list(entries)}


def rows(summary: dict) -> dict[int, Fraction]:
    return {row["hits"]: Fraction(row["ratio"]) for row in summary["rows"]}


# --- the sheet ------------------------------------------------------------------------------------
def test_a_new_character_rolls_its_attributes_like_the_generator() -> None:
    made = ok("character", seed="7")
    result = ok("play_new", name="  Rook ", seed="7")
    character = result["character"]
    assert character["name"] == "Rook" and character["level"] == 1
    assert character["attributes"] == made["attributes"]
    assert character["slots"] == empty(6 + made["attributes"]["Health"])
    assert character["titles"] == [] and character["stowed"] == [] and character["weapon"] == NO_WEAPON
    assert result["sheet"]["hit_defense"] == made["hit_defense"] == 1
    assert result["sheet"]["luck"] == made["luck"]["text"]
    assert result["sheet"]["slots"] == made["inventory_slots"]


def test_the_sheet_by_hand() -> None:
    sheet = ok("play_sheet", character=wren())["sheet"]
    # Level 2: tier 2 (Apprentice), 2 Hit Defense, one title boosted; the attributes sum to 15: Luck 3.
    assert (sheet["tier"], sheet["tier_name"], sheet["hit_defense"], sheet["boosted_titles"]) == (2, "Apprentice", 2, 1)
    assert (sheet["attribute_sum"], sheet["luck"], sheet["armor"], sheet["faith"]) == (15, "3", 3, 2)
    # 6 + Health 2 = 8 slots, 3 used; leather 1 slot, the sword 1, the knife in the off hand 1.
    assert (sheet["slots"], sheet["slots_used"]) == (8, 3)
    assert sheet["gear_slots"] == {"armour": 1, "weapon": 1, "off_hand": 1} and sheet["gear_slots_total"] == 3
    # 4 stowed items: +2p from weight (4-6 items).
    assert (sheet["stowed"], sheet["weight_penalty"]) == (4, 2)
    assert sheet["conditions"] == 0 and sheet["health_save"] is None


@pytest.mark.parametrize(("level", "hit_defense"), [(0, 0), (1, 1), (6, 6), (7, 7), (12, 7), (13, 8), (37, 12)])
def test_hit_defense_follows_the_level(level: int, hit_defense: int) -> None:
    assert ok("play_sheet", character=wren(level=level, titles=[]))["sheet"]["hit_defense"] == hit_defense


def test_slots_follow_health() -> None:
    # Health 4 gives 10 slots: the sheet is padded; Health 1 gives 7: trailing empty slots go.
    assert (
        len(ok("play_sheet", character=wren(attributes={**wren()["attributes"], "Health": 4}))["character"]["slots"])
        == 10
    )
    low = ok("play_sheet", character=wren(attributes={**wren()["attributes"], "Health": 1}))["character"]
    assert len(low["slots"]) == 7
    full = wren(
        slots=[{"item": f"thing {i}", "condition": ""} for i in range(8)],
        attributes={**wren()["attributes"], "Health": 1},
    )
    assert "character.slots: 8 slots are used, but Health 1 gives 7" in refused("play_sheet", character=full)


def test_the_sheet_refuses_what_the_rules_do_not_allow() -> None:
    assert "character.titles: 2 boosted, but level 1 (tier 1) boosts 0" in refused(
        "play_sheet", character=wren(level=1, titles=[{"text": "a", "boosted": True}, {"text": "b", "boosted": True}])
    )
    assert "character.hit_defense_marked: must be from 0 to 2, not 3" in refused(
        "play_sheet", character=wren(hit_defense_marked=3)
    )
    assert "character.weapon.ranged: a heavy weapon is a melee weapon" in refused(
        "play_sheet", character=wren(weapon={**NO_WEAPON, "family": "axes", "heavy": True, "ranged": True})
    )
    assert "character.weapon.off_hand" in refused("play_sheet", character=wren(weapon={**NO_WEAPON, "off_hand": True}))
    assert "character.attributes.Will: must be from 1 to 6, not 7" in refused(
        "play_sheet", character=wren(attributes={**wren()["attributes"], "Will": 7})
    )


# --- the damage roll ----------------------------------------------------------------------------
def test_the_damage_roll_is_built_from_the_weapon() -> None:
    # Acting 1d, a suited sword +1d, the knife in the off hand +2b; against leather (DC 3) and a shield (+1p).
    result = ok("play_damage_odds", character=wren(), fields={"armour": "leather", "shield": "shield"})
    assert result["written"] == "1d +1d +2b +1p vs DC 3"
    assert result["odds"]["notation"] == "2d+1b vs DC 3"
    exact = odds_notation("2d+1b vs DC 3")
    assert rows(result["odds"])[0] == exact.dist.p(0)
    assert rows(result["odds"])[2] == exact.p_at_least(2)
    assert Fraction(result["odds"]["mean"]) == exact.mean


def test_each_relevant_condition_adds_a_penalty_die() -> None:
    # Conditions work like anti-titles: two that apply are +2p.
    marred = {"item": "sword", "condition": "mar", "gear": ""}
    worn = wren(slots=[marred, {**marred, "item": "knife"}, *empty(6)])
    result = ok("play_damage_odds", character=worn, fields={"conditions": "2", "armour": "none"})
    step = next(step for step in result["steps"] if step["field"] == "conditions")
    assert step["term"] == "+2p" and "+2p" in result["written"].split()


def test_a_boosted_title_and_conditions_add_their_terms() -> None:
    marred = wren(slots=[{"item": "sword", "condition": "mar", "gear": ""}, *empty(7)])
    result = ok(
        "play_damage_odds",
        character=marred,
        fields={"expert": "on", "boosted": "on", "conditions": "1", "armour": "none"},
    )
    # Acting, expert, the sword, the knife, then +1d boosted and +1p for the marred sword; no armour is
    # weak against swords: the target's +1p, a bonus die for Wren.
    assert result["written"] == "1d +1d +1d +2b +1d +1p vs DC 2 & +1p"
    assert [step["field"] for step in result["steps"]] == [
        "acting",
        "expert",
        "weapon",
        "off_hand",
        "boosted",
        "conditions",
        "armour",
    ]
    assert result["odds"]["notation"] == "4d+2b vs DC 2"
    assert "tick Expert too" in refused("play_damage_odds", character=wren(), fields={"boosted": "on"})
    assert "Wren has no boosted title yet" in refused(
        "play_damage_odds", character=wren(titles=[]), fields={"expert": "on", "boosted": "on"}
    )
    assert "Relevant conditions must be 0: Wren has no conditions" in refused(
        "play_damage_odds", character=wren(), fields={"conditions": "1"}
    )


def test_a_damage_roll_one_die_by_hand() -> None:
    # No weapon, no armour: 1d vs DC 2 hits on 2-6 (5/6); a 6 explodes: 2 or more hits is 1/6 · 5/6.
    bare = wren(weapon=NO_WEAPON)
    result = ok("play_damage_roll", character=bare, fields={}, seed="11")
    assert result["written"] == "1d vs DC 2"
    assert rows(result["odds"])[0] == Fraction(1, 6) and rows(result["odds"])[1] == Fraction(5, 6)
    assert rows(result["odds"])[2] == Fraction(1, 6) * Fraction(5, 6)  # a 6, then its explosion die hits
    rolled = ok("roll_kind", notation="1d vs DC 2", seed="11")
    assert result["roll"]["hits"] == rolled["hits"] and result["roll"]["dice"] == rolled["dice"]
    assert result["share"] == rolled["share"]


# --- a save, hits taken, the Health save ---------------------------------------------------------
def test_a_save_against_an_attribute() -> None:
    result = ok("play_save_odds", character=wren(), fields={"attribute": "Reflex", "dice": "2", "weight": "on"})
    # Two of the danger's dice against Reflex 4, +2p from 4 stowed items (they keep the highest: worse).
    assert result["written"] == "save 2d +2p vs DC 4" and result["what"] == "Reflex 4"
    assert rows(result["odds"])[0] == odds_notation("save 2d+2p vs DC 4").dist.p(0)
    # One die against Will 5: no hit on 1-4 (2/3).
    one = ok("play_save_roll", character=wren(), fields={"attribute": "Will", "dice": ""}, seed="4")
    assert one["written"] == "save 1d vs DC 5" and rows(one["odds"])[0] == Fraction(2, 3)
    assert one["hits"] == ok("roll_kind", notation="save 1d vs DC 5", seed="4")["hits"]
    # (Luck is one of the special attributes a save may be rolled against: test_a_save_against_armor_luck_or_faith.)
    assert "Against must be one of Strength" in refused(
        "play_save_odds", character=wren(), fields={"attribute": "Aura"}
    )


def test_hits_taken_mark_hit_defense_and_conditions() -> None:
    marred = wren(slots=[{"item": "sword", "condition": "mar", "gear": ""}, *empty(7)])
    # 4 hits: 1 on Hit Defense; a condition over the empty slot 2 (a mood), over the marred sword in
    # slot 1 (it breaks), over the empty slot 3 (a mood).
    result = ok("play_take_hits", character=marred, hits="4", hit_defense="1", slots=[1, 0, 2])
    character = result["character"]
    assert character["hit_defense_marked"] == 1 and result["sheet"]["hit_defense_left"] == 1
    assert [slot["condition"] for slot in character["slots"][:4]] == ["break", "mood", "mood", ""]
    assert result["taken"] == {"hit_defense": 1, "conditions": ["mood", "break", "mood"]}
    # Three conditions taken, one already had: save 3d +1p vs DC (Health) 2.
    # The moods taken for it (slots 2 and 3) are listed: a save of 3 hits or more makes them injuries.
    assert character["health_save"] == {"now": 3, "had": 1, "moods": [1, 2]}
    assert result["sheet"]["health_save"] == "save 3d +1p vs DC 2"
    assert "4 hits to take: mark each" in refused(
        "play_take_hits", character=wren(), hits="4", hit_defense="1", slots=[0]
    )
    assert "Wren has 2 Hit Defense left to mark, not 3" in refused(
        "play_take_hits", character=wren(), hits="3", hit_defense="3", slots=[]
    )
    assert "slot 9 is not on the sheet" in refused("play_take_hits", character=wren(), hits="1", slots=[8])
    # Hits all on Hit Defense call for no Health save.
    assert ok("play_take_hits", character=wren(), hits="2", hit_defense="2")["character"]["health_save"] is None


def test_the_health_save_takes_its_inputs_from_the_sheet_and_writes_its_outcome() -> None:
    owed = wren(health_save={"now": 1, "had": 0}, slots=[{"item": "sword", "condition": "mar"}, *empty(7)])
    result = ok("play_health_odds", character=owed)
    assert result["written"] == "save 1d vs DC 2"
    assert result["fields"] == {"conditions_now": "1", "conditions_had": "0", "health": "2"}
    helper = ok("health_odds", fields=result["fields"])
    assert result["health_outcomes"] == helper["health_outcomes"]
    # One die at DC 2: 0 hits on a 1 (1/6).
    assert Fraction(result["health_outcomes"][0]["ratio"]) == Fraction(1, 6)
    rolled = ok("play_health_roll", character=owed, seed="9")
    helper_roll = ok("health_roll", fields=result["fields"], seed="9")
    assert rolled["outcome"] == helper_roll["outcome"] and rolled["share"] == helper_roll["share"]
    assert rolled["character"]["health_save"] is None
    assert rolled["character"]["health_outcome"] == helper_roll["outcome"]
    assert "Wren owes no Health save" in refused("play_health_roll", character=wren())


# --- the stored format ----------------------------------------------------------------------------
def test_export_import_and_link_give_back_the_same_document() -> None:
    saved = document(wren(), new_character("Rook", 3))
    play_documents.assert_kept_whole(SYSTEM, saved, SCHEMA)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"version": VERSION + 1}, "newer version of this site"),
        ({"system": "adrenaline"}, "characters for 'adrenaline', not 'dice-and-danger'"),
        ({"entries": [wren(level=-1)]}, "entries[0].level: must be from 0 to 999, not -1"),
        (
            {"entries": [wren(), wren(attributes={"Strength": 3})]},
            "entries[1].attributes: the 'Reflex' field is missing",
        ),
        ({"entries": [{**wren(), "wounds": 1}]}, "entries[0]: unknown field 'wounds'"),
        ({"entries": [wren(armour="mithril")]}, "entries[0].armour: must be one of none, leather"),
        (
            {"entries": [wren(slots=[{"item": "x", "condition": "burnt", "gear": ""}])]},
            "entries[0].slots[0].condition: must be one of",
        ),
        ({"entries": [wren(health_outcome="Sleepy")]}, "entries[0].health_outcome: must be one of Free parking"),
        ({"entries": [wren(stowed="tent")]}, "entries[0].stowed: must be a list, not text"),
    ],
)
def test_a_bad_file_is_refused_naming_what_is_wrong(change: dict, words: str) -> None:
    assert words in refused("play_import", text=json.dumps({**document(wren()), **change}))


# --- Hypothesis: any sheet (any text, file or link: tests/test_play_contract.py) ---------------
@SOME
@given(
    CHARACTER_PARTS,
    st.dictionaries(
        st.sampled_from(
            [
                "expert",
                "boosted",
                "prepared",
                "friend",
                "hit_defense",
                "hd_reading",
                "unsuited",
                "shield",
                "armour",
                "conditions",
                "attribute",
                "dice",
                "weight",
            ]
        ),
        st.sampled_from(["", "on", "1", "3", "x", "Reflex", "plate", "tower"]) | JSON_VALUES,
        max_size=6,
    ),
    st.lists(st.integers(-2, 14) | JSON_VALUES, max_size=4) | JSON_VALUES,
    st.text(max_size=3),
    st.integers(0, 99),
)
def test_any_sheet_rolled(character: dict, fields: dict, slots: object, hits: str, seed: int) -> None:
    for action in ("play_damage_odds", "play_damage_roll", "play_save_odds", "play_save_roll"):
        only_rules_errors(action, character=character, fields=fields, seed=str(seed))
    only_rules_errors("play_take_hits", character=character, hits=hits, hit_defense="1", slots=slots)
    only_rules_errors("play_health_odds", character=character)
    only_rules_errors("play_health_roll", character=character, seed=str(seed))


def test_the_schema_names_the_system() -> None:
    assert SCHEMA.system == SYSTEM and SCHEMA.version == VERSION == 3
    assert read_character(new_character(seed=1), "x") == new_character(seed=1)


# --- issue 28: the rules at the moments that decide a fight ----------------------------------------
def error_of(action: str, **request: object) -> dict:
    """The whole error (message and field) ``action`` is refused with."""
    reply = bridge(action, **request)
    assert not reply["ok"], reply
    return reply["error"]


def health_save_of(character: dict, seed: str) -> dict:
    return ok("play_health_roll", character=character, seed=seed)


def four_conditions() -> dict:
    """Wren with a mood from an earlier fight in slot 6, then 4 hits all taken as conditions: moods over
    the empty slots 3, 4 and 8, a mar over the sword in slot 1. Owed: save 4d +1p vs DC (Health) 2."""
    earlier = wren(
        slots=[
            {"item": "sword", "condition": "", "gear": "weapon"},
            {"item": "knife", "condition": "", "gear": "off_hand"},
            *empty(3),
            {"item": "", "condition": "mood", "gear": ""},
            *empty(2),
        ]
    )
    taken = ok("play_take_hits", character=earlier, hits="4", slots=[2, 3, 0, 7])["character"]
    assert [slot["condition"] for slot in taken["slots"]] == ["mar", "", "mood", "mood", "", "mood", "", "mood"]
    assert taken["health_save"] == {"now": 4, "had": 1, "moods": [2, 3, 7]}
    return taken


def test_three_hits_on_the_health_save_make_this_attacks_moods_injuries() -> None:
    # Source: "3: Dying (mood was an injury)"; the chapter's Ruling: a mood taken from this attack
    # turns out to be an injury; below 3 hits moods stay moods. Seed 1 rolls 2 5 1 3 1 for
    # "save 4d +1p vs DC 2": the penalty die drops the lowest (a 1) and 2, 5, 3 hit: exactly 3 hits.
    dying = health_save_of(four_conditions(), "1")
    assert dying["roll"]["dice"] == [2, 5, 1, 3, 1] and dying["roll"]["hits"] == 3
    assert dying["outcome"] == "Dying" and dying["character"]["health_outcome"] == "Dying"
    slots = [slot["condition"] for slot in dying["character"]["slots"]]
    # The moods of this attack (slots 3, 4, 8) are injuries; the earlier mood in slot 6 is not.
    assert slots == ["mar", "", "injury", "injury", "", "mood", "", "injury"]
    assert dying["injured"] == [2, 3, 7] and dying["character"]["health_save"] is None
    assert dying["sheet"]["conditions"] == 5  # an injury is still one condition in its slot


def test_two_hits_on_the_health_save_leave_the_moods_moods() -> None:
    # Seed 2 rolls 1 1 1 3 2: a 1 dropped, 3 and 2 hit: 2 hits, knocked out; no mood is an injury.
    out = health_save_of(four_conditions(), "2")
    assert out["roll"]["dice"] == [1, 1, 1, 3, 2] and out["roll"]["hits"] == 2
    assert out["outcome"] == "Knocked out for the rest of the combat" and out["injured"] == []
    assert [slot["condition"] for slot in out["character"]["slots"]] == [
        "mar",
        "",
        "mood",
        "mood",
        "",
        "mood",
        "",
        "mood",
    ]


def test_broken_gear_is_not_used() -> None:
    # Source: "You can't use Broken equipment". The sword in slot 1 is Wren's weapon; broken, it gives
    # no +1d, and without a main weapon the knife's +2b goes too (the off hand needs a main hand).
    sword = {"item": "sword", "condition": "", "gear": "weapon"}
    whole = ok("play_damage_odds", character=wren(slots=[sword, *empty(7)]), fields={"armour": "plate"})
    assert whole["written"] == "1d +1d +2b vs DC 6" and whole["unusable"] == []
    broken = wren(slots=[{**sword, "condition": "break"}, *empty(7)])
    result = ok("play_damage_odds", character=broken, fields={"armour": "plate"})
    assert result["written"] == "1d vs DC 6" and result["unusable"] == ["weapon"]
    rolled = ok("play_damage_roll", character=broken, fields={"armour": "plate"}, seed="3")
    assert rolled["written"] == "1d vs DC 6"
    # A marred sword is still usable.
    marred = ok(
        "play_damage_odds", character=wren(slots=[{**sword, "condition": "mar"}, *empty(7)]), fields={"armour": "plate"}
    )
    assert marred["written"] == "1d +1d +2b vs DC 6"
    # A broken knife in the off hand: the sword alone.
    knife = {"item": "knife", "condition": "break", "gear": "off_hand"}
    assert (
        ok("play_damage_odds", character=wren(slots=[sword, knife, *empty(6)]), fields={"armour": "plate"})["written"]
        == "1d +1d vs DC 6"
    )
    # Broken leather: Armor is back to the 2 it starts at.
    leather = {"item": "leather armour", "condition": "break", "gear": "armour"}
    sheet = ok("play_sheet", character=wren(slots=[sword, leather, *empty(6)]))["sheet"]
    assert sheet["armor"] == 2 and sheet["broken_gear"] == ["armour"]
    assert (
        ok("play_sheet", character=wren(slots=[sword, {**leather, "condition": "mar"}, *empty(6)]))["sheet"]["armor"]
        == 3
    )


def test_a_hit_over_the_marred_sword_breaks_it_and_the_next_roll_goes_without() -> None:
    # Source: a condition "Over a slot that already has a Condition, which Breaks equipment".
    sword = {"item": "sword", "condition": "mar", "gear": "weapon"}
    broke = ok("play_take_hits", character=wren(slots=[sword, *empty(7)]), hits="1", slots=[0])
    assert broke["character"]["slots"][0] == {**sword, "condition": "break"} and broke["taken"]["conditions"] == [
        "break"
    ]
    assert broke["sheet"]["broken_gear"] == ["weapon"]
    assert ok("play_damage_odds", character=broke["character"], fields={})["written"] == "1d vs DC 2"


@pytest.mark.parametrize("reading", ["bonus", "literal"])
def test_a_damage_roll_charges_the_hit_defense_it_spends(reading: str) -> None:
    # Under the readings where the roller spends the Hit Defense, the roll marks one off the sheet.
    fields = {"hit_defense": "on", "hd_reading": reading, "armour": "none"}
    rolled = ok("play_damage_roll", character=wren(), fields=fields, seed="3")
    assert rolled["character"]["hit_defense_marked"] == 1 and rolled["sheet"]["hit_defense_left"] == 1
    assert rolled["spent"] == {"hit_defense": 1}
    assert ok("play_damage_odds", character=wren(), fields=fields)["spends"] == {"hit_defense": 1}
    # The last one can be spent; with none left the roll is refused, naming the field.
    last = ok("play_damage_roll", character=wren(hit_defense_marked=1), fields=fields, seed="3")
    assert last["character"]["hit_defense_marked"] == 2 and last["sheet"]["hit_defense_left"] == 0
    error = error_of("play_damage_roll", character=wren(hit_defense_marked=2), fields=fields, seed="3")
    assert error["field"] == "hit_defense" and "Wren has no Hit Defense left to spend" in error["message"]


def test_the_targets_hit_defense_is_not_the_rollers() -> None:
    # By default the target spends it: nothing comes off the roller's sheet.
    rolled = ok("play_damage_roll", character=wren(), fields={"hit_defense": "on"}, seed="3")
    assert rolled["character"]["hit_defense_marked"] == 0 and rolled["spent"] == {"hit_defense": 0}
    assert "+1p" in rolled["written"]
    # A friend's help: the friend spends theirs.
    assert (
        ok("play_damage_roll", character=wren(hit_defense_marked=2), fields={"friend": "on"}, seed="3")["character"][
            "hit_defense_marked"
        ]
        == 2
    )


def test_taking_hits_never_owes_a_save_past_the_pool() -> None:
    # 100 conditions owed is the most a Health save rolls at Health 2 (one die each): one more is refused
    # naming the request field, with the limit; the sheet is never left one its reader refuses.
    owed = wren(health_save={"now": 100, "had": 0, "moods": []})
    error = error_of("play_take_hits", character=owed, hits="1", slots=[3])
    assert error["field"] == "slots" and "at most 100" in error["message"] and "health_save.now" not in error["message"]
    # Exactly at the limit: 99 owed and one more is 100, and the sheet and the save's odds answer.
    full = ok("play_take_hits", character=wren(health_save={"now": 99, "had": 0, "moods": []}), hits="1", slots=[3])
    assert full["character"]["health_save"]["now"] == 100 and full["sheet"]["health_save"] == "save 100d vs DC 2"
    assert len(ok("play_health_odds", character=full["character"])["health_outcomes"]) == 6
    # Health 1 is DC 2 with a die more: 99 conditions at most; 100 is refused by the reader, by its place.
    low = {**wren()["attributes"], "Health": 1}
    assert "character.health_save.now: must be from 1 to 99" in refused(
        "play_sheet", character=wren(attributes=low, slots=empty(7), health_save={"now": 100, "had": 0, "moods": []})
    )
    error = error_of(
        "play_take_hits",
        character=wren(attributes=low, slots=empty(7), health_save={"now": 99, "had": 0, "moods": []}),
        hits="1",
        slots=[0],
    )
    assert error["field"] == "slots" and "at most 99" in error["message"]


def test_state_refusals_name_their_place() -> None:
    error = error_of("play_health_roll", character=wren(), seed="1")
    assert error["field"] == "character.health_save"
    assert error["message"].startswith("character.health_save: Wren owes no Health save")
    error = error_of("play_health_odds", character=wren())
    assert error["field"] == "character.health_save"


def test_the_engine_sends_the_lists_the_view_draws() -> None:
    from rules_engine.dice_and_danger import play
    from rules_engine.dice_and_danger.rules import ATTRIBUTE_NAMES, HEALTH_SAVE_OUTCOMES

    lists = ok("play_lists")["lists"]
    assert lists["attributes"] == list(ATTRIBUTE_NAMES)
    assert [value for value, _ in lists["weapons"]] == ["none", "swords", "axes", "clubs", "spears"]
    assert [value for value, _ in lists["armours"]] == ["none", "leather", "splint", "chain", "plate"]
    assert [value for value, _ in lists["shields"]] == ["none", "shield", "tower"]
    assert [value for value, _ in lists["conditions"]] == ["", "mar", "mood", "injury", "break"]
    assert lists["condition_marks"] == [["", ""], ["mar", "/"], ["mood", "M"], ["injury", "I"], ["break", "X"]]
    assert [value for value, _ in lists["gear"]] == ["", "weapon", "off_hand", "armour"]
    assert lists["outcomes"] == [name for _, name, _ in HEALTH_SAVE_OUTCOMES]
    assert [key for key, _ in lists["weapon_flags"]] == ["heavy", "ranged", "crude", "off_hand"]
    assert not hasattr(play, "TARGET_CHOICES")


VIEW = Path(__file__).parents[2] / "docs/assets/js/views/dice-and-danger-play.js"


@pytest.mark.skipif(not VIEW.is_file(), reason="the page's files are not here (inside Pyodide)")
def test_the_view_draws_the_engines_lists() -> None:
    # The view draws them from the engine's reply (play_lists): none of their words are written in it.
    view = VIEW.read_text(encoding="utf-8")
    for words in (
        "Sword or knife",
        "No armour",
        "A tower shield",
        "Free parking",
        "Flagrantly dead",
        '"Strength"',
        '"mar"',
        "Heavy melee weapon",
    ):
        assert words not in view, words


def test_a_save_against_armor_luck_or_faith() -> None:
    # Source: "Armor. Defends against weapons"; leather is "DC 3 (+1p vs spears)": the wearer's penalty die.
    leather = {"item": "leather armour", "condition": "", "gear": "armour"}
    armoured = wren(slots=[leather, *empty(7)])
    spear = ok("play_save_odds", character=armoured, fields={"attribute": "Armor", "dice": "2", "weapon": "spears"})
    assert (spear["written"], spear["what"]) == ("save 2d +1p vs DC 3", "Armor 3")
    assert (
        ok("play_save_odds", character=armoured, fields={"attribute": "Armor", "dice": "2", "weapon": "swords"})[
            "written"
        ]
        == "save 2d vs DC 3"
    )
    # The weapon counts only on a save against Armor.
    assert (
        ok("play_save_odds", character=armoured, fields={"attribute": "Reflex", "dice": "2", "weapon": "spears"})[
            "written"
        ]
        == "save 2d vs DC 4"
    )
    # Broken leather is not used: Armor 2, as with none, and none is weak against swords ("+1p vs swords").
    broken = wren(slots=[{**leather, "condition": "break"}, *empty(7)])
    sword = ok("play_save_odds", character=broken, fields={"attribute": "Armor", "dice": "2", "weapon": "swords"})
    assert (sword["written"], sword["what"]) == ("save 2d +1p vs DC 2", "Armor 2")
    # Luck from the attributes' sum: five 5s sum to 25, "22-28: Luck 3+1h" (the Ruling: +1h on rolls against it).
    lucky = wren(attributes=dict.fromkeys(wren()["attributes"], 5), slots=empty(11))
    luck = ok("play_save_odds", character=lucky, fields={"attribute": "Luck"})
    assert (luck["written"], luck["what"], luck["odds"]["notation"]) == (
        "save 1d +1h vs DC 3",
        "Luck 3+1h",
        "save 1d+1h vs DC 3",
    )
    # Faith "Starts at 2".
    assert ok("play_save_odds", character=wren(), fields={"attribute": "Faith"})["written"] == "save 1d vs DC 2"
    error = error_of("play_save_odds", character=wren(), fields={"attribute": "Armor", "weapon": "bows"})
    assert error["field"] == "weapon"


def test_a_save_against_an_attribute_of_1_leaves_room_for_its_extra_die() -> None:
    # An attribute of 1 is DC 2 with +1d: 99 of the danger's dice are the most, and 100 is refused by its field.
    weak = wren(attributes={**wren()["attributes"], "Will": 1})
    assert (
        ok("play_save_odds", character=weak, fields={"attribute": "Will", "dice": "99"})["odds"]["notation"]
        == "save 100d vs DC 2"
    )
    error = error_of("play_save_odds", character=weak, fields={"attribute": "Will", "dice": "100"})
    assert error["field"] == "dice" and "from 1 to 99" in error["message"]


def test_the_moods_a_save_is_owed_for_follow_the_sheet() -> None:
    owed = {"now": 2, "had": 0, "moods": [3, 2, 3]}
    moods = wren(
        slots=[
            *empty(2),
            {"item": "", "condition": "mood", "gear": ""},
            {"item": "", "condition": "mood", "gear": ""},
            *empty(4),
        ],
        health_save=owed,
    )
    assert ok("play_sheet", character=moods)["character"]["health_save"]["moods"] == [2, 3]
    # A mood changed by hand (here to no condition) drops out of the list.
    changed = {**moods, "slots": [*moods["slots"][:3], *empty(5)]}
    assert ok("play_sheet", character=changed)["character"]["health_save"]["moods"] == [2]
    error = error_of("play_sheet", character={**moods, "health_save": {**owed, "moods": [8]}})
    # (The place: the request key, or, where the shared reader names it, the entry's own field.)
    assert error["field"] in ("character", "character.health_save.moods[0]") and error["message"].startswith(
        "character.health_save.moods[0]: must be from 0 to 7, not 8"
    )
    assert "character.health_save.moods: 3 moods, but the save is owed for 2 conditions" in refused(
        "play_sheet", character={**moods, "health_save": {**owed, "moods": [1, 2, 3]}}
    )


def test_a_new_characters_name() -> None:
    assert ok("play_new", name="   ")["character"]["name"] == "New character"
    assert ok("play_new", name="x" * 70)["character"]["name"] == "x" * 60
    error = error_of("play_new", name="Mara\u0007")
    assert error["field"] == "name" and "control character" in error["message"]


def test_a_roll_spending_the_last_hit_defense_is_refused_before_it_is_rolled() -> None:
    fields = {"hit_defense": "on", "hd_reading": "literal"}
    error = error_of("play_damage_odds", character=wren(hit_defense_marked=2), fields=fields)
    assert error["field"] == "hit_defense" and "Wren has no Hit Defense left to spend" in error["message"]
    # Level 0 has no Hit Defense at all.
    assert (
        error_of("play_damage_roll", character=wren(level=0, titles=[]), fields=fields, seed="1")["field"]
        == "hit_defense"
    )


# --- what the taps ask: each save's chance before it, the chance of a roll's result after ----------
def test_every_save_the_sheet_can_roll_with_its_chance_of_coming_out_clean() -> None:
    saves = ok("play_save_chances", character=wren(), fields={})["saves"]
    assert [s["against"] for s in saves] == [
        "Strength",
        "Reflex",
        "Health",
        "Intelligence",
        "Will",
        "Armor",
        "Luck",
        "Faith",
    ]
    # One die against each DC: clean when it shows less than the DC (a die past 1 below DC 2 is the DC-1 rule's).
    clean = {s["what"]: Fraction(s["clean"]["ratio"]) for s in saves}
    assert clean == {
        "Strength 3": Fraction(1, 3),
        "Reflex 4": Fraction(1, 2),
        "Health 2": Fraction(1, 6),
        "Intelligence 1": Fraction(1, 36),
        "Will 5": Fraction(2, 3),
        "Armor 3": Fraction(1, 3),
        "Luck 3": Fraction(1, 3),
        "Faith 2": Fraction(1, 6),
    }
    assert saves[1]["clean"]["percent"] == "50.00%" and saves[3]["written"] == "save 1d vs DC 1"
    # The form's other choices count: 2 dice +2p (4 stowed items) against Reflex 4 keep the two highest of
    # four, clean only when all four miss: (1/2)^4.
    reflex = ok("play_save_chances", character=wren(), fields={"dice": "2", "weight": "on"})["saves"][1]
    assert reflex["written"] == "save 2d +2p vs DC 4" and Fraction(reflex["clean"]["ratio"]) == Fraction(1, 16)
    assert "The danger's dice must be" in refused("play_save_chances", character=wren(), fields={"dice": "x"})
    assert "the dead roll no more" in refused("play_save_chances", character=wren(health_outcome="Dead"), fields={})


@pytest.mark.parametrize(
    ("seed", "hits", "chance"), [("4", 0, Fraction(2, 3)), ("5", 1, Fraction(5, 18)), ("20", 2, Fraction(5, 108))]
)
def test_a_rolls_reply_gives_the_exact_chance_of_its_result(seed: str, hits: int, chance: Fraction) -> None:
    # One die against Will 5: 0 hits on 1-4; 1 hit on a 5, or a 6 whose explosion misses (1/6 + 1/6 * 4/6);
    # 2 hits on a 6 then a 5, or 6, 6 and a miss (1/36 + 1/36 * 4/6).
    rolled = ok("play_save_roll", character=wren(), fields={"attribute": "Will"}, seed=seed)
    assert rolled["hits"] == hits and Fraction(rolled["chance"]["ratio"]) == chance
    damage = ok("play_damage_roll", character=wren(weapon=NO_WEAPON), fields={}, seed=seed)
    assert damage["written"] == "1d vs DC 2"
    # 1d vs DC 2: no hit on a 1 (1/6); k hits on k - 1 sixes then a 2-5, or k sixes then a 1.
    k, sixth = damage["roll"]["hits"], Fraction(1, 6)
    by_hand = sixth if k == 0 else sixth ** (k - 1) * 4 * sixth + sixth**k * sixth
    assert Fraction(damage["chance"]["ratio"]) == by_hand


def test_the_health_saves_reply_gives_the_chance_of_its_outcome() -> None:
    owed = wren(health_save={"now": 1, "had": 0, "moods": []})
    rolled = ok("play_health_roll", character=owed, seed="9")
    shown = next(o for o in rolled["health_outcomes"] if o["name"] == rolled["outcome"])
    assert rolled["chance"] == {"ratio": shown["ratio"], "percent": shown["percent"]}


def test_hits_taken_one_tap_at_a_time_mark_what_they_mark_at_once() -> None:
    # A tap takes one hit: on Hit Defense, or over a slot. Two taps on empty slots 4 and 5 (moods), one on
    # Hit Defense and one on the sword (a mar) leave the sheet as the four hits taken at once do.
    one = wren()
    for taken in ({"hit_defense": "1"}, {"slots": [3]}, {"slots": [0]}, {"slots": [4]}):
        one = ok("play_take_hits", character=one, hits="1", **taken)["character"]
    at_once = ok("play_take_hits", character=wren(), hits="4", hit_defense="1", slots=[3, 0, 4])["character"]
    assert one == at_once
    assert one["health_save"] == {"now": 3, "had": 0, "moods": [3, 4]} and one["hit_defense_marked"] == 1
    # A tap over the marred sword breaks it; one more over the break keeps it broken, a condition taken.
    again = ok("play_take_hits", character=one, hits="1", slots=[0])["character"]
    again = ok("play_take_hits", character=again, hits="1", slots=[0])["character"]
    assert again["slots"][0]["condition"] == "break" and again["health_save"]["now"] == 5


def test_a_character_sent_with_its_log_is_played_and_answered_without_it() -> None:
    # The page sends the character as saved, its log with it; the reply's character is the sheet alone.
    logged = wren(
        log=[
            {
                "what": "Wren rolled a save against Will.",
                "dice": "save 1d vs DC 5, seed 4: 2",
                "result": "no hits",
                "chance": "66.67% (2/3)",
            }
        ]
    )
    for action, request in (
        ("play_take_hits", {"hits": "1", "slots": [3]}),
        ("play_damage_roll", {"fields": {}}),
        ("play_save_roll", {"fields": {"attribute": "Will"}}),
    ):
        result = ok(action, character=logged, seed="4", **request)
        assert "log" not in result.get("character", {}), action
    assert ok("play_take_hits", character=logged, hits="1", slots=[3])["character"]["slots"][3]["condition"] == "mood"


def test_a_marked_hit_defense_is_cleared_by_hand() -> None:
    # A tap on a marked box sends the sheet with one mark fewer: level 2 gives 2, one marked leaves 1.
    cleared = ok("play_sheet", character=wren(hit_defense_marked=1))
    assert cleared["character"]["hit_defense_marked"] == 1 and cleared["sheet"]["hit_defense_left"] == 1
    cleared = ok("play_sheet", character={**cleared["character"], "hit_defense_marked": 0})
    assert cleared["sheet"]["hit_defense_left"] == 2
    assert "must be from 0 to 2, not -1" in refused("play_sheet", character=wren(hit_defense_marked=-1))
