"""The play frame's limits in the engine (``rules_engine/core/play.py``): every play tool's
bridge answers ``play_limits`` with the limits a saved document is read back within, and a
document the frame lets through (at most ``max_document_chars`` characters of compact JSON,
at most ``max_entries`` entries) is read back by ``play_check`` on the next load, unchanged.
The frame's own refusal of a change past them is tested in the browser
(tests/doom_stack/test_browser_play.py)."""

from __future__ import annotations

import json
from importlib import import_module

import pytest

from rules_engine.core.play import (
    FORMAT,
    MAX_DOCUMENT_CHARS,
    MAX_ENTRIES,
    MAX_FILE_CHARS,
    MAX_LOG,
    MAX_LOG_TEXT,
    document_chars,
    limits,
)
from rules_engine.doom_stack.play import VERSION
from rules_engine.systems import SYSTEM_PACKAGES, all_systems
from rules_engine.web import MAX_REQUEST_LENGTH, call

PLAY_SYSTEMS = [s.key for s in all_systems() if "play_check" in s.actions]


def reply(request: dict) -> dict:
    """The bridge's reply to ``request`` sent as the page sends it (compact JSON)."""
    return json.loads(call(json.dumps(request, separators=(",", ":"), ensure_ascii=False)))


def test_the_limits_are_the_readers_own() -> None:
    assert limits() == {
        "max_document_chars": 200_000,
        "max_entries": 100,
        "max_file_chars": 1_200_000,
        "max_log": 20,
        "max_log_text": 300,
    }
    assert limits() == {
        "max_document_chars": MAX_DOCUMENT_CHARS,
        "max_entries": MAX_ENTRIES,
        "max_file_chars": MAX_FILE_CHARS,
        "max_log": MAX_LOG,
        "max_log_text": MAX_LOG_TEXT,
    }


@pytest.mark.parametrize("system", PLAY_SYSTEMS)
def test_every_play_tool_tells_its_page_the_limits(system: str) -> None:
    answer = reply({"system": system, "action": "play_limits"})
    version = import_module(SYSTEM_PACKAGES[system] + ".play").SCHEMA.version
    assert answer == {
        "ok": True,
        "result": {
            "limits": {
                "max_document_chars": 200_000,
                "max_entries": 100,
                "max_file_chars": 1_200_000,
                "max_log": 20,
                "max_log_text": 300,
            },
            "version": version,
        },
    }


def test_the_play_tools_are_found() -> None:
    assert {"doom-stack", "adrenaline", "xy-checks"} <= set(PLAY_SYSTEMS)


def test_a_document_is_measured_as_the_page_keeps_it() -> None:
    # JSON.stringify: no spaces, non-ASCII written as itself (one character each).
    assert document_chars({"a": [1, 2], "b": "é"}) == len('{"a":[1,2],"b":"é"}') == 19
    assert document_chars({"format": FORMAT, "entries": []}) == len('{"format":"dice-srd-play","entries":[]}') == 39


def new_character(name: str) -> dict:
    """A new Doom Stack character as the engine makes it (in its current saved shape)."""
    return reply({"system": "doom-stack", "action": "play_new", "name": name})["result"]["character"]


def character(i: int) -> dict:
    """A Doom Stack character as full as a sheet gets: 60 skills with 60-character names."""
    skills = {f"{'Skill':<52}{i:03d}-{k:03d}".replace(" ", "x"): 20 for k in range(60)}
    return {
        **new_character(f"Character {i}"),
        "attributes": {"Strength": 20, "Agility": 20, "Willpower": 20},
        "skills": skills,
    }


def largest_document() -> dict:
    """Full Doom Stack characters, as many as keep the document within the limit."""
    document = {"format": FORMAT, "version": VERSION, "system": "doom-stack", "entries": []}
    while (
        document_chars({**document, "entries": [*document["entries"], character(len(document["entries"]))]})
        <= MAX_DOCUMENT_CHARS
    ):
        document["entries"].append(character(len(document["entries"])))
    return document


def test_the_largest_document_the_frame_saves_is_read_back_on_the_next_load() -> None:
    document = largest_document()
    size = document_chars(document)
    one_more = document_chars({**document, "entries": [*document["entries"], character(99)]})
    assert size <= MAX_DOCUMENT_CHARS < one_more  # the frame saves the one, refuses the other
    assert MAX_DOCUMENT_CHARS - size < 5_000 and len(document["entries"]) < MAX_ENTRIES
    request = {"system": "doom-stack", "action": "play_check", "document": document}
    assert len(json.dumps(request, separators=(",", ":"))) <= MAX_REQUEST_LENGTH
    answer = reply(request)
    assert answer["ok"], answer["error"]
    assert answer["result"]["document"] == document


def test_as_many_entries_as_the_frame_saves_are_read_back() -> None:
    document = {
        "format": FORMAT,
        "version": VERSION,
        "system": "doom-stack",
        "entries": [new_character(f"C{i}") for i in range(MAX_ENTRIES)],
    }
    answer = reply({"system": "doom-stack", "action": "play_check", "document": document})
    assert answer["ok"] and answer["result"]["document"] == document
    document["entries"].append(document["entries"][0])
    answer = reply({"system": "doom-stack", "action": "play_check", "document": document})
    assert not answer["ok"] and "at most 100" in answer["error"]["message"]
