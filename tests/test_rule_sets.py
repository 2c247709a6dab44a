"""Every system's rule set as the shared parts read it: the CLI's ``--rules`` and the key
``rules`` of its JSON, the bridge's ``rules`` and ``lab``, and the same words in ``--help``
and the README (issue 30). Each system's own settings are tested in its own folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine.cli import run
from rules_engine.core.errors import RulesError
from rules_engine.core.lab import lab_answer
from rules_engine.core.rule_set import Setting
from rules_engine.systems import SYSTEM_PACKAGES, get_system
from rules_engine.web import call

README = Path(__file__).resolve().parent.parent / "README.md"


def _changed(setting: Setting) -> str | None:
    """A written value of ``setting`` other than the printed one, when it lists its choices."""
    printed = setting.write(setting.default)
    return next((c for c in setting.choices or () if c != printed), None)


@pytest.fixture(params=list(SYSTEM_PACKAGES))
def system(request: pytest.FixtureRequest):  # noqa: ANN201
    return get_system(request.param)


def test_every_system_has_a_rule_book_and_a_lab(system) -> None:  # noqa: ANN001
    assert system.lab is not None
    assert system.lab.book.printed.written == ""
    assert system.lab.rolls


def test_json_names_the_rule_set_under_rules(system) -> None:  # noqa: ANN001
    printed = system.lab.book.printed.to_json()
    for verb in ("roll", "odds"):
        code, text = run([verb, system.key, system.example, "--json", *(["--seed", "3"] if verb == "roll" else [])])
        assert code == 0, text
        assert json.loads(text)["rules"] == printed


def test_cli_rules_option_changes_one_setting(system) -> None:  # noqa: ANN001
    book = system.lab.book
    for setting in book.settings:
        value = _changed(setting)
        if value is None:
            continue
        written = f"{setting.name} {value}"
        try:
            expected = book.read(written)
        except Exception:  # noqa: BLE001 - at odds with another printed setting: not a single change
            continue
        code, text = run(["odds", system.key, system.example, "--rules", written, "--json"])
        if code == 0:
            assert json.loads(text)["rules"]["written"] == expected.written
        else:  # refused (too large to compute, say): always as a RulesError with a message
            assert "message" in json.loads(text)["error"]


def test_cli_rules_refusal_points_into_the_rules(system) -> None:  # noqa: ANN001
    code, text = run(["odds", system.key, system.example, "--rules", "no-such-setting 3", "--json"])
    error = json.loads(text)["error"]
    assert code == 2 and error["field"] == "rules" and error["position"] == 0
    assert "unknown setting" in error["message"]


def test_help_uses_each_settings_words(system) -> None:  # noqa: ANN001
    code, text = run(["--help"])
    help_text = " ".join(text.split())
    for setting in system.lab.book.settings:
        assert f"{setting.name}: {setting.meaning}" in help_text


def test_readme_lists_each_setting_in_the_books_words(system) -> None:  # noqa: ANN001
    if not README.is_file():  # inside Pyodide only tests/ is mounted
        pytest.skip("needs the repository's README")
    readme = README.read_text(encoding="utf-8")
    for setting in system.lab.book.settings:
        printed = setting.write(setting.default)
        assert f"- `{setting.name}`: {setting.meaning} (values: {setting.allowed}; printed: {printed})" in readme


def test_bridge_joins_rules_and_answers_the_lab(system) -> None:  # noqa: ANN001
    reply = json.loads(
        call(json.dumps({"system": system.key, "action": "odds", "notation": system.example, "rules": ""}))
    )
    assert reply["ok"] and reply["result"]["rules"]["written"] == ""
    book = json.loads(call(json.dumps({"system": system.key, "action": "lab_book"})))["result"]
    assert [s["name"] for s in book["settings"]] == [s.name for s in system.lab.book.settings]
    for roll in system.lab.rolls:
        answer = lab_answer(system.lab, system.title, roll.notation, [""], 7)
        printed, same = answer["columns"]
        assert printed["outcomes"] == same["outcomes"] and printed["rungs"] == same["rungs"]
        assert all(o["points"] == "\u00b10.00" for o in answer["differences"][0]["outcomes"])
        json.dumps(answer)


# --- every book and the lab's bridge, fed anything -------------------------------------------

BOOKS = {key: get_system(key).lab.book for key in SYSTEM_PACKAGES if get_system(key).lab}
HYPOTHESIS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@HYPOTHESIS
@given(st.sampled_from(sorted(BOOKS)), st.text(max_size=80))
def test_any_text_is_a_rule_set_or_a_rules_error(key: str, text: str) -> None:
    book = BOOKS[key]
    try:
        rules = book.read(text)
    except RulesError as error:
        assert error.field == "rules" and error.notation == text
        assert error.position is not None and 0 <= error.position <= len(text)
    else:
        assert book.read(rules.written) == rules


@st.composite
def listed_rule_sets(draw: st.DrawFn) -> tuple[str, str]:
    """A system and a rule set written from its settings' listed choices, in any order."""
    key = draw(st.sampled_from(sorted(BOOKS)))
    listed = [s for s in BOOKS[key].settings if s.choices]
    chosen = draw(st.lists(st.sampled_from(listed), unique_by=lambda s: s.name, max_size=len(listed)))
    return key, ", ".join(f"{s.name} {draw(st.sampled_from(s.choices))}" for s in chosen)


@HYPOTHESIS
@given(listed_rule_sets())
def test_written_read_and_written_again_is_the_same(case: tuple[str, str]) -> None:
    key, text = case
    try:
        rules = BOOKS[key].read(text)
    except RulesError as error:  # two settings at odds: named, with a caret
        assert error.position is not None and error.field == "rules"
        return
    again = BOOKS[key].read(rules.written)
    assert again == rules and again.written == rules.written


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)


@HYPOTHESIS
@given(
    st.sampled_from(sorted(BOOKS)),
    st.sampled_from(["lab", "lab_book", "odds"]),
    st.dictionaries(st.sampled_from(["roll", "house", "seed", "rules", "notation"]), JSON_VALUES, max_size=5),
)
def test_the_bridge_answers_any_lab_request_in_words(key: str, action: str, extra: dict) -> None:
    reply = json.loads(call(json.dumps({**extra, "system": key, "action": action})))
    if not reply["ok"]:
        assert "could not answer" not in reply["error"]["message"]
