"""Action!'s saved scenes survive the change to format version 2 (issue 28): a document saved
by the version-1 engine (``data/saved_v1.json``, made through the bridge before the change:
three scenes, Shot-pool and card Initiative, every kind of mook, hurt characters, a rest, an
Action, a roll, Shots spent, padding cards, a card pushed out) reads back, through a file, the
device and a link, as the same scenes in version 2's shape."""

from __future__ import annotations

import copy
import json
from functools import partial
from pathlib import Path

import play_documents

from rules_engine.action.play import VERSION

ok = partial(play_documents.ok, "action")
SAVED_V1 = Path(__file__).parent / "data" / "saved_v1.json"


def by_hand(v1: dict) -> list[dict]:
    """The version-1 entries as version 2 keeps them, written out here apart from the engine:
    ``acted`` names the Action (a Sequence with a roll: "action"; without: "quiet"; none: ""),
    nothing spent is known, no one is Shaken, dying or knocked out by a roll, and a character
    whose shock had reached Health (down in version 1) is down for the ten minutes (100)."""
    entries = copy.deepcopy(v1["entries"])
    for scene in entries:
        for c in scene["combatants"]:
            if c["kind"] == "mooks":
                c["shaken"] = 0
                continue
            c["acted"] = ("action" if c["rolled"] else "quiet") if c["acted"] else ""
            c.update(
                {
                    "spent": False,
                    "shaken": False,
                    "out": 100 if c["shock"] >= c["health"] else 0,
                    "out_margin": 0,
                    "wake_due": False,
                    "life": "alive",
                }
            )
    return entries


def test_the_saved_file_is_version_1() -> None:
    saved = json.loads(SAVED_V1.read_text(encoding="utf-8"))
    assert saved["version"] == 1 and VERSION == 3
    assert [e["name"] for e in saved["entries"]] == ["The docks", "Rooftop chase", "Quiet night"]


def test_a_version_1_document_opens_as_version_2() -> None:
    saved = json.loads(SAVED_V1.read_text(encoding="utf-8"))
    expected = by_hand(saved)
    # The cases worked out: Ann rested (no roll): "quiet"; Bo acted and rolled, and his 15 shock
    # had reached Health 15: "action", down; the chase's Character 1 spent Shots on an Action out
    # of Sequence (a roll, no Sequence Action): "".
    docks, chase, _ = expected
    assert (docks["combatants"][0]["acted"], docks["combatants"][0]["out"]) == ("quiet", 0)
    assert (docks["combatants"][1]["acted"], docks["combatants"][1]["out"]) == ("action", 100)
    assert (chase["combatants"][0]["acted"], chase["combatants"][0]["rolled"]) == ("", True)
    imported = ok("play_import", text=SAVED_V1.read_text(encoding="utf-8"))["document"]
    assert imported == {"format": "dice-srd-play", "version": VERSION, "system": "action", "entries": expected}
    assert ok("play_check", document=saved)["document"] == imported
    assert ok("play_open_link", link=ok("play_link", document=saved)["link"])["document"] == imported
    # Read again, version 2 changes nothing.
    assert ok("play_check", document=imported)["document"] == imported
    for scene in imported["entries"]:
        ok("play_sheet", scene=scene)


def test_bo_stays_down_after_the_migration() -> None:
    # Version 1 showed Bo (15 shock on Health 15) fallen; he stays so, and a rest no longer stands him up.
    scene = ok("play_import", text=SAVED_V1.read_text(encoding="utf-8"))["document"]["entries"][0]
    bo = ok("play_sheet", scene=scene)["sheet"]["combatants"][1]
    assert bo["falls_down"] and bo["down"] and bo["dying"]  # 4 wounds on Toughness 4 too


def test_a_malformed_version_1_document_is_refused_not_mended() -> None:
    saved = json.loads(SAVED_V1.read_text(encoding="utf-8"))
    odd = copy.deepcopy(saved)
    odd["entries"][0]["combatants"][0]["life"] = "alive"  # a version-2 field in a version-1 sheet
    error = play_documents.refused("action", "play_check", document=odd)
    assert error == "entries[0].combatants[0]: the 'spent' field is missing"
    for entries in ({}, "none", [1]):
        assert play_documents.refused("action", "play_check", document={**saved, "entries": entries})
