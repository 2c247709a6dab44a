"""Doom Stack's play tool in the engine: the bridge actions (``rules_engine/doom_stack/play.py``)
and its saved characters as the reader (``rules_engine/core/play.py``) takes or refuses them.
Any text, file or link, and any document read back are the shared play contract's
(tests/test_play_contract.py, fed Doom Stack's characters from play_strategies.py); any sheet
rolled or hit is here: it answers or refuses with one RulesError, never anything else."""

from __future__ import annotations

import json
from functools import partial

import play_documents
import pytest
from hypothesis import given
from hypothesis import strategies as st
from play_documents import SOME, link_of

from rules_engine.core.errors import RulesError
from rules_engine.core.play import FORMAT, MAX_LINK_CHARS, PlaySchema, decode_link, encode_link, read_document
from rules_engine.doom_stack.play import SCHEMA, VERSION, new_character, read_character
from rules_engine.doom_stack.rules import bleed_out_death_chance

from .play_strategies import CHARACTER_PARTS

bridge, ok, refused, only_rules_errors = (partial(helper, "doom-stack") for helper in (
    play_documents.bridge, play_documents.ok, play_documents.refused, play_documents.only_rules_errors))


def vex(**changes: object) -> dict:
    character = {"name": "Vex", "attributes": {"Strength": 3, "Agility": 4, "Willpower": 2},
                 "skills": {"Firearms": 3, "Stealth": 1}, "marks": "", "overflow": 0, "attention": []}
    return {**character, **changes}


def document(*entries: dict, version: int = VERSION) -> dict:
    return {"format": FORMAT, "version": version, "system": "doom-stack", "entries": list(entries)}


# --- the actions -------------------------------------------------------------------------------
def test_a_new_character_is_the_average_person() -> None:
    result = ok("play_new", name="  Rook  ")
    assert result["character"] == {"name": "Rook", "attributes": {"Strength": 2, "Agility": 2, "Willpower": 2},
                                   "skills": {}, "marks": "", "overflow": 0, "attention": []}
    assert result["sheet"]["boxes"] == 8 and result["sheet"]["movement"] == 12
    assert result["sheet"]["track"]["state"] == "still in action"


def test_hit_boxes_are_four_plus_strength_plus_willpower() -> None:
    assert ok("play_sheet", character=vex())["sheet"]["boxes"] == 4 + 3 + 2
    assert ok("play_sheet", character=vex(attributes={"Strength": 0, "Willpower": 5}))["sheet"]["boxes"] == 9
    assert ok("play_sheet", character=vex(attributes={"Strength": 0, "Willpower": 5}))["sheet"]["movement"] is None


def test_a_roll_from_the_sheet_is_the_rollers_roll_and_leaves_its_attention_pool() -> None:
    result = ok("play_roll", character=vex(), attribute="Agility", skill="Firearms", modifiers="+9", tn="6",
                seed="31")
    # Agility 4 + Firearms 3, modifiers capped at ⌊7/2⌋ = 3: the roller's own roll of 10 dice.
    rolled = ok("roll_fields", fields={"attribute": "4", "skill": "3", "modifiers": "+9", "tn": "6"}, seed="31")
    assert result["roll"]["dice"] == rolled["dice"] and len(rolled["dice"]) == 10
    assert result["pool_line"] == rolled["pool_line"]
    assert result["character"]["attention"] == rolled["attention_pool"]
    assert result["what"] == "Agility + Firearms"


def test_a_roll_without_a_skill_and_with_unknown_names() -> None:
    result = ok("play_roll", character=vex(), attribute="Strength", skill="", modifiers="", tn="", seed="2")
    assert len(result["roll"]["dice"]) == 3
    assert "no attribute 'Charm'" in refused("play_roll", character=vex(), attribute="Charm", skill="", seed="1")
    assert "no skill 'Magic'" in refused("play_roll", character=vex(), attribute="Strength", skill="Magic", seed="1")


def test_an_attack_fills_the_track_like_the_attack_helper() -> None:
    fields = {"attack": "12", "defence": "3", "body": "2"}
    result = ok("play_attack", character=vex(marks="X/"), fields=fields)
    helper = ok("attack_fields", fields={**fields, "cover": "", "hard": "", "antitank": "", "boxes": "9",
                                         "physical": "1", "stun": "1", "overflow": "0"})
    assert result["attack"]["after"] == helper["after"]
    assert result["character"]["marks"] == "X/" + helper["after"]["marks"][2:]
    assert result["character"]["overflow"] == helper["after"]["overflow"] == 2
    assert result["sheet"]["track"]["state"] == "dying and knocked out"


def test_bleeding_out_one_hour() -> None:
    dying = vex(marks="X" * 9, overflow=3)
    faces = set()
    for seed in range(40):
        result = ok("play_bleed", character=dying, seed=str(seed))
        faces.add(result["die"])
        assert result["stable"] == (result["die"] == 1)
        assert result["character"]["overflow"] == 3 + (result["die"] != 1)
    assert faces == {1, 2, 3, 4, 5, 6}
    assert "only a dying character" in refused("play_bleed", character=vex(), seed="1")
    assert bleed_out_death_chance(3, 9) > 0  # the page's helper gives the chance; the sheet rolls


def test_healing_clears_stun_then_everything() -> None:
    hurt = vex(marks="X/X/", overflow=0)
    assert ok("play_heal", character=hurt, kind="stun")["character"]["marks"] == "X/X"
    assert ok("play_heal", character=hurt, kind="all")["character"]["marks"] == ""
    assert "no stun box" in refused("play_heal", character=vex(marks="XX"), kind="stun")


# --- the stored format --------------------------------------------------------------------------
def test_export_import_and_link_give_back_the_same_document() -> None:
    saved = document(vex(), vex(name="Rook", marks="X/", overflow=0, attention=[6, 2]))
    assert ok("play_import", text=json.dumps(saved))["document"] == saved
    link = ok("play_link", document=saved)["link"]
    assert set(link) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert len(link) < len(json.dumps(saved))  # compact
    assert ok("play_open_link", link=link)["document"] == saved


@pytest.mark.parametrize(("change", "words"), [
    ({"version": VERSION + 1}, "newer version of this site (format version 2; this page reads up to 1)"),
    ({"version": 0}, '"version" must be a whole number from 1'),
    ({"format": "something else"}, "not a saved sheet of this site"),
    ({"system": "action"}, "characters for 'action', not 'doom-stack'"),
    ({"entries": {}}, "entries: must be a list, not an object"),
    ({"extra": 1}, "unknown field 'extra'"),
    ({"entries": [vex(marks="XXXXXXXXXX")]}, "entries[0].marks: 10 marks, but the character has 9 hit boxes"),
    ({"entries": [vex(), vex(overflow=10)]}, "entries[1].overflow: must be from 0 to 9, not 10"),
    ({"entries": [vex(attributes={"Strength": 2})]}, "entries[0].attributes: Willpower is missing"),
    ({"entries": [vex(skills={"Firearms": "3"})]}, "entries[0].skills.Firearms: must be a whole number from 0 to 20"),
    ({"entries": [vex(attention=[7])]}, "entries[0].attention[0]: must be from 1 to 6, not 7"),
    ({"entries": [vex(name="")]}, "entries[0].name: must not be empty"),
    ({"entries": [vex(name="a\u0007b")]}, "entries[0].name: holds a control character"),
    ({"entries": [{**vex(), "hp": 3}]}, "entries[0]: unknown field 'hp'"),
])
def test_a_bad_file_is_refused_naming_what_is_wrong(change: dict, words: str) -> None:
    assert words in refused("play_import", text=json.dumps({**document(vex()), **change}))


@pytest.mark.parametrize(("text", "words"), [
    ("", "the file is not JSON"),
    ("[1, 2", "the file is not JSON"),
    ("[]", "it holds a list, not an object"),
    ("[" * 100 + "]" * 100, "nested too deeply"),
    ("1" * 5000, "too many digits"),
    (" " * 300_000, "too long"),
])
def test_a_file_that_is_not_a_document(text: str, words: str) -> None:
    assert words in refused("play_import", text=text)


@pytest.mark.parametrize(("link", "words"), [
    ("", "not base64url"),
    ("abc$", "not base64url"),
    ("A" * (MAX_LINK_CHARS + 1), "too long"),
    ("____", "cannot be unpacked"),
    (link_of(b"\xff\xfe"), "not text"),
    (link_of(b"[" * 3), "not JSON"),
    (link_of(b" " * 1_000_000), "too much"),
])
def test_a_damaged_or_hostile_link(link: str, words: str) -> None:
    assert words in refused("play_open_link", link=link)


def test_a_cut_link_is_refused() -> None:
    link = ok("play_link", document=document(vex()))["link"]
    for cut in (1, 5, len(link) // 2):
        assert "damaged" in refused("play_open_link", link=link[:-cut])


def test_an_old_version_is_migrated_never_dropped() -> None:
    # A schema one version on, whose migration from version 1 renames the marks.
    def to_two(old: dict) -> dict:
        return {**old, "version": 2, "entries": [{**e, "name": e["name"] + " (kept)"} for e in old["entries"]]}

    newer = PlaySchema("doom-stack", 2, read_character, {1: to_two})
    read = read_document(document(vex()), newer)
    assert read["version"] == 2 and read["entries"][0]["name"] == "Vex (kept)"
    gap = PlaySchema("doom-stack", 3, read_character, {1: to_two})
    with pytest.raises(RulesError, match="format version 2 cannot be brought up to date"):
        read_document(document(vex()), gap)


# --- Hypothesis: any sheet (any text, file or link: tests/test_play_contract.py) ---------------
@SOME
@given(CHARACTER_PARTS, st.sampled_from(["Strength", "Agility", "Nope"]), st.text(max_size=6), st.integers(0, 99))
def test_any_sheet_rolled_or_hit(character: dict, attribute: str, modifiers: str, seed: int) -> None:
    only_rules_errors("play_roll", character=character, attribute=attribute, skill="", modifiers=modifiers, tn="",
                      seed=str(seed))
    only_rules_errors("play_attack", character=character, fields={"attack": str(seed % 20), "defence": modifiers})
    only_rules_errors("play_bleed", character=character, seed=str(seed))


def test_the_schema_names_the_system() -> None:
    assert SCHEMA.system == "doom-stack" and SCHEMA.version == VERSION == 1
    assert read_character(new_character(), "x") == new_character()
    assert encode_link(document(vex()))  # a plain call, outside the bridge
    assert decode_link(encode_link(document(vex())), SCHEMA) == document(vex())
