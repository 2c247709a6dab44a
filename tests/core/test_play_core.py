"""The play documents' shared reader (``rules_engine/core/play.py``) on a toy schema: what it
saves it reads back, whatever the names hold, and what is past its limits is refused when the
document is made (``play_check``, ``play_link``), not when it comes back."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.core.errors import RulesError
from rules_engine.core.play import (
    FORMAT,
    MAX_DOCUMENT_CHARS,
    MAX_ENTRIES,
    MAX_FILE_CHARS,
    MAX_NAME,
    PlaySchema,
    decode_link,
    document_actions,
    document_chars,
    exact_keys,
    name_text,
    read_text,
)
from rules_engine.web import MAX_REQUEST_LENGTH


def read_note(value: Any, where: str) -> dict[str, Any]:
    """A toy entry: a name and a note of any text (kept as it is)."""
    exact_keys(value, where, ("name", "note"))
    note = value["note"]
    if not isinstance(note, str):
        raise RulesError(f"{where}.note: must be text")
    return {"name": name_text(value["name"], f"{where}.name"), "note": note}


SCHEMA = PlaySchema("toy", 1, read_note)
ACTIONS = document_actions(SCHEMA)


def document(*entries: dict) -> dict:
    return {"format": FORMAT, "version": 1, "system": "toy", "entries": list(entries)}


def refused(action: str, **request: object) -> str:
    with pytest.raises(RulesError) as error:
        ACTIONS[action](request)
    return error.value.message


def exported(doc: dict) -> str:
    """The file the page exports: ``JSON.stringify(document, null, 1)`` and a line break."""
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def big_document(chars: int) -> dict:
    """A document of a little over ``chars`` characters as kept, spread over entries whose notes
    are lists of short items: once exported, each item is a line of its own, the most an
    export can add."""
    items = chars // MAX_ENTRIES // 5 + 1  # '"x", ' is five characters of the note
    return document(*({"name": f"N{i}", "note": json.dumps(["x"] * items)} for i in range(MAX_ENTRIES)))


def trimmed(doc: dict, most: int) -> dict:
    """``doc`` with its first notes cut until it is at most ``most`` characters as kept."""
    for entry in doc["entries"]:
        over = document_chars(doc) - most
        while over > 0 and entry["note"]:
            # A quote in a note takes two characters as kept: cut by half the excess at a time.
            entry["note"] = entry["note"][: len(entry["note"]) - max(1, over // 2)]
            over = document_chars(doc) - most
    return doc


def test_a_name_holding_brackets_is_carried_by_a_link_and_a_file() -> None:
    # Issue 28: "Mara :-[" on 30 characters, or 29 "[" in one name, was refused as nested too deeply.
    doc = document({"name": "Mara :-[" * 3, "note": ""}, {"name": "[" * MAX_NAME, "note": "{" * 500})
    checked = ACTIONS["play_check"]({"document": doc})["document"]
    assert checked == doc
    link = ACTIONS["play_link"]({"document": doc})["link"]
    assert ACTIONS["play_open_link"]({"link": link})["document"] == doc
    assert ACTIONS["play_import"]({"text": exported(doc)})["document"] == doc


def test_the_longest_document_kept_is_exported_and_imported() -> None:
    doc = trimmed(big_document(MAX_DOCUMENT_CHARS), MAX_DOCUMENT_CHARS)
    assert MAX_DOCUMENT_CHARS - 100 < document_chars(doc) <= MAX_DOCUMENT_CHARS
    text = exported(doc)
    assert len(text) > MAX_DOCUMENT_CHARS  # the export is longer than the document, and still read
    assert ACTIONS["play_import"]({"text": text})["document"] == doc
    # The request the page sends around it fits the bridge (web.MAX_REQUEST_LENGTH).
    request = json.dumps({"system": "doom-stack", "action": "play_import", "text": text})
    assert len(request) <= MAX_REQUEST_LENGTH


def test_a_document_past_the_limit_is_refused_when_it_is_made() -> None:
    doc = big_document(MAX_DOCUMENT_CHARS + 2_000)
    assert document_chars(doc) > MAX_DOCUMENT_CHARS
    for action, request in (
        ("play_check", {"document": doc}),
        ("play_link", {"document": doc}),
        ("play_import", {"text": exported(doc)}),
    ):
        message = refused(action, **request)
        assert "too long" in message and f"at most {MAX_DOCUMENT_CHARS:,}" in message, message


def test_a_file_past_its_own_limit_is_refused() -> None:
    assert f"the file is too long: at most {MAX_FILE_CHARS:,} characters" in refused(
        "play_import", text=" " * (MAX_FILE_CHARS + 1)
    )


@pytest.mark.parametrize(
    "where, doc",
    [
        ("entries[0].name", document({"name": "Mara \ud800", "note": ""})),
        ("entries[1].note", document({"name": "Mara", "note": ""}, {"name": "Vex", "note": "a\udfffb"})),
    ],
)
def test_a_lone_surrogate_is_refused_at_its_place(where: str, doc: dict) -> None:
    # Issue 28: it passed play_check, and play_link then answered "could not answer (UnicodeEncodeError)".
    for action, request in (
        ("play_check", {"document": doc}),
        ("play_link", {"document": doc}),
        ("play_import", {"text": json.dumps(doc)}),
    ):
        message = refused(action, **request)
        assert message.startswith(where + ":") and "lone surrogate" in message


def test_a_link_with_bytes_after_its_sheet_is_refused() -> None:
    compact = json.dumps(document({"name": "Vex", "note": ""}), separators=(",", ":")).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(compact) + packer.flush()
    whole = base64.urlsafe_b64encode(packed).decode().rstrip("=")
    assert decode_link(whole, SCHEMA)["entries"][0]["name"] == "Vex"
    tailed = base64.urlsafe_b64encode(packed + b"junk").decode().rstrip("=")
    assert "something follows its sheet" in refused("play_open_link", link=tailed)


def test_a_documents_own_fields_are_refused_with_their_place() -> None:
    extra = {**document(), "extra": 1}
    assert refused("play_check", document=extra).startswith("the saved entries: unknown field 'extra'")
    missing = {"format": FORMAT, "version": 1, "system": "toy"}
    assert refused("play_import", text=json.dumps(missing)).startswith("the file: the 'entries' field is missing")


@settings(max_examples=200, deadline=None)
@given(
    names=st.lists(st.text(min_size=1, max_size=MAX_NAME), min_size=1, max_size=4),
    notes=st.lists(st.text(max_size=80), min_size=4, max_size=4),
)
def test_whatever_a_name_holds_the_reader_keeps_what_it_saves(names: list[str], notes: list[str]) -> None:
    doc = document(*({"name": name, "note": note} for name, note in zip(names, notes)))
    try:
        checked = ACTIONS["play_check"]({"document": doc})["document"]
    except RulesError:
        return
    assert (
        ACTIONS["play_open_link"]({"link": ACTIONS["play_link"]({"document": checked})["link"]})["document"] == checked
    )
    assert ACTIONS["play_import"]({"text": exported(checked)})["document"] == checked
    assert read_text(json.dumps(checked), SCHEMA) == checked
