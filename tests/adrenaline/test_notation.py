"""Reading Adrenaline notations: the canonical form, and errors that point at the spot."""

import pytest
from refusals import quoted_refusal, refusal

from rules_engine.adrenaline.notation import NOTATION_HELP, Side, parse, side_from_fields
from rules_engine.adrenaline.rules import MAX_DESIGNER_POOL, Options
from rules_engine.core.errors import RulesError


@pytest.mark.parametrize(
    "text,canonical",
    [
        ("6d10 vs 7", "6d10 vs 7"),
        ("6d10", "6d10 vs 6"),
        ("6d", "6d10 vs 6"),
        ("6D10 VS 7", "6d10 vs 7"),
        ("6d10 +2a vs 7", "6d10+2a vs 7"),
        ("6d10 vs 7 +2a", "6d10+2a vs 7"),
        ("6d10 vs Challenging", "6d10 vs 7"),
        ("6d10 vs extremely difficult", "6d10 vs 9"),
        ("6d10 vs Practically-Impossible", "6d10 vs 10"),
        ("damage 5d10", "damage 5d10 vs 6"),
        ("6d10 vs 7 until 10", "6d10 vs 7 until 10"),
        ("6d10 vs 7 until 10 with botch-wastes", "6d10 vs 7 until 10 with botch-wastes"),
        ("6d10 vs 7 against 5d10", "6d10 vs 7 against 5d10 vs 6"),
        ("6d10+1a against 5d10+2a vs 8", "6d10+1a vs 6 against 5d10+2a vs 8"),
        ("6d10 with tens-twice botch-if-none", "6d10 vs 6 with botch-if-none, tens-twice"),
        ("40d10 vs 6 with designer", "40d10 vs 6 with designer"),
        ("0d10", "0d10 vs 6"),
    ],
)
def test_canonical_forms(text, canonical):
    assert parse(text).notation == canonical
    assert parse(canonical).notation == canonical


def test_what_a_notation_holds():
    query = parse("6d10+2a vs 7 against 5d10 vs 6 with tens-explode, botches-below-zero")
    assert query.side == Side(6, 7, 2) and query.opponent == Side(5, 6, 0)
    assert query.options == Options(tens_explode=True) and query.botches_below_zero and query.kind == "opposed"
    assert parse("6d10 vs 7 until 12").target == 12 and parse("6d10 vs 7 until 12").kind == "extended"


def refused(text):
    return quoted_refusal(parse, text)


@pytest.mark.parametrize(
    "text,message,at,length",
    [
        ("", "write a roll such as 6d10 vs 7", 0, 1),
        ("11d10", "past the rules' cap of 10: add 'with designer'", 0, 2),
        ("61d10 with designer", f"the designer option computes up to {MAX_DESIGNER_POOL}", 0, 2),
        ("6d6", "ten-sided dice only", 2, 1),
        ("6d10 vs 11", "the difficulty must be from 2 to 10, not 11", 8, 2),
        ("6d10 vs 1", "the difficulty must be from 2 to 10, not 1", 8, 1),
        ("6d10 vs Hard", "expected a difficulty from 2 to 10 or its name", 8, 4),
        ("6d10+11a", "the Adrenaline points spent (the pool runs 0–10) must be from 0 to 10", 5, 2),
        ("6d10+2 vs 7", "expected a (Adrenaline points)", 7, 2),
        ("6d10 vs 7 until 0", "an extended roll's target must be from 1 to 100, not 0", 16, 1),
        ("6d10+1a vs 7 until 5", "spend Adrenaline on single rolls only", 4, 3),
        ("6d10 vs 7 until 5 against 3d10", "either extended (until) or opposed (against)", 18, 7),
        ("6d10 with tens", "expected an option", 10, 4),
        ("6d10 with tens-twice tens-twice", "given twice", 21, 10),
        ("6d10 with botch-wastes", "botch-wastes is an option for extended rolls only", 10, 12),
        ("6d10 until 5 with tens-explode", "tens-explode is for single and opposed rolls", 18, 12),
        ("damage 5d10 vs 7", "damage rolls are always difficulty 6", 15, 1),
        ("6d10 vs 7 8", "unexpected text here", 10, 1),
        ("6d10 against", "expected the number of dice", 12, 1),
        ("6d10 against 11d10", "past the rules' cap", 13, 2),
    ],
)
def test_errors_say_what_and_where(text, message, at, length):
    error = refused(text)
    assert message in error.message
    assert (error.position, error.length) == (at, length), str(error)


def test_the_help_names_every_notation():
    for word in (
        "+2a",
        "until",
        "against",
        "botch-wastes",
        "botches-below-zero",
        "botch-if-none",
        "tens-explode",
        "tens-twice",
        "no-cancel",
        "designer",
    ):
        assert word in NOTATION_HELP


def test_widget_fields():
    assert side_from_fields("3", "2", "7", "1") == Side(5, 7, 1)
    assert side_from_fields("4", "", "", "") == Side(4, 6, 0)
    assert side_from_fields("4", "3", "Challenging", "0") == Side(7, 7, 0)
    for values, field in (
        (("x", "2", "7", "0"), "attribute"),
        (("8", "5", "7", "0"), "ability"),
        (("3", "2", "12", "0"), "difficulty"),
        (("3", "2", "7", "11"), "adrenaline"),
    ):
        error = refusal(side_from_fields, *values)
        assert error.field == field and error.position is None
    assert side_from_fields("30", "10", "6", "0", designer=True).pool == 40
    with pytest.raises(RulesError) as info:
        side_from_fields("3", "2", "x", "0", prefix="other-")
    assert info.value.field == "other-difficulty"
