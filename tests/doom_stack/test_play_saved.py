"""Saved work survives (issue 28): a document saved by the engine before format version 2
(tests/doom_stack/data/saved_v1.json, made through the bridge by that build) opens, brought up to
date by the migration from version 1: each character as it was, not stable (version 1 never
kept it) and with no stack taken yet (its attention pool as it was)."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path

import play_documents

from rules_engine.doom_stack.play import VERSION

ok = partial(play_documents.ok, "doom-stack")
SAVED_V1 = Path(__file__).parent / "data" / "saved_v1.json"

#: The five characters of the fixture as version 2 reads them, written out by hand.
MIGRATED = [
    {
        "name": "New character",
        "attributes": {"Strength": 2, "Agility": 2, "Willpower": 2},
        "skills": {},
        "marks": "",
        "overflow": 0,
        "stable": False,
        "attention": [],
        "pick": None,
    },
    {
        "name": "Vex",
        "attributes": {"Strength": 3, "Agility": 4, "Willpower": 2, "Charm": 0},
        "skills": {"Firearms": 3, "Stealth": 1},
        "marks": "XXX//XX/",
        "overflow": 0,
        "stable": False,
        "attention": [3, 2, 4, 5],
        "pick": None,
    },
    {
        "name": "Rook Ñandú 🎲",
        "attributes": {"Strength": 1, "Agility": 3, "Willpower": 1},
        "skills": {"Brawl": 2},
        "marks": "XXXXXX",
        "overflow": 4,
        "stable": False,
        "attention": [],
        "pick": None,
    },
    {
        "name": "Ada",
        "attributes": {"Strength": 2, "Agility": 2, "Willpower": 2},
        "skills": {},
        "marks": "X//",
        "overflow": 0,
        "stable": False,
        "attention": [3],
        "pick": None,
    },
    {
        "name": "Bex",
        "attributes": {"Strength": 2, "Agility": 2, "Willpower": 2},
        "skills": {},
        "marks": "XXXXXXXX",
        "overflow": 8,
        "stable": False,
        "attention": [],
        "pick": None,
    },
]


def test_a_version_1_file_imports_brought_up_to_date() -> None:
    text = SAVED_V1.read_text(encoding="utf-8")
    assert json.loads(text)["version"] == 1
    document = ok("play_import", text=text)["document"]
    assert document == {"format": "dice-srd-play", "version": VERSION, "system": "doom-stack", "entries": MIGRATED}


def test_a_version_1_document_kept_on_the_device_opens() -> None:
    saved = json.loads(SAVED_V1.read_text(encoding="utf-8"))
    document = ok("play_check", document=saved)["document"]
    assert document["version"] == VERSION == 3 and document["entries"] == MIGRATED
    # And once brought up to date, it is read back unchanged, by a link as by a file.
    assert ok("play_check", document=document)["document"] == document
    assert ok("play_open_link", link=ok("play_link", document=document)["link"])["document"] == document


def test_the_migrated_characters_play_on() -> None:
    vex, rook = MIGRATED[1], MIGRATED[2]
    # Vex's attention pool of version 1 defends as any other: the 5 leaves it.
    assert ok("play_attack", character=vex, fields={"attack": "1", "defence": "5"})["character"]["attention"] == [
        3,
        2,
        4,
    ]
    # Rook is dying (overflow 4 of 6 boxes): the hourly roll is offered; a 1 (seed 2) makes him stable.
    assert ok("play_sheet", character=rook)["sheet"]["bleeding"] is True
    assert ok("play_bleed", character=rook, seed="2")["character"]["stable"] is True


def test_a_new_document_of_the_page_holding_characters_of_today_opens() -> None:
    # A page whose engine never named its format version (play_limits) keeps a new device's
    # document at version 1 (play-kit.js) while the engine fills it with today's characters:
    # they keep what they hold, and the reader checks it.
    rolled = ok(
        "play_roll", character=ok("play_new", name="Vex")["character"], attribute="Agility", skill="", seed="10"
    )["character"]
    fresh = {"format": "dice-srd-play", "version": 1, "system": "doom-stack", "entries": [rolled, MIGRATED[0]]}
    assert ok("play_check", document=fresh)["document"]["entries"] == [rolled, MIGRATED[0]]
    broken = {**fresh, "entries": [{**rolled, "stable": True}]}
    assert "entries[0].stable: only a dying character is stable" in play_documents.refused(
        "doom-stack", "play_check", document=broken
    )
