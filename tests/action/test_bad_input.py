"""Action! meets bad input with one RulesError that says what and where, quickly: the
notation, the form fields and the converter."""

import pytest
from hostile_input import examples_for
from hostile_strategies import CONTRACT, numbers
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.action.roll.actions import FIELDS, convert, odds_fields
from rules_engine.action.roll.notation import parse
from rules_engine.action.roll.odds import odds
from rules_engine.action.roll.rules import MAX_DICE_PER_SIDE, MAX_THRESHOLD, MAX_VALUE
from rules_engine.core.errors import RulesError
from rules_engine.systems import get_system

SYSTEM = get_system("action")
EXAMPLES = examples_for(SYSTEM) + [
    "8 vs 5 inspired",
    "5 vs active 10 wild stymied routine",
    "7+2-1 vs 4 hazardous promising T 10 ev 3 vs 2",
    "5 vs 5 +3d -2d experimental boosted",
    "-3 vs -8 static one-shot",
]


def _result_or_error(call, request):
    try:
        return call(request)
    except RulesError as error:
        assert error.message and error.field is not None
        return None


@CONTRACT
@given(st.dictionaries(st.sampled_from((*FIELDS, "types", "active")), st.one_of(numbers(), st.text(max_size=30))))
def test_any_form_gives_odds_or_an_error_on_a_field(form):
    _result_or_error(odds_fields, {"fields": {"skill": "5", "defence": "5", **form}})


@CONTRACT
@given(
    st.one_of(
        st.text(),
        st.builds(
            lambda n, unit: n + unit, numbers(), st.sampled_from(("", " m", " km", " weeks", " kg", " tons", "m", " x"))
        ),
    )
)
def test_any_measure_converts_or_is_refused_where_it_stands(text):
    try:
        convert({"fields": {"measure": text}})
    except RulesError as error:
        assert error.field == "measure" and error.position is not None and 0 <= error.position <= len(text)


# --- the totals that drive the work are bounded -------------------------------------------
_WORST = (
    f"{MAX_VALUE} vs active -{MAX_VALUE} inspired wild promising +{MAX_DICE_PER_SIDE}d "
    f"-{MAX_DICE_PER_SIDE}d T {MAX_THRESHOLD} ev {MAX_VALUE} vs -{MAX_VALUE}"
)
# The largest actions; how long each takes is a figure of tests/benchmark.py.
LARGEST_ACTIONS = [_WORST, _WORST.replace("promising", "experimental routine"), f"-{MAX_VALUE} vs {MAX_VALUE} wild"]


def test_the_largest_actions_are_answered():
    for text in LARGEST_ACTIONS:
        result = odds(parse(text))
        assert result.to_json() and result.lines()
        assert sum(result.degrees) == 1


@pytest.mark.parametrize(
    "text,culprit",
    [
        ("5 vs 5 +6d +5d", "+5d"),
        ("5 vs 5 -11d", "-11d"),
        ("999+999 vs 5", "999+999"),
        ("5 vs 5 T 101", "101"),
        ("5 vs 5 ev 999+1 vs 0", "999+1"),
        ("1" * 31 + " vs 5", "1" * 31),
    ],
)
def test_limits_point_at_the_term_that_crosses(text, culprit):
    with pytest.raises(RulesError) as info:
        parse(text)
    error = info.value
    assert text[error.position : error.position + error.length] == culprit


LONG_NOTATIONS = ["5 vs 5 " + "wild " * 39, "5" * 200, "+" * 200, "5 vs 5 " + "+1d" * 64, "5 vs " + "1+" * 97 + "1"]


@pytest.mark.parametrize("text", LONG_NOTATIONS)
def test_long_notations_within_the_limit_are_parsed_or_refused(text):
    # parsing is linear: how quickly, a figure of tests/benchmark.py
    try:
        assert parse(text) is not None
    except RulesError as error:
        assert error.message
