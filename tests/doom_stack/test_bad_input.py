"""Doom Stack meets bad input with one RulesError that says what and where, quickly."""

import pytest
from hostile_input import examples_for
from hostile_strategies import CONTRACT, numbers
from hypothesis import given
from hypothesis import strategies as st
from refusals import refusal

from rules_engine.core.errors import RulesError
from rules_engine.doom_stack.notation import MAX_TN, parse, query_from_fields
from rules_engine.doom_stack.rules import MAX_POOL
from rules_engine.systems import get_system

SYSTEM = get_system("doom-stack")
EXAMPLES = examples_for(SYSTEM) + ["4d6 vs Challenging", "0d6", "12D6 VS TN 30", f"{MAX_POOL}d6"]
FIELDS = ("attribute", "skill", "modifiers", "tn")
FIELD_NAMES = {"attribute": "attribute", "skill": "skill", "modifiers": "modifiers", "tn": "TN"}  # as errors name them


# --- properties -----------------------------------------------------------------------
@CONTRACT
@given(st.lists(st.one_of(numbers(), st.text(max_size=20)), min_size=4, max_size=4))
def test_widget_fields_give_a_query_or_an_error_on_a_field(values):
    try:
        query, pool = query_from_fields(*values)
    except RulesError as error:
        assert error.field in FIELD_NAMES.values() and error.position is None
    else:
        assert 0 <= query.pool <= MAX_POOL and pool.size == query.pool


# --- regressions --------------------------------------------------------------------------
def refused(text):
    return refusal(parse, text)


@pytest.mark.parametrize("text", ["1" * 5000 + "d6", "0" * 4400 + "4d6", "4d6 vs TN " + "8" * 4400])
def test_digit_runs_past_pythons_int_limit_are_refused(text):
    error = refused(text)
    assert error.message == f"a notation can be at most 200 characters long; this one has {len(text)}"
    assert (error.position, error.length) == (200, len(text) - 200)


def test_numbers_within_the_length_limit_are_read_or_refused_where_they_stand():
    assert parse("0" * 150 + "4d6 vs TN 0008").pool == 4
    error = refused("0" * 10 + f"{MAX_POOL + 1}d6")
    assert error.message == f"the number of dice must be from 0 to {MAX_POOL}, not {MAX_POOL + 1}"
    assert (error.position, error.length) == (0, 13)  # the leading zeros are part of the number
    error = refused("4d6 vs TN " + "9" * 40)
    assert "at most 30 digits" in error.message and (error.position, error.length) == (10, 40)
    error = refused(f"4d6 vs TN {MAX_TN + 1}")
    assert error.position == 10 and str(MAX_TN) in error.message


@pytest.mark.parametrize("name", FIELDS)
@pytest.mark.parametrize("text", ["9" * 4400, "0" * 4400 + "1", "-" + "9" * 4400, "\u0663", "4\uff15"])
def test_widget_fields_of_thousands_of_digits_or_unicode_digits_are_refused(name, text):
    values = dict(attribute="3", skill="2", modifiers="0", tn="8")
    values[name] = text
    if text == "0" * 4400 + "1":
        query, _ = query_from_fields(*values.values())  # leading zeros: just 1
        assert (query.pool, query.tn) == {"attribute": (3, 8), "skill": (4, 8), "modifiers": (6, 8), "tn": (5, 1)}[name]
        return
    with pytest.raises(RulesError) as info:
        query_from_fields(*values.values())
    assert info.value.field == FIELD_NAMES[name] and len(info.value.message) < 200
    if text.isascii():
        assert "digits" in info.value.message or "must be from" in info.value.message


def test_a_pool_too_large_from_fields_names_the_field_that_crosses():
    with pytest.raises(RulesError) as info:
        query_from_fields("200", "200", "0", "")
    assert info.value.field == "skill" and f"the {MAX_POOL} the engine computes" in info.value.message
    with pytest.raises(RulesError) as info:
        query_from_fields("200", "100", "100", "")
    assert info.value.field == "modifiers"
