"""The play tools' shared contract, stated once for every registered system with a play tool
(``rules_engine/core/play.py``: ``document_actions`` and ``play_limits``):

- any text as a file (``play_import``) gives a document of this site's format or one RulesError,
  never another exception;
- any text, or any bytes packed as a link, as a link (``play_open_link``) gives the same;
- a document read back is read the same again, from a file and from a link (``play_link``),
  and every entry read can be drawn (``play_sheet``) and keeps what its system says it keeps;
- what is past the limits ``play_limits`` names is refused, saying so;
- any sequence of valid play actions (the system's ``play_steps``) leaves a document that the
  device, a link and an exported file carry back unchanged.

A system has a play tool when its bridge actions include ``play_import`` (found from the
registry, ``rules_engine.systems``). Each gives only its own data, in
``tests/<system>/contract.py`` (``support/system_contract.py``): ``ENTRIES`` (a Hypothesis
strategy for a document's entries), ``SHEET_KEY`` (the request key ``play_sheet`` takes an entry
under), ``assert_entry_kept`` (its own assertions on each entry read back) and ``play_steps`` (a
drawn sequence of its valid play actions). Its own values, worked examples and words stay in
``tests/<system>/test_play.py``. In-process, so these run inside
Pyodide too (fewer examples there: play_documents.MANY)."""

from __future__ import annotations

import json
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st
from play_documents import JSON_VALUES, MANY, link_of, ok, only_rules_errors, refused
from system_contract import PLAY_PARTS, contract_of

from rules_engine.core.play import FORMAT, MAX_LINK_CHARS
from rules_engine.systems import all_systems

#: Every registered system whose bridge answers the play frame's actions.
PLAY_SYSTEMS = [system.key for system in all_systems() if "play_import" in system.actions]


def own(system: str) -> ModuleType:
    """The system's own part of the contract: ``tests/<package>/contract.py``."""
    return contract_of(system)


def document(system: str, entries: list, version: int = 1) -> dict:
    return {"format": FORMAT, "version": version, "system": system, "entries": list(entries)}


def assert_a_document_or_refused(system: str, action: str, **request: object) -> None:
    """``action`` gives a document of this site's format and of ``system``, or one RulesError."""
    result = only_rules_errors(system, action, **request)
    if result is not None:
        assert result["document"]["format"] == FORMAT
        assert result["document"]["system"] == system


def test_the_play_tools_are_found() -> None:
    # Found by their actions, not named: this only guards against finding none.
    assert {"doom-stack", "dice-and-danger", "adrenaline", "xy-checks", "action"} <= set(PLAY_SYSTEMS)
    for system in PLAY_SYSTEMS:
        assert {"play_import", "play_check", "play_link", "play_open_link", "play_limits", "play_sheet"} <= set(
            next(s for s in all_systems() if s.key == system).actions
        )
        missing = [name for name in PLAY_PARTS if not hasattr(own(system), name)]
        assert not missing, f"{system}'s tests contract.py lacks {missing}"


@pytest.mark.parametrize("system", PLAY_SYSTEMS)
@MANY
@given(text=st.text(max_size=200) | JSON_VALUES.map(json.dumps))
def test_any_text_as_a_file(system: str, text: str) -> None:
    assert_a_document_or_refused(system, "play_import", text=text)


@pytest.mark.parametrize("system", PLAY_SYSTEMS)
@MANY
@given(data=st.data())
def test_any_text_as_a_link(system: str, data: st.DataObject) -> None:
    link = data.draw(
        st.text(max_size=120)
        | st.binary(max_size=200).map(link_of)
        | own(system).ENTRIES.map(lambda entries: link_of(json.dumps(document(system, entries)).encode())),
        label="link",
    )
    assert_a_document_or_refused(system, "play_open_link", link=link)


@pytest.mark.parametrize("system", PLAY_SYSTEMS)
@MANY
@given(data=st.data(), version=st.integers(-1, 3), extra=st.none() | JSON_VALUES)
def test_any_document_read_back_is_read_the_same_again(
    system: str, data: st.DataObject, version: int, extra: object
) -> None:
    parts = own(system)
    doc = document(system, data.draw(parts.ENTRIES, label="entries"), version)
    if extra is not None:
        doc["extra"] = extra  # a field no version has: refused
    result = only_rules_errors(system, "play_import", text=json.dumps(doc))
    if result is None:
        return
    read = result["document"]
    # What the reader accepts is in normal form: reading it again, from a file, from the
    # device or from a link, changes nothing.
    assert ok(system, "play_import", text=json.dumps(read))["document"] == read
    assert ok(system, "play_check", document=read)["document"] == read
    assert ok(system, "play_open_link", link=ok(system, "play_link", document=read)["link"])["document"] == read
    for entry in read["entries"]:
        ok(system, "play_sheet", **{parts.SHEET_KEY: entry})  # every entry read can be drawn
        parts.assert_entry_kept(entry)


@pytest.mark.parametrize("system", PLAY_SYSTEMS)
def test_what_is_past_the_limits_is_refused(system: str) -> None:
    limits = ok(system, "play_limits")["limits"]
    # A file may be longer than the document it holds (the page's export is indented), but not
    # past its own limit; the document it holds is measured as it is kept (tests/core/test_play_core.py).
    assert limits["max_file_chars"] >= 5 * limits["max_document_chars"]
    too_long = " " * (limits["max_file_chars"] + 1)
    assert f"the file is too long: at most {limits['max_file_chars']:,} characters" in refused(
        system, "play_import", text=too_long
    )
    too_many = document(system, [{}] * (limits["max_entries"] + 1))
    for action, request in (
        ("play_import", {"text": json.dumps(too_many)}),
        ("play_check", {"document": too_many}),
        ("play_link", {"document": too_many}),
    ):
        assert "entries: too many" in refused(system, action, **request)
        assert f"at most {limits['max_entries']}" in refused(system, action, **request)
    assert f"the link is too long: at most {MAX_LINK_CHARS:,} characters" in refused(
        system, "play_open_link", link="A" * (MAX_LINK_CHARS + 1)
    )


@pytest.mark.parametrize("system", PLAY_SYSTEMS)
@MANY
@given(data=st.data())
def test_any_valid_play_is_saved_and_carried_back_unchanged(system: str, data: st.DataObject) -> None:
    # Issue 28: whatever the engine saves, it reads back. Any sequence of valid play actions (the
    # system's own ``play_steps``, names drawn from all of Unicode) leaves entries that the
    # device's copy, a share link and the page's exported file all carry back as they are.
    parts = own(system)
    entries = parts.play_steps(data, lambda action, **request: only_rules_errors(system, action, **request))
    assert 1 <= len(entries) <= 3
    for entry in entries:
        parts.assert_entry_kept(entry)
    made = document(system, entries, ok(system, "play_limits")["version"])
    assert ok(system, "play_check", document=made)["document"] == made
    link = ok(system, "play_link", document=made)["link"]
    assert ok(system, "play_open_link", link=link)["document"] == made
    exported = json.dumps(made, indent=1, ensure_ascii=False) + "\n"  # JSON.stringify(document, null, 1)
    assert ok(system, "play_import", text=exported)["document"] == made
