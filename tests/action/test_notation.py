"""Reading Action! notations: canonical forms, and errors that point at the problem."""

import pytest
from refusals import marked, quoted_refusal

from rules_engine.action.roll.notation import parse


@pytest.mark.parametrize(
    "text,canonical",
    [
        ("5 vs 5", "5 vs 5"),
        ("  8 VS 5 Inspired ", "8 vs 5 inspired"),
        ("5 vs 10 wild", "5 vs 10 wild"),
        ("5 vs 5 hazardous stymied", "5 vs 5 stymied hazardous"),
        ("7+2-1 vs active 4", "8 vs active 4"),
        ("5 vs 5 +1d -2d10 +1d", "5 vs 5 +2d -2d"),
        ("5 vs 5 threshold 10 attributes 3 vs 2", "5 vs 5 T 10 ev 3 vs 2"),
        ("5 vs 5 T 5 ev 0 vs 0", "5 vs 5"),
        ("-3 vs -2 oneshot", "-3 vs -2 one-shot"),
        ("5 \u2212 2 vs 3", "3 vs 3"),
        ("5 vs 5 ev 2+1 vs 1 -1d", "5 vs 5 -1d ev 3 vs 1"),
    ],
)
def test_canonical_forms(text, canonical):
    query = parse(text)
    assert query.notation == canonical
    assert parse(canonical) == query


def test_what_the_query_holds():
    query = parse("7 vs active 4 wild inspired T 3 ev 4 vs 1 +1d")
    assert (query.skill, query.defence, query.defence_value) == (7, 4, 9)
    assert query.types == {"wild", "inspired"} and query.threshold == 3 and query.ev_bonus == 3
    assert (query.plan.positive, query.plan.negative) == (4, 2)


@pytest.mark.parametrize(
    "text,message,culprit",
    [
        ("", "write an action such as", ""),
        ("5", "expected vs", ""),
        ("5 vs", "expected the defence", ""),
        ("5 vs 5 inspird", "unknown word 'inspird'", "inspird"),
        ("5 vs 5 wild wild", "wild is given twice", "wild"),
        ("5 vs 5 T 0", "the Threshold must be from 1 to 100, not 0", "0"),
        ("5 vs 5 T 5 T 6", "the Threshold is given twice", "T"),
        ("1000 vs 5", "a number in the skill must be from 0 to 999", "1000"),
        ("999+1 vs 5", "the skill must be from -999 to 999, not 1000", "999+1"),
        ("5 vs 5 +11d", "extra positive dice come to 11", "+11d"),
        ("5 vs 5 +6d +5d", "extra positive dice come to 11", "+5d"),
        ("5 vs 5 +1d6", "d10s only", "6"),
        ("5 vs 5 active", "active goes right after vs", "active"),
        ("5 vs 5 ev 3", "expected vs and the defender's EV", ""),
        ("5 vs 5 vs 5", "the defence is already given", "vs"),
        ("5 vs 5 7", "expected a type word", "7"),
        ("five vs 5", "expected the skill", "five"),
    ],
)
def test_errors_point_at_the_problem(text, message, culprit):
    error = quoted_refusal(parse, text)
    assert message in error.message
    if culprit:
        assert marked(error, text) == culprit
    assert error.caret_lines()[1].strip().startswith("^")
