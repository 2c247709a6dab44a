import json

import pytest
from refusals import assert_placed, refusal

from rules_engine.cli import run
from rules_engine.core.errors import RulesError
from rules_engine.doom_stack.notation import DoomStackQuery, parse, query_from_fields


@pytest.mark.parametrize(
    "text,pool,tn",
    [
        ("4d6 vs TN 8", 4, 8),
        ("4d6", 4, None),
        ("4D6 VS tn 8", 4, 8),
        ("4d6 vs 8", 4, 8),
        ("4d vs 8", 4, 8),
        (" 12d6 vs challenging ", 12, 8),
        ("0d6 vs TN 1", 0, 1),
        ("6d6 TN 9", None, None),
    ],
)
def test_parse(text, pool, tn):
    if pool is None:
        refusal(parse, text)
    else:
        assert parse(text) == DoomStackQuery(pool, tn)


def test_canonical_form_and_title():
    assert parse(" 4D6 vs 8").notation == "4d6 vs TN 8"
    assert parse("4d6 vs Challenging").title == "4d6 vs TN 8 (Challenging)"
    assert parse("4d6 vs TN 5").title == "4d6 vs TN 5"
    assert parse("7d6").notation == "7d6"


@pytest.mark.parametrize(
    "text,position,length,words",
    [
        ("", 0, 1, "write a pool"),
        ("d6", 0, 2, "number of dice"),
        ("4x6", 1, 2, "d6"),
        ("4d8 vs TN 8", 2, 1, "six-sided"),
        ("301d6", 0, 3, "0 to 300"),
        ("4d6 vs TN 0", 10, 1, "TN must be"),
        ("4d6 vs Hard", 7, 4, "difficulty"),
        ("4d6 vs TN 8 please", 12, 6, "unexpected"),
        ("4d6 against 8", 4, 7, "vs TN"),
        # a pool assembled from attribute + skill + modifiers, as the roller assembles it
        ("3-2d6", 1, 1, "the skill is added"),
        ("3+d6", 2, 2, "expected the skill"),
        ("3+2+1+1d6", 5, 1, "at most three numbers"),
        ("3+2+999d6 vs TN 8", 3, 4, "the modifiers must be from -300 to 300, not 999"),
        ("200+101d6", 0, 7, "a pool of 301 dice is more than the 300"),
        ("301+0d6", 0, 3, "the attribute must be from 0 to 300"),
        ("3+2 vs TN 8", 4, 2, "expected d6 after attribute + skill + modifiers"),
    ],
)
def test_errors_point_at_the_problem(text, position, length, words):
    assert_placed(refusal(parse, text), position, length, words)
    # The command line places it the same, for the odds and for a roll.
    for verb in ("odds", "roll"):
        code, out = run([verb, "doom-stack", text, "--json"])
        error = json.loads(out)["error"]
        assert code == 2 and words in error["message"] and (error["position"], error["length"]) == (position, length)


def test_fields_build_the_pool_and_name_bad_fields():
    query, pool = query_from_fields("3", "2", "+4", "8")
    assert query == DoomStackQuery(7, 8) and pool.capped
    assert query_from_fields("3", "2", "", "")[0] == DoomStackQuery(5, None)
    for fields, name in [
        (("x", "2", "0", "8"), "attribute"),
        (("3", "-1", "0", "8"), "skill"),
        (("3", "2", "1.5", "8"), "modifiers"),
        (("3", "2", "0", "0"), "TN"),
    ]:
        assert refusal(query_from_fields, *fields).field == name


@pytest.mark.parametrize("tn,expected", [("Challenging", 8), (" routine ", 4), ("8", 8), ("", None)])
def test_the_tn_field_takes_a_difficulty_by_name_as_the_notation_does(tn, expected):
    query, _ = query_from_fields("3", "2", "0", tn)
    assert query.tn == expected
    if expected is not None and not tn.strip().isdigit():
        assert query == parse(f"5d6 vs {tn.strip()}")


def test_a_tn_that_is_neither_number_nor_difficulty_lists_the_difficulties():
    with pytest.raises(RulesError) as info:
        query_from_fields("3", "2", "0", "Hard")
    assert info.value.field == "TN"
    assert "a difficulty from Routine to Inconceivable" in info.value.message
    assert info.value.message.endswith("not Hard")
    with pytest.raises(RulesError, match="TN must be from 1 to"):
        query_from_fields("3", "2", "0", "0")
