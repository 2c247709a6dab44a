"""X-in-Y meets bad input with one RulesError that says what and where, quickly."""

import pytest
from hostile_input import examples_for
from hostile_strategies import CONTRACT
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.core.errors import RulesError
from rules_engine.xy_checks import SYSTEM
from rules_engine.xy_checks.actions import ACTIONS
from rules_engine.xy_checks.notation import CONTEST_EXAMPLE, VOLLEY_EXAMPLE

EXAMPLES = examples_for(SYSTEM) + [
    VOLLEY_EXAMPLE,
    CONTEST_EXAMPLE,
    "1/4 -1 TN +30b crit",
    "volley 5/6 +3b crit, 19x 4/6 vs 20 in order",
    "contest 5/6 +2b crit, 19x 3/6 vs 5/6 -30p, 19x 2/6 tie second",
    "19/20 +99 TN -99 TN +99 TN",
    "volley 1/20 -30p crit, 2x 19/20 vs 20x fully superior",
]


FIELD_TEXT = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["", "5/6", "3", "-2", "on", "fully", "contest", "5/6 +1b, 2x 4/6", "barely, 2x fully", "9" * 50]),
)


@CONTRACT
@given(
    st.sampled_from(sorted(ACTIONS)),
    st.dictionaries(
        st.sampled_from(
            [
                "check",
                "tn",
                "bonus",
                "penalty",
                "crit",
                "defence",
                "form",
                "attack_bonus",
                "advantages",
                "disadvantages",
                "mode",
                "attackers",
                "targets",
                "order",
                "other",
                "tie",
            ]
        ),
        FIELD_TEXT,
    ),
    st.one_of(st.none(), st.text(max_size=12)),
)
def test_widget_fields_give_a_result_or_a_rules_error(action, fields, seed):
    try:
        ACTIONS[action]({"fields": fields, "seed": seed})
    except RulesError as error:
        assert error.message
        if error.position is not None:
            assert 0 <= error.position <= len(error.notation)


# The largest inputs the system takes; how long they take is a figure of tests/benchmark.py.
LARGEST_INPUTS = [
    "volley 5/6 +30b crit, 19x 19/20 vs 20",
    "contest 19/20 +30b crit, 19x 19/20 vs 19/20 +30b crit, 19x 19/20 tie full",
    "19/20 +30b crit",
]


@pytest.mark.parametrize("text", LARGEST_INPUTS)
def test_the_largest_inputs_are_answered(text):
    assert SYSTEM.odds(text).to_json()
    assert SYSTEM.roll(text, 3).to_json()
