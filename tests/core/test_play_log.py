"""An entry's log (``rules_engine/core/play.py`` ``read_log``, ``with_log``): read for every
system around its own reader, carried by the device, a file and a link, bounded, and refused
at its place when it is malformed."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import partial
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.core.errors import RulesError
from rules_engine.core.play import (
    FORMAT,
    MAX_LOG,
    MAX_LOG_TEXT,
    PlaySchema,
    document_actions,
    exact_keys,
    log_chance,
    name_text,
    request_entry,
    unchanged_but_version,
    with_log,
    without_log,
)
from rules_engine.systems import all_systems
from rules_engine.web import call


def read_note(value: Any, where: str) -> dict[str, Any]:
    """A toy entry that knows nothing of a log: a name and nothing else."""
    exact_keys(value, where, ("name",))
    return {"name": name_text(value["name"], f"{where}.name")}


SCHEMA = PlaySchema("toy", 1, read_note, noun="note", nouns="notes")
ACTIONS = document_actions(SCHEMA)

ROLLED = {
    "what": "Rolled Agility 3 + Firearms 2.",
    "dice": "6 6 3 1 1",
    "result": "best stack 12",
    "chance": "65.78 % (1579/2400)",
}
EDITED = {"what": "Saved Vex."}


def document(*entries: dict) -> dict:
    return {"format": FORMAT, "version": 1, "system": "toy", "entries": list(entries)}


def bridge(system: str, **request: object) -> dict:
    """The result of a bridge action of a registered system (it must succeed)."""
    reply = json.loads(call(json.dumps({"system": system, **request})))
    assert reply["ok"], reply
    return reply["result"]


def refusal(entry: dict) -> RulesError:
    with pytest.raises(RulesError) as error:
        ACTIONS["play_check"]({"document": document(entry)})
    return error.value


def test_a_log_is_read_back_as_it_was_written_newest_first() -> None:
    entry = {"name": "Vex", "log": [ROLLED, EDITED]}
    read = ACTIONS["play_check"]({"document": document(entry)})["document"]
    assert read["entries"] == [entry]
    link = ACTIONS["play_link"]({"document": document(entry)})["link"]
    assert ACTIONS["play_open_link"]({"link": link})["document"]["entries"] == [entry]
    assert ACTIONS["play_import"]({"text": json.dumps(document(entry), indent=1)})["document"]["entries"] == [entry]


def test_an_entry_without_a_log_stays_without_one() -> None:
    assert ACTIONS["play_check"]({"document": document({"name": "Vex"})})["document"]["entries"] == [{"name": "Vex"}]


def test_the_log_is_kept_last_and_its_parts_in_order() -> None:
    entry = {"log": [{"chance": "1/2", "what": "Rolled."}], "name": "Vex"}
    read = ACTIONS["play_check"]({"document": document(entry)})["document"]["entries"][0]
    assert list(read) == ["name", "log"] and list(read["log"][0]) == ["what", "chance"]


@pytest.mark.parametrize(
    ("log", "field", "words"),
    [
        ("rolled", "entries[0].log", "must be a list, not text"),
        ([EDITED] * (MAX_LOG + 1), "entries[0].log", f"a log keeps at most {MAX_LOG} items"),
        (["rolled"], "entries[0].log[0]", "must be an object, not text"),
        ([{"dice": "6 6"}], "entries[0].log[0]", "the 'what' field is missing"),
        ([{"what": "Rolled.", "dice": [6, 6]}], "entries[0].log[0].dice", "must be text, not a list"),
        ([EDITED, {"what": "Rolled.", "odds": "1/2"}], "entries[0].log[1]", "unknown field 'odds'"),
        ([{"what": "  "}], "entries[0].log[0].what", "must not be empty"),
        ([{"what": "x" * (MAX_LOG_TEXT + 1)}], "entries[0].log[0].what", f"at most {MAX_LOG_TEXT} characters"),
    ],
)
def test_a_malformed_log_is_refused_at_its_place(log: object, field: str, words: str) -> None:
    error = refusal({"name": "Vex", "log": log})
    assert error.field == field and words in error.message and error.message.startswith(f"{field}: ")


def test_the_longest_log_is_read() -> None:
    log = [
        {
            "what": "w" * MAX_LOG_TEXT,
            "dice": "d" * MAX_LOG_TEXT,
            "result": "r" * MAX_LOG_TEXT,
            "chance": "c" * MAX_LOG_TEXT,
        }
    ] * MAX_LOG
    assert (
        ACTIONS["play_check"]({"document": document({"name": "Vex", "log": log})})["document"]["entries"][0]["log"]
        == log
    )


def test_an_entry_in_a_request_carries_its_log_through_any_reader() -> None:
    entry = {"name": "Vex", "log": [ROLLED]}
    assert request_entry({"note": entry}, SCHEMA) == entry
    assert request_entry({"other": entry}, SCHEMA, read=read_note, key="other") == entry
    with pytest.raises(RulesError) as error:
        request_entry({"note": {"name": "Vex", "log": 3}}, SCHEMA)
    assert error.value.field == "note.log"


def test_the_log_reader_wraps_a_reader_once() -> None:
    once = with_log(read_note)
    assert with_log(once) is once and SCHEMA.read_entry is with_log(SCHEMA.read_entry)


def test_a_version_that_only_added_the_log_changes_nothing_else() -> None:
    old = document({"name": "Vex"})
    assert unchanged_but_version(old) == {**old, "version": 2} and old["version"] == 1


@pytest.mark.parametrize("system", [s.key for s in all_systems()])
def test_every_systems_entries_carry_a_log_through_the_bridge(system: str) -> None:
    ask = partial(bridge, system)
    made = ask(action="play_new", name="Vex")
    noun = "scene" if "scene" in made else "character"
    entry = {**made[noun], "log": [ROLLED, EDITED]}
    assert ask(action="play_sheet", **{noun: entry})[noun]["log"] == [ROLLED, EDITED]
    limits = ask(action="play_limits")
    doc = {"format": FORMAT, "version": limits["version"], "system": system, "entries": [entry]}
    assert ask(action="play_check", document=doc)["document"]["entries"] == [entry]
    assert ask(action="play_open_link", link=ask(action="play_link", document=doc)["link"])["document"]["entries"] == [
        entry
    ]
    assert limits["limits"]["max_log"] == MAX_LOG and limits["limits"]["max_log_text"] == MAX_LOG_TEXT


LOG_TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=MAX_LOG_TEXT)
LOG_ITEM = st.fixed_dictionaries(
    {"what": LOG_TEXT.filter(str.strip)}, optional={"dice": LOG_TEXT, "result": LOG_TEXT, "chance": LOG_TEXT}
)


@settings(max_examples=60, deadline=None)
@given(st.lists(LOG_ITEM, max_size=MAX_LOG))
def test_whatever_a_log_holds_within_its_limits_comes_back_unchanged(log: list[dict]) -> None:
    entry = {"name": "Vex", "log": log}
    link = ACTIONS["play_link"]({"document": document(entry)})["link"]
    assert ACTIONS["play_open_link"]({"link": link})["document"]["entries"] == [entry]
    text = json.dumps(document(entry), indent=1, ensure_ascii=False)
    assert ACTIONS["play_import"]({"text": text})["document"]["entries"] == [entry]


@pytest.mark.parametrize("system", [s.key for s in all_systems()])
def test_a_document_of_the_version_before_the_log_opens_unchanged_but_for_its_version(system: str) -> None:
    ask = partial(bridge, system)
    made = ask(action="play_new", name="Vex")
    entry = made["scene" if "scene" in made else "character"]
    version = ask(action="play_limits")["version"]
    before = {"format": FORMAT, "version": version - 1, "system": system, "entries": [entry]}
    assert ask(action="play_check", document=before)["document"] == {**before, "version": version}


@pytest.mark.parametrize(
    ("chance", "words"),
    [
        (Fraction(6, 11), "54.55 % (6/11)"),
        (Fraction(1579, 2400), "65.79 % (1579/2400)"),
        (Fraction(1, 1), "100.00 % (1/1)"),
        (Fraction(1, 100_000), "<0.01 % (1/100000)"),
    ],
)
def test_a_chance_is_logged_percentage_first_then_exactly(chance: Fraction, words: str) -> None:
    assert log_chance(chance) == words


def test_an_entry_without_its_log_is_the_entry_alone() -> None:
    entry = {"name": "Vex", "log": [ROLLED]}
    assert without_log(entry) == {"name": "Vex"} and entry["log"] == [ROLLED]
    assert without_log({"name": "Vex"}) == {"name": "Vex"}
