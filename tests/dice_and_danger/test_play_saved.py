"""dice & danger's saved work survives the change of schema: a document saved by the engine of
schema version 1 (``data/saved_v1.json``, made through the bridge before version 2) opens, from a
file and from the device, as version 2 with exactly the entries it held, each slot holding no
gear and each Health save owed listing the moods taken for it (``play.from_version_1``)."""

from __future__ import annotations

import copy
import json
from functools import partial
from pathlib import Path

import play_documents

from rules_engine.dice_and_danger.play import VERSION

SYSTEM = "dice-and-danger"
ok = partial(play_documents.ok, SYSTEM)
SAVED_V1 = Path(__file__).parent / "data" / "saved_v1.json"


def saved() -> dict:
    return json.loads(SAVED_V1.read_text(encoding="utf-8"))


def test_the_fixture_is_version_1() -> None:
    document = saved()
    assert document["version"] == 1 and VERSION == 3
    assert [entry["name"] for entry in document["entries"]] == ["Rook", "Wren", "Mara :-[ the Bold", "Fen", "Ivo"]
    # Every field of version 1 is exercised: a save owed (Wren, Fen), outcomes, marks, all four conditions.
    conditions = {slot["condition"] for entry in document["entries"] for slot in entry["slots"]}
    assert conditions == {"", "mar", "mood", "break"}


def test_a_version_1_document_opens_as_version_2_with_the_same_entries() -> None:
    old = saved()
    expected = copy.deepcopy(old["entries"])
    for entry in expected:
        for slot in entry["slots"]:
            slot["gear"] = ""
    # Wren's save was owed with 1 condition had before it, Fen's with 2: which moods it took is not
    # known, and none are listed.
    expected[1]["health_save"] = {"now": 2, "had": 1, "moods": []}
    expected[3]["health_save"] = {"now": 2, "had": 2, "moods": []}
    for entry, name in zip(expected, ["Rook", "Wren", "Mara :-[ the Bold", "Fen", "Ivo"]):
        assert entry["name"] == name
    want = {"format": "dice-srd-play", "version": VERSION, "system": SYSTEM, "entries": expected}
    assert ok("play_import", text=SAVED_V1.read_text(encoding="utf-8"))["document"] == want
    assert ok("play_check", document=old)["document"] == want
    # The rest is as saved: the values written by version 1, field by field.
    wren = want["entries"][1]
    assert wren["hit_defense_marked"] == 1 and wren["slots"][2] == {
        "item": "leather armour",
        "condition": "break",
        "gear": "",
    }
    assert wren["slots"][4] == {"item": "", "condition": "mood", "gear": ""}
    assert want["entries"][2]["health_outcome"] == "Knocked out for the rest of the combat"
    assert want["entries"][4]["health_outcome"] == "Dying" and want["entries"][4]["level"] == 999
    # Read again, it is unchanged, and a link carries it whole.
    assert ok("play_check", document=want)["document"] == want
    assert ok("play_open_link", link=ok("play_link", document=want)["link"])["document"] == want


def test_a_save_owed_with_no_condition_had_took_every_mood_on_the_sheet() -> None:
    # With nothing had before the save became owed, every mood on the sheet was taken for it.
    rook = copy.deepcopy(saved()["entries"][0])
    rook["slots"][1]["condition"] = "mood"
    rook["slots"][4]["condition"] = "mood"
    rook["slots"][5] = {"item": "lamp", "condition": "mar"}
    rook["health_save"] = {"now": 3, "had": 0}
    document = {"format": "dice-srd-play", "version": 1, "system": SYSTEM, "entries": [rook]}
    read = ok("play_check", document=document)["document"]["entries"][0]
    assert read["health_save"] == {"now": 3, "had": 0, "moods": [1, 4]}


def test_entries_already_in_the_new_shape_under_version_1_are_read_as_they_are() -> None:
    # The page starts a document at version 1 and adds the engine's entries to it: those entries are
    # version 2's already, and the migration leaves them as they are.
    made = ok("play_new", name="Vex", seed="3")["character"]
    made["slots"][0] = {"item": "sword", "condition": "mood", "gear": "weapon"}
    made["health_save"] = {"now": 1, "had": 0, "moods": [0]}
    made = ok("play_sheet", character=made)["character"]
    document = {"format": "dice-srd-play", "version": 1, "system": SYSTEM, "entries": [made]}
    assert ok("play_check", document=document)["document"]["entries"] == [made]


def test_version_1_states_version_2_reads_differently_still_open() -> None:
    rook = copy.deepcopy(saved()["entries"][0])  # Health 1: 7 slots
    assert rook["attributes"]["Health"] == 1
    # More moods on the sheet than conditions owed: not all were taken for it, and none are listed.
    rook["slots"][0]["condition"] = rook["slots"][1]["condition"] = "mood"
    rook["health_save"] = {"now": 1, "had": 0}
    document = {"format": "dice-srd-play", "version": 1, "system": SYSTEM, "entries": [rook]}
    assert ok("play_check", document=document)["document"]["entries"][0]["health_save"] == {
        "now": 1,
        "had": 0,
        "moods": [],
    }
    # Version 1 kept a save owed for 100 conditions at Health 1 (101 dice, which no sheet could draw):
    # it is owed for 99, the most a save rolls there, and the sheet draws it.
    rook["health_save"] = {"now": 100, "had": 2}
    read = ok("play_check", document=document)["document"]["entries"][0]
    assert read["health_save"] == {"now": 99, "had": 2, "moods": []}
    assert ok("play_sheet", character=read)["sheet"]["health_save"] == "save 99d +2p vs DC 1"
