"""The browser bridge, for every registered system: any request gets a reply, and a
malformed one is told what is wrong with it (never "the engine could not answer"). That its
roll and odds by notation answer as the CLI does is in tests/test_cli_contract.py.

In-process, so these run inside Pyodide too."""

from __future__ import annotations

import json

import pytest

from rules_engine.systems import SYSTEM_PACKAGES, all_systems
from rules_engine.web import call

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

ENGINE_FAULT = "could not answer"


def reply_to(text: str) -> dict:
    reply = json.loads(call(text))
    assert set(reply) == {"ok", "result"} if reply["ok"] else set(reply) == {"ok", "error"}
    if not reply["ok"]:
        assert ENGINE_FAULT not in reply["error"]["message"], reply
    return reply


def test_nesting_is_measured_outside_strings():
    from rules_engine.web import nesting_depth

    assert nesting_depth('{"a": [1, {"b": "[[[\\"]]]"}]}') == 3
    assert nesting_depth("[]") == 1 and nesting_depth('"["') == 0


@pytest.mark.parametrize(
    "text,says",
    [
        ("this is not json", "not valid JSON"),
        ("", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('"odds"', "must be a JSON object"),
        ("null", "must be a JSON object"),
        ("[" * 1_250_000 + "]" * 1_250_000, "too long"),  # past MAX_REQUEST_LENGTH (2,410,000)
        ("[" * 5_000 + "]" * 5_000, "nested too deeply"),
        ('{"system": 7, "action": "odds"}', "'system' must be text, not a number"),
        ('{"system": "KEY", "action": ["odds"]}', "'action' must be text, not an array"),
        ('{"system": "KEY", "action": "odds", "notation": {"a": 1}}', "'notation' must be text, not an object"),
        (
            '{"system": "KEY", "action": "roll", "notation": "4d6", "seed": true}',
            "a seed is a whole number from 0 to "
            "9007199254740991 that picks the roll (the same seed gives the same roll), not true",
        ),
        (
            '{"system": "KEY", "action": "roll", "notation": "4d6", "seed": 1.5}',
            "a seed is a whole number from 0 to "
            "9007199254740991 that picks the roll (the same seed gives the same roll), not 1.5",
        ),
        ('{"system": "doom-stac\\u212a", "action": "odds", "notation": "4d6"}', "unknown system 'doom-stac\u212a'"),
        ('{"system": "\\uff44oom-stack", "action": "odds", "notation": "4d6"}', "unknown system"),
        ('{"system": "nope", "action": "odds"}', "known systems are"),
        ('{"system": "KEY", "action": "dance"}', "it answers roll, odds"),
        ('{"system": "KEY", "action": "odds", "notation": "' + "1" * 5000 + 'd6"}', ""),
        ('{"system": "KEY", "action": "roll", "notation": "4d6", "seed": ' + "1" * 5000 + "}", "too many digits"),
    ],
)
def test_malformed_requests_are_told_what_is_wrong(text, says):
    reply = reply_to(text.replace("KEY", next(iter(SYSTEM_PACKAGES))))
    assert not reply["ok"] and says in reply["error"]["message"]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=40),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
ACTIONS = sorted({"roll", "odds", "", "dance", *(a for s in all_systems() for a in s.actions)})
FIELD_NAMES = st.sampled_from(["attribute", "skill", "modifiers", "tn", "notation", "kind", "seed", "x"])


@st.composite
def requests(draw) -> dict:
    """Requests shaped like a widget's, every part possibly of the wrong type or value."""
    request = {
        "system": draw(
            st.sampled_from([*SYSTEM_PACKAGES, "", f" {next(iter(SYSTEM_PACKAGES)).upper()} "]) | JSON_VALUES
        ),
        "action": draw(st.sampled_from(ACTIONS) | JSON_VALUES),
    }
    for key in ("notation", "seed", "kind", "fields"):
        if draw(st.booleans()):
            request[key] = draw(JSON_VALUES | st.text(max_size=30) | st.dictionaries(FIELD_NAMES, JSON_VALUES))
    return request


@settings(max_examples=400, deadline=10_000)
@given(JSON_VALUES)
def test_any_json_value_gets_a_reply(value):
    reply_to(json.dumps(value))


@settings(max_examples=600, deadline=10_000)
@given(requests())
def test_any_widget_shaped_request_gets_a_reply(request):
    reply_to(json.dumps(request))


@settings(max_examples=200, deadline=10_000)
@given(st.text(max_size=200))
def test_any_text_gets_a_reply(text):
    reply_to(text)
