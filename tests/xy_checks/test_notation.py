"""X-in-Y notation: checks, volleys, contests, canonical forms and errors with carets."""

import pytest
from refusals import marked, quoted_refusal

from rules_engine.core.errors import RulesError
from rules_engine.xy_checks.notation import (
    CheckQuery,
    ContestQuery,
    VolleyQuery,
    parse,
    parse_attackers_field,
    parse_check,
    parse_targets_field,
)
from rules_engine.xy_checks.rules import MAX_ATTACKERS, MAX_EXTRA_DICE, MAX_TARGETS, Check, Target


@pytest.mark.parametrize(
    "text,canonical,check",
    [
        ("5/6 -3 TN +1b", "5/6 -3 TN +1b", "2/6"),
        ("5/6-3TN+1b", "5/6 -3 TN +1b", "2/6"),
        ("+1b 5/6 -3 tn", "5/6 -3 TN +1b", "2/6"),
        ("5/6 -1 TN -2 TN +1 TN", "5/6 -2 TN", "3/6"),
        ("4/8 +2b -1p", "4/8 +1b", "4/8"),
        ("4/8 +1p -1p", "4/8 -2p", "4/8"),
        ("4/8 +1b -1p", "4/8", "4/8"),
        ("1/4 -1 TN crit", "1/4 -1 TN crit", "1/6"),
        ("5/6 \u2212 3 TN", "5/6 -3 TN", "2/6"),
        ("19/20 +5 TN", "19/20 +5 TN", "19/20"),
    ],
)
def test_checks_read_and_canonical(text, canonical, check):
    query = parse(text)
    assert isinstance(query, CheckQuery)
    assert query.notation == canonical and str(query.check) == check
    assert parse(canonical) == query


def test_notes_say_how_it_was_read():
    assert parse("4/8 +2b -1p").notes == ("2 bonus dice and 1 penalty die cancel: +1b",)
    assert "stays at 19/20" in parse("18/20 +3 TN").notes[0]


def test_volleys():
    query = parse("volley 5/6 +1b, 4/6, 3x 3/6 -1 TN vs barely, 2x fully superior")
    assert isinstance(query, VolleyQuery)
    assert [str(a.check) for a in query.attackers] == ["5/6", "4/6", "2/6", "2/6", "2/6"]
    assert query.targets == (Target("barely"), Target("fully", "superior"), Target("fully", "superior"))
    assert query.notation == "volley 5/6 +1b, 4/6, 3x 3/6 -1 TN vs barely, 2x fully superior"
    assert parse("volley 5/6, 4/6 vs 3").targets == (Target(),) * 3
    assert parse("volley 5/6, 4/6 vs 3 targets").notation == "volley 5/6, 4/6 vs 3"
    assert parse("volley 5/6 vs fully, barely in order").as_written


def test_other_attackers_roll_one_die():
    query = parse("volley 5/6 +1b, 4/6 +2b crit vs 2")
    assert query.attackers[1] == CheckQuery(Check(4, 6))
    assert "attacker 2 (4/6 +2b crit) rolls one die" in query.notes[0]
    assert query.notation == "volley 5/6 +1b, 4/6 vs 2"


def test_contests():
    query = parse("contest 5/6 +1b, 4/6 vs 4/6, 3/6, 3/6 tie first")
    assert isinstance(query, ContestQuery)
    assert query.tie == "first" and len(query.sides[0]) == 2 and len(query.sides[1]) == 3
    assert query.notation == "contest 5/6 +1b, 4/6 vs 4/6, 2x 3/6 tie first"
    assert parse("contest 5/6 vs 4/6 tie min").notation == "contest 5/6 vs 4/6"


def refused(text):
    return quoted_refusal(parse, text)


@pytest.mark.parametrize(
    "text,culprit,words",
    [
        ("5/7", "7", "ladder"),
        ("6/6", "6/6", "sure thing"),
        ("0/6", "0/6", "hopeless"),
        ("5/6 -1b", "-1b", "-1p"),
        ("5/6 +2", "", "TN"),
        ("5/6 5/6", "5/6", "twice"),
        ("+1b", "+1b", "x/y"),
        ("5/6, 4/6", ",", "volley"),
        ("5/6 +100 TN", "100", "from 0 to 99"),
        ("volley 5/6 vs", "", "targets"),
        ("volley 5/6 vs sturdy", "sturdy", "target"),
        ("volley 5/6 4/6 vs 2", "4/6", "twice"),
        ("contest 5/6 vs 4/6 tie maybe", "maybe", "tie"),
        ("volley 5/6 vs 2 in", "", "in order"),
    ],
)
def test_errors_point_at_the_problem(text, culprit, words):
    error = refused(text)
    assert words in error.message
    if culprit:
        assert marked(error).startswith(culprit) or marked(error) == culprit
    else:
        assert error.position >= len(text.rstrip()) - 0


def test_limits_that_bound_the_work():
    error = refused(f"5/6 +{MAX_EXTRA_DICE}b +1b")
    assert f"up to {MAX_EXTRA_DICE}" in error.message
    error = refused(f"volley 5/6, {MAX_ATTACKERS}x 4/6 vs 2")
    assert f"at most {MAX_ATTACKERS} attackers" in error.message and marked(error).startswith(f"{MAX_ATTACKERS}x")
    error = refused(f"volley 5/6 vs {MAX_TARGETS}, 1")
    assert f"at most {MAX_TARGETS} targets" in error.message and marked(error) == "1"
    assert len(parse(f"volley 5/6, {MAX_ATTACKERS - 1}x 4/6 vs {MAX_TARGETS}").attackers) == MAX_ATTACKERS
    refused("5/6 +" + "9" * 40 + "b")


def test_fields_name_themselves():
    assert len(parse_attackers_field("5/6 +1b, 2x 4/6")) == 3
    assert parse_targets_field("barely, 2x fully") == (Target("barely"), Target("fully"), Target("fully"))
    with pytest.raises(RulesError) as info:
        parse_attackers_field("5/6, 4/9")
    assert info.value.field == "attackers" and info.value.position == 7
    with pytest.raises(RulesError) as info:
        parse_targets_field("barely, wobbly")
    assert info.value.field == "targets" and info.value.position == 8
    with pytest.raises(RulesError):
        parse_check("volley 5/6 vs 2")
