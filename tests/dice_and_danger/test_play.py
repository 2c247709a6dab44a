"""dice & danger's play tool in the engine: the bridge actions
(``rules_engine/dice_and_danger/play.py``) with hand-checked small cases, and its saved
characters as the reader takes or refuses them. Any text, file or link, and any document read
back are the shared play contract's (tests/test_play_contract.py, fed dice & danger's characters
from play_strategies.py); any sheet rolled is here: it answers or refuses with one RulesError,
never anything else."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import partial

import play_documents
import pytest
from hypothesis import given
from hypothesis import strategies as st
from play_documents import JSON_VALUES, SOME

from rules_engine.core.play import FORMAT, decode_link, encode_link
from rules_engine.dice_and_danger import odds_notation
from rules_engine.dice_and_danger.play import SCHEMA, VERSION, new_character, read_character

from .play_strategies import CHARACTER_PARTS

SYSTEM = "dice-and-danger"
bridge, ok, refused, only_rules_errors = (partial(helper, SYSTEM) for helper in (
    play_documents.bridge, play_documents.ok, play_documents.refused, play_documents.only_rules_errors))
NO_WEAPON = {"family": "none", "heavy": False, "ranged": False, "crude": False, "off_hand": False}


def empty(n: int) -> list[dict]:
    return [{"item": "", "condition": ""} for _ in range(n)]


def wren(**changes: object) -> dict:
    """Level 2 (tier 2: one boosted title), Health 2 (8 slots), a sword and a knife, leather."""
    character = {
        "name": "Wren", "level": 2,
        "attributes": {"Strength": 3, "Reflex": 4, "Health": 2, "Intelligence": 1, "Will": 5},
        "titles": [{"text": "ship's carpenter", "boosted": False}, {"text": "slayer of goblins", "boosted": True}],
        "hit_defense_marked": 0,
        "weapon": {"family": "swords", "heavy": False, "ranged": False, "crude": False, "off_hand": True},
        "armour": "leather",
        "slots": [{"item": "sword", "condition": ""}, {"item": "knife", "condition": ""},
                  {"item": "leather armour", "condition": ""}, *empty(5)],
        "stowed": ["tent", "pan", "rope", "lamp"],
        "health_save": None, "health_outcome": None,
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
    assert len(ok("play_sheet", character=wren(attributes={**wren()["attributes"], "Health": 4}))["character"]["slots"]) == 10
    low = ok("play_sheet", character=wren(attributes={**wren()["attributes"], "Health": 1}))["character"]
    assert len(low["slots"]) == 7
    full = wren(slots=[{"item": f"thing {i}", "condition": ""} for i in range(8)],
                attributes={**wren()["attributes"], "Health": 1})
    assert "character.slots: 8 slots are used, but Health 1 gives 7" in refused("play_sheet", character=full)


def test_the_sheet_refuses_what_the_rules_do_not_allow() -> None:
    assert "character.titles: 2 boosted, but level 1 (tier 1) boosts 0" in refused(
        "play_sheet", character=wren(level=1, titles=[{"text": "a", "boosted": True}, {"text": "b", "boosted": True}]))
    assert "character.hit_defense_marked: must be from 0 to 2, not 3" in refused(
        "play_sheet", character=wren(hit_defense_marked=3))
    assert "character.weapon.ranged: a heavy weapon is a melee weapon" in refused(
        "play_sheet", character=wren(weapon={**NO_WEAPON, "family": "axes", "heavy": True, "ranged": True}))
    assert "character.weapon.off_hand" in refused("play_sheet", character=wren(weapon={**NO_WEAPON, "off_hand": True}))
    assert "character.attributes.Will: must be from 1 to 6, not 7" in refused(
        "play_sheet", character=wren(attributes={**wren()["attributes"], "Will": 7}))


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


def test_a_boosted_title_and_conditions_add_their_terms() -> None:
    marred = wren(slots=[{"item": "sword", "condition": "mar"}, *empty(7)])
    result = ok("play_damage_odds", character=marred,
                fields={"expert": "on", "boosted": "on", "conditions": "1", "armour": "none"})
    # Acting, expert, the sword, the knife, then +1d boosted and +1p for the marred sword; no armour is
    # weak against swords: the target's +1p, a bonus die for Wren.
    assert result["written"] == "1d +1d +1d +2b +1d +1p vs DC 2 & +1p"
    assert [step["field"] for step in result["steps"]] == ["acting", "expert", "weapon", "off_hand", "boosted",
                                                           "conditions", "armour"]
    assert result["odds"]["notation"] == "4d+2b vs DC 2"
    assert "tick Expert too" in refused("play_damage_odds", character=wren(), fields={"boosted": "on"})
    assert "Wren has no boosted title yet" in refused(
        "play_damage_odds", character=wren(titles=[]), fields={"expert": "on", "boosted": "on"})
    assert "Relevant conditions must be 0: Wren has no conditions" in refused(
        "play_damage_odds", character=wren(), fields={"conditions": "1"})


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
    assert "Against must be one of Strength" in refused("play_save_odds", character=wren(),
                                                        fields={"attribute": "Luck"})


def test_hits_taken_mark_hit_defense_and_conditions() -> None:
    marred = wren(slots=[{"item": "sword", "condition": "mar"}, *empty(7)])
    # 4 hits: 1 on Hit Defense; a condition over the empty slot 2 (a mood), over the marred sword in
    # slot 1 (it breaks), over the empty slot 3 (a mood).
    result = ok("play_take_hits", character=marred, hits="4", hit_defense="1", slots=[1, 0, 2])
    character = result["character"]
    assert character["hit_defense_marked"] == 1 and result["sheet"]["hit_defense_left"] == 1
    assert [slot["condition"] for slot in character["slots"][:4]] == ["break", "mood", "mood", ""]
    assert result["taken"] == {"hit_defense": 1, "conditions": ["mood", "break", "mood"]}
    # Three conditions taken, one already had: save 3d +1p vs DC (Health) 2.
    assert character["health_save"] == {"now": 3, "had": 1}
    assert result["sheet"]["health_save"] == "save 3d +1p vs DC 2"
    assert "4 hits to take: mark each" in refused("play_take_hits", character=wren(), hits="4", hit_defense="1",
                                                  slots=[0])
    assert "Wren has 2 Hit Defense left to mark, not 3" in refused("play_take_hits", character=wren(), hits="3",
                                                                    hit_defense="3", slots=[])
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
    assert ok("play_import", text=json.dumps(saved))["document"] == saved
    link = ok("play_link", document=saved)["link"]
    assert ok("play_open_link", link=link)["document"] == saved
    assert decode_link(encode_link(saved), SCHEMA) == saved


@pytest.mark.parametrize(("change", "words"), [
    ({"version": VERSION + 1}, "newer version of this site"),
    ({"system": "adrenaline"}, "characters for 'adrenaline', not 'dice-and-danger'"),
    ({"entries": [wren(level=-1)]}, "entries[0].level: must be from 0 to 999, not -1"),
    ({"entries": [wren(), wren(attributes={"Strength": 3})]}, "entries[1].attributes: the 'Reflex' field is missing"),
    ({"entries": [{**wren(), "wounds": 1}]}, "entries[0]: unknown field 'wounds'"),
    ({"entries": [wren(armour="mithril")]}, "entries[0].armour: must be one of none, leather"),
    ({"entries": [wren(slots=[{"item": "x", "condition": "burnt"}])]}, "entries[0].slots[0].condition: must be one of"),
    ({"entries": [wren(health_outcome="Sleepy")]}, "entries[0].health_outcome: must be one of Free parking"),
    ({"entries": [wren(stowed="tent")]}, "entries[0].stowed: must be a list, not text"),
])
def test_a_bad_file_is_refused_naming_what_is_wrong(change: dict, words: str) -> None:
    assert words in refused("play_import", text=json.dumps({**document(wren()), **change}))


# --- Hypothesis: any sheet (any text, file or link: tests/test_play_contract.py) ---------------
@SOME
@given(CHARACTER_PARTS, st.dictionaries(st.sampled_from(["expert", "boosted", "prepared", "friend", "hit_defense",
                                                         "hd_reading", "unsuited", "shield", "armour", "conditions",
                                                         "attribute", "dice", "weight"]),
                                        st.sampled_from(["", "on", "1", "3", "x", "Reflex", "plate", "tower"]) | JSON_VALUES,
                                        max_size=6),
       st.lists(st.integers(-2, 14) | JSON_VALUES, max_size=4) | JSON_VALUES, st.text(max_size=3), st.integers(0, 99))
def test_any_sheet_rolled(character: dict, fields: dict, slots: object, hits: str, seed: int) -> None:
    for action in ("play_damage_odds", "play_damage_roll", "play_save_odds", "play_save_roll"):
        only_rules_errors(action, character=character, fields=fields, seed=str(seed))
    only_rules_errors("play_take_hits", character=character, hits=hits, hit_defense="1", slots=slots)
    only_rules_errors("play_health_odds", character=character)
    only_rules_errors("play_health_roll", character=character, seed=str(seed))


def test_the_schema_names_the_system() -> None:
    assert SCHEMA.system == SYSTEM and SCHEMA.version == VERSION == 1
    assert read_character(new_character(seed=1), "x") == new_character(seed=1)
