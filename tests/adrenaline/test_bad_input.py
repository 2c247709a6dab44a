"""Adrenaline meets bad input with one RulesError that says what and where, quickly."""

import json

import pytest
from hostile_input import examples_for
from hostile_strategies import CONTRACT, numbers
from hypothesis import given
from hypothesis import strategies as st

import rules_engine.systems as systems
from rules_engine.adrenaline import SYSTEM
from rules_engine.adrenaline.notation import parse
from rules_engine.core.errors import RulesError
from rules_engine.web import call

from .contract import ROLLER_FIELDS

if "adrenaline" not in systems.SYSTEM_PACKAGES:  # before registration
    systems.SYSTEM_PACKAGES["adrenaline"] = "rules_engine.adrenaline"

EXAMPLES = examples_for(SYSTEM) + [
    "6d10+2a vs 7",
    "damage 5d10",
    "6d10 vs Challenging",
    "6d10 vs 7 until 10 with botch-wastes",
    "6d10 vs 7 against 5d10 vs 6 with botches-below-zero",
    "10d10 vs 2 with tens-explode, tens-twice",
    "40d10 vs 6 with designer",
    "1d10 vs 10 until 20 with botch-wastes",
    "60d10 vs 8 until 100 with designer",
]


@CONTRACT
@given(
    st.dictionaries(
        st.sampled_from(ROLLER_FIELDS),
        st.one_of(
            numbers(),
            st.text(max_size=12),
            st.sampled_from(
                ("standard", "extended", "opposed", "on", "tens-explode,designer", "7", "Challenging", "60")
            ),
        ),
    )
)
def test_the_form_gives_a_result_or_an_error_on_a_field(fields):
    for action in ("odds_form", "roll_form"):
        reply = json.loads(call(json.dumps({"system": "adrenaline", "action": action, "fields": fields, "seed": "1"})))
        if not reply["ok"] and "the request is too long" not in reply["error"]["message"]:
            assert reply["error"]["field"] in ROLLER_FIELDS, reply
            assert "could not answer" not in reply["error"]["message"]


@pytest.mark.parametrize("text", ["1" * 5000 + "d10", "6d10 vs " + "7" * 4400, "0" * 4400 + "6d10"])
def test_digit_runs_past_pythons_int_limit_are_refused(text):
    with pytest.raises(RulesError) as info:
        parse(text)
    assert info.value.position == 200 and "at most 200 characters" in info.value.message


@pytest.mark.parametrize("text", ["9" * 40 + "d10", "6d10+" + "9" * 40 + "a", "6d10 until " + "9" * 40])
def test_huge_numbers_are_refused_where_they_stand(text):
    with pytest.raises(RulesError) as info:
        parse(text)
    assert "at most 30 digits" in info.value.message and text[info.value.position].isdigit()


@pytest.mark.parametrize(
    "text",
    [
        "1d10 vs 10 until 100 with botch-wastes",
        "10d10 vs 10 until 100",
        "60d10 vs 10 until 100 with designer, botch-wastes",
        "1d10 vs 10 until 10 with botch-wastes",
        "0d10 until 1",
    ],
)
def test_extended_rolls_that_would_take_too_long_are_refused_with_the_limit(text):
    with pytest.raises(RulesError) as info:
        SYSTEM.odds(text)
    assert "rolls" in info.value.message or "never" in info.value.message
