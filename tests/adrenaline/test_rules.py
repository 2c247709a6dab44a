"""The Adrenaline rules applied to given dice: the source's worked examples and small
hand-checked cases of cancelling, botching and doubles."""

import pytest

from rules_engine.adrenaline.roll import read_example
from rules_engine.adrenaline.rules import (
    Options,
    Tally,
    degree,
    difficulty_by_name,
    difficulty_name,
    earns_adrenaline,
    outcome,
)

# The source's four examples: five dice at difficulty 6 and the net it prints.
SOURCE_EXAMPLES = [((10, 9, 7, 7, 3), 4), ((9, 6, 6, 3, 2), 3), ((10, 9, 3, 1, 1), 0), ((10, 5, 5, 1, 1), -1)]


@pytest.mark.parametrize("dice,net", SOURCE_EXAMPLES)
def test_the_sources_four_examples(dice, net):
    reading = read_example(dice, 6)
    assert reading.outcome.net == net
    assert reading.result == {4: "success", 3: "success", 0: "failure", -1: "botch"}[net]


def test_the_source_examples_die_by_die():
    failure = read_example((10, 9, 3, 1, 1), 6)
    assert [d.role for d in failure.dice] == ["success", "success", "blank", "one", "one"]
    # the 1s take the lowest success first: die 4 cancels the 9 (die 2), die 5 the 10
    assert failure.dice[3].cancels == (1,) and failure.dice[4].cancels == (0,)
    assert failure.dice[0].cancelled_by == (4,) and failure.pair is None
    botch = read_example((10, 5, 5, 1, 1), 6)
    assert botch.dice[3].cancels == (0,) and botch.dice[4].cancels == ()  # nothing left for the second 1
    assert "a 1 with no success left to cancel" in botch.lines()[4]
    # By the rules, 10 9 7 7 3 also earns a point (the source does not say so there).
    assert read_example((10, 9, 7, 7, 3), 6).pair == (2, 3)


def test_the_sources_adrenaline_example():
    reading = read_example((9, 9, 6, 2, 2), 6)
    assert reading.outcome.net == 3 and reading.outcome.adrenaline and reading.pair == (0, 1)
    assert reading.lines()[-1] == "Adrenaline: the pair of 9s (dice 1 and 2) survives: +1 point"
    assert reading.lines()[-2] == "Net 3: 3 successes, a complete success"


def test_ones_cancel_so_as_to_leave_a_pair():
    # 8 8 9 1: the 1 takes the 9, the 8s survive as a pair
    reading = read_example((8, 8, 9, 1), 6)
    assert reading.dice[3].cancels == (2,) and reading.outcome == outcome(Tally(3, 1, True, 0), Options())
    assert reading.outcome.net == 2 and reading.outcome.adrenaline and reading.pair == (0, 1)
    # 8 8 1: the 1 must take an 8, the pair cannot survive
    assert not read_example((8, 8, 1), 6).outcome.adrenaline
    # a pair of 10s is a pair like any other
    assert read_example((10, 10, 3), 6).pair == (0, 1)
    # two pairs still earn one point: the highest is kept
    reading = read_example((7, 7, 9, 9), 6)
    assert reading.pair == (2, 3) and reading.outcome.adrenaline is True


def test_a_pair_below_the_difficulty_earns_nothing():
    assert not read_example((5, 5, 9), 6).outcome.adrenaline


def test_spent_adrenaline_is_never_cancelled_and_cannot_botch():
    reading = read_example((1, 1, 3), 6, spent=1)
    assert reading.outcome.net == 1 and reading.result == "success"
    assert read_example((9, 1), 6, spent=2).outcome.net == 2
    assert read_example((9, 9, 7), 6, spent=2).outcome.net == 5


def test_variants_on_given_dice():
    later = Options(botch_if_none=True)
    assert read_example((9, 1, 1), 6, later).outcome.net == 0  # more 1s, but a success: a failure
    assert read_example((3, 1, 1), 6, later).outcome.net == -2  # no success and 1s: a botch
    assert read_example((10, 1), 6, Options(tens_twice=True)).outcome.net == 1
    reading = read_example((10, 10, 1, 1), 6, Options(tens_twice=True))
    assert reading.outcome.net == 2 and not reading.outcome.adrenaline  # a pair of 10s needs 4 left
    assert read_example((10, 10, 1), 8, Options(tens_twice=True)).outcome.adrenaline is False
    assert read_example((10, 10, 7, 7), 6, Options(tens_twice=True)).pair == (0, 1)
    assert read_example((9, 1, 1), 6, Options(no_cancel=True)).outcome.net == 1
    assert read_example((3, 1), 6, Options(no_cancel=True)).outcome.net == -1


def test_degrees_and_names():
    assert [degree(n) for n in (-2, 0, 1, 2, 3, 4, 5, 9)] == [
        "botch",
        "failure",
        "barely successful",
        "barely successful",
        "a complete success",
        "a complete success",
        "overwhelmingly successful",
        "overwhelmingly successful",
    ]
    assert difficulty_name(2) == "Trivial" and difficulty_name(10) == "Practically Impossible"
    assert difficulty_by_name("extremely-difficult") == 9 and difficulty_by_name("Hard") is None


def test_earning_needs_two_left_after_cancelling():
    assert earns_adrenaline(Tally(4, 2, True, 0), Options())
    assert not earns_adrenaline(Tally(3, 2, True, 0), Options())
    assert not earns_adrenaline(Tally(5, 0, False, 1), Options())
