import pytest
from refusals import assert_placed, quoted_refusal

from rules_engine.core.errors import RulesError
from rules_engine.dice_and_danger.notation import DiceAndDangerQuery, build_query, parse
from rules_engine.dice_and_danger.rules import MAX_DICE, MAX_EXTRA, Terms

# The source's worked example, exactly as printed, and with fatigue as one penalty die.
SOURCE_LINE = "3d +2d +1b +3b +2p +2p vs DC 3 & -1d & +2b"
CORRECTED_LINE = "3d +2d +1b +3b +1p +2p vs DC 3 & -1d & +2b"


def test_the_source_line_parses_to_its_literal_total():
    # 4 bonus and 4 penalty dice cancel; the goblin's +2b are 2 penalty dice for the roller
    query = parse(SOURCE_LINE)
    assert query == DiceAndDangerQuery(4, -2, 0, 3)
    assert query.notation == "4d-2p vs DC 3"


def test_the_corrected_line_gives_the_source_total():
    assert parse(CORRECTED_LINE).notation == "4d-1p vs DC 3"
    assert parse(CORRECTED_LINE) == parse("4d-1p vs DC 3")


@pytest.mark.parametrize(
    "text,canonical",
    [
        ("4d-1p vs DC 3", "4d-1p vs DC 3"),
        ("4d+1p vs DC 3", "4d-1p vs DC 3"),  # +Np and -Np both mean N penalty dice
        ("4D6 -1P VS dc 3", "4d-1p vs DC 3"),
        ("save 3d+1b vs DC 4", "save 3d+1b vs DC 4"),
        ("damage 3d+1b vs DC 4", "3d+1b vs DC 4"),
        ("3d 1b vs 4", "3d+1b vs DC 4"),  # signs may be left out; "DC" too
        ("vs DC 4 3d +1b", "3d+1b vs DC 4"),  # the DC may come first
        ("2d +1d +1b +1b +1p vs DC 5", "3d+1b vs DC 5"),
        ("3d +2b +2p vs DC 5", "3d vs DC 5"),
        ("3d +2h -1h vs DC 5", "3d+1h vs DC 5"),
        ("save 3d +1b -2h vs DC 5", "save 3d+1b-2h vs DC 5"),
        ("4d & +2p vs DC 3", "4d+2b vs DC 3"),  # their penalty dice are the roller's bonus dice
        ("4d & +1d & -1h vs DC 3", "5d-1h vs DC 3"),  # their d and h count as written
        ("4d & +1b -1p vs DC 3", "4d vs DC 3"),  # everything after & is theirs
        ("4d \u22121p vs DC 3", "4d-1p vs DC 3"),  # a typographic minus
        ("1d+2p", "1d-2p"),  # no DC: an attribute roll reads the kept die
    ],
)
def test_canonical_forms(text, canonical):
    query = parse(text)
    assert query.notation == canonical
    assert parse(canonical) == query


@pytest.mark.parametrize(
    "text,canonical,note",
    [
        ("4d vs DC 8", "2d vs DC 6", "DC 8 is above 6: vs DC 6 with 2 fewer dice"),
        ("4d vs DC 7", "3d vs DC 6", "1 fewer die"),
        ("4d vs DC 1", "5d vs DC 2", "DC 1 is below 2: vs DC 2 with 1 more die"),
        ("4d vs DC 0", "6d vs DC 2", "2 more dice"),
        ("2d+1b vs DC 9", "0d vs DC 6", "nothing is rolled"),
    ],
)
def test_a_dc_outside_2_to_6_becomes_dice(text, canonical, note):
    query = parse(text)
    assert query.notation == canonical
    assert any(note in line for line in query.notes)


def test_a_pool_of_no_dice_rolls_nothing():
    query = parse("1d & -2d vs DC 3")
    assert query.notation == "0d vs DC 3" and query.dice == 0 and query.rolled == 0
    assert "the terms leave -1 base dice: nothing is rolled, so 0 hits from dice" in query.notes
    assert parse("0d+3b +1h vs DC 4").notation == "0d+1h vs DC 4"  # extra dice have nothing to replace


def test_notes_explain_cancelling_and_the_other_side():
    notes = parse(SOURCE_LINE).notes
    assert "the other side's 2 bonus dice count as 2 penalty dice for the roller" in notes
    assert "4 bonus dice and 6 penalty dice cancel: -2p" in notes


def test_notes_do_not_change_equality():
    assert parse("3d +1b +1p vs DC 4") == parse("3d vs DC 4")


@pytest.mark.parametrize(
    "text,position,length,words",
    [
        ("", 0, 1, "write a roll"),
        ("4d-1b vs DC 3", 2, 3, "+1p"),
        ("save 2d -3b vs DC 3", 8, 3, "write +3p"),
        ("4d8 vs DC 3", 2, 1, "six-sided"),
        ("4 vs DC 3", 2, 2, "d (dice), b (bonus)"),
        ("4x vs DC 3", 1, 1, "d (dice)"),
        ("4d vs DC", 8, 1, "expected the DC"),
        ("4d vs DC x", 9, 1, "expected the DC"),
        ("4d vs DC 3 vs DC 4", 11, 5, "twice"),
        ("4d & vs DC 3", 5, 2, "other side"),
        ("4d &", 4, 1, "other side"),
        ("4d save vs DC 3", 3, 4, "at the start"),
        ("4d + vs DC 3", 5, 2, "number after the sign"),
        ("4d banana", 3, 6, "expected a term"),
        ("3d +1h", 3, 3, "need a DC"),
        ("3d+1b", 5, 1, "without a DC"),
        ("1000d vs DC 3", 0, 4, "at most 999"),
    ],
)
def test_errors_point_at_the_problem(text, position, length, words):
    assert_placed(quoted_refusal(parse, text), position, length, words)


def test_limits_are_named_and_the_largest_pool_is_accepted():
    assert parse(f"{MAX_DICE}d+{MAX_EXTRA}b vs DC 4").rolled == MAX_DICE + MAX_EXTRA
    for text, position, length in (
        (f"{MAX_DICE + 1}d vs DC 4", 0, 4),
        (f"4d+{MAX_EXTRA + 1}b vs DC 4", 2, 4),
        (f"{MAX_DICE}d vs DC 1", 5, 7),
        (f"4d & +{MAX_EXTRA + 1}b vs DC 4", 5, 4),
    ):
        with pytest.raises(RulesError) as info:
            parse(text)
        assert f"up to {MAX_DICE} base dice and {MAX_EXTRA} bonus or penalty dice" in info.value.message
        # The caret marks the term (or the DC) that takes the total past the limit.
        assert (info.value.position, info.value.length) == (position, length)
    assert parse(f"{MAX_DICE + 5}d -5d vs DC 4").dice == MAX_DICE  # only the total counts


def test_build_query_from_terms():
    query = build_query(Terms(dice=2, penalty=1), 8, save=True, other=Terms(bonus=1))
    assert query.notation == "save 0d vs DC 6"
    assert build_query(Terms(dice=3, bonus=2), 4).drops_highest is False
    assert build_query(Terms(dice=3, bonus=2), 4, save=True).drops_highest is True
