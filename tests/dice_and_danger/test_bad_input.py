"""dice & danger meets bad input with one RulesError that says what and where, quickly."""

import pytest
from hostile_input import examples_for
from refusals import marked, refusal

from rules_engine.core.errors import RulesError
from rules_engine.dice_and_danger.notation import parse, parse_with_kind
from rules_engine.dice_and_danger.odds import odds
from rules_engine.dice_and_danger.rules import MAX_DICE, MAX_EXTRA, MAX_HITS, MAX_TERM
from rules_engine.systems import get_system

SYSTEM = get_system("dice-and-danger")
EXAMPLES = examples_for(SYSTEM) + ["1d -5h vs DC 3", "60d +40d vs DC 3 & +2b", "save 1d+2p vs DC 2"]


# (the contract, any text and mutations of EXAMPLES: tests/test_contracts.py)


# --- regressions: totals that drive the work are bounded, at the term that crosses -----
def refused(text):
    return refusal(parse, text)


# How quickly these are refused is a figure of tests/benchmark.py.
HITS_PAST_THE_TOTAL = [
    ("100d+30p vs DC 2 -999h", "-999h"),
    ("100d+30p vs DC 2 -999h -999h -999h", "-999h"),
    ("1d -999h -999h -999h -999h -999h -999h vs DC 3", "-999h"),
    ("4d -60h -41h vs DC 3", "-41h"),
    ("4d +101h vs DC 3", "+101h"),
    ("4d +60h & +41h vs DC 3", "+41h"),
]


@pytest.mark.parametrize("text,culprit", HITS_PAST_THE_TOTAL)
def test_added_or_removed_hits_are_bounded_in_total(text, culprit):
    error = refused(text)
    assert f"up to {MAX_HITS} added or removed hits" in error.message
    assert marked(error) == culprit
    assert error.position == text.index(culprit)  # the first term that takes the total past


def test_the_term_that_crosses_last_is_marked():
    # -60h -50h crosses, +20h comes back within, -20h crosses again and stays past.
    text = "1d -60h -50h +20h -20h vs DC 3"
    error = refused(text)
    assert "removed hits come to 110 in all" in error.message and error.position == text.rindex("-20h")


def test_hits_at_the_limit_are_computed():
    # how quickly: a figure of tests/benchmark.py
    result = odds(parse(f"{MAX_DICE}d+{MAX_EXTRA}p vs DC 2 -{MAX_HITS}h"))
    assert result.to_json() and result.lines()
    assert result.query.hits == -MAX_HITS and result.cap >= MAX_HITS
    assert parse(f"1d -{MAX_HITS}h +{MAX_HITS}h -{MAX_HITS}h vs DC 3").hits == -MAX_HITS


@pytest.mark.parametrize(
    "text,culprit",
    [
        ("1d+31b", "+31b"),
        ("101d vs DC 3", "101d"),
        ("60d +41d vs DC 3", "+41d"),
        ("100d vs DC 1", "vs DC 1"),
        ("4d & +31b vs DC 4", "+31b"),
        ("4d +20p -11p vs DC 4", "-11p"),
    ],
)
def test_a_pool_too_large_points_at_its_term(text, culprit):
    error = refused(text)
    assert f"up to {MAX_DICE} base dice and {MAX_EXTRA} bonus or penalty dice" in error.message
    assert marked(error) == culprit and error.position == text.index(culprit)


def test_cancelled_or_unrolled_extra_dice_are_not_too_large():
    assert parse("1d +31b +1p").extra == MAX_EXTRA
    assert parse("0d +31b vs DC 3").rolled == 0  # no base die: nothing is rolled


def test_the_dc_is_bounded_like_a_term():
    error = refused(f"4d vs DC {MAX_TERM + 1}")
    assert error.message == f"the DC must be from 0 to {MAX_TERM}, not {MAX_TERM + 1}"
    assert (error.position, error.length) == (9, 4)
    assert parse(f"4d vs DC {MAX_TERM}").dice == 0


@pytest.mark.parametrize(
    "text", ["1" * 5000 + "d", "0" * 4400 + "4d vs DC 3", "4d vs DC " + "9" * 4400, "4d +" + "1" * 4400 + "h vs DC 3"]
)
def test_digit_runs_past_pythons_int_limit_are_refused(text):
    error = refused(text)
    assert "at most 200 characters" in error.message and error.position == 200


def test_a_number_of_too_many_digits_is_refused_where_it_stands():
    error = refused("4d +" + "1" * 31 + "h vs DC 3")
    assert "at most 30 digits" in error.message and (error.position, error.length) == (4, 31)
    assert parse("0" * 150 + "4d vs DC 3").dice == 4  # leading zeros are only zeros


# --- a written save or damage needs a DC -------------------------------------------------
@pytest.mark.parametrize(
    "text,word", [("save 1d+2p", "save"), ("damage 1d+2p", "damage"), ("  SAVE 3d", "SAVE"), ("damage 2d+1b", "damage")]
)
def test_a_written_kind_without_dc_is_refused_at_the_word(text, word):
    error = refused(text)
    assert "needs a DC" in error.message and "vs DC" in error.message
    assert marked(error) == word and error.position == text.index(word)


def test_the_bare_face_roll_stays_the_attribute_roll():
    query = parse("1d+2p")
    assert query.kind == "face roll" and query.drops_highest  # keep the lowest of three
    assert parse("save 1d+2p vs DC 3").kind == "save"


@pytest.mark.parametrize("kind", ["damage", "save"])
def test_the_switch_leaves_a_face_roll_a_face_roll(kind):
    query, written = parse_with_kind("1d+2p", kind)
    assert written is None and query == parse("1d+2p") and query.kind == "face roll"
    assert odds(query).dist.p(1) == odds(parse("1d+2p")).dist.p(1)


def test_the_switch_still_makes_a_save_with_a_dc():
    query, written = parse_with_kind("1d+2p vs DC 3", "save")
    assert written is None and query == parse("save 1d+2p vs DC 3")
    with pytest.raises(RulesError) as info:
        parse_with_kind("save 1d+2p", "damage")
    assert info.value.position == 0 and info.value.length == 4


# --- parsing is linear ------------------------------------------------------------------
LONG_NOTATIONS = ["&" * 200, "1d " * 66 + "vs", "+1h " * 50, "& +2b " * 33]


@pytest.mark.parametrize("text", LONG_NOTATIONS)
def test_long_notations_within_the_limit_are_refused(text):
    # parsing is linear: how quickly, a figure of tests/benchmark.py
    with pytest.raises(RulesError):
        parse(text)
