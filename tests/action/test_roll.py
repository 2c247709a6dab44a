"""Action! rolls: each die's chain, double-0, AV, Outcome, PV and the degree, seeded."""

from fractions import Fraction

import pytest
from roller_agreement import assert_roller_agrees

from rules_engine.action import roll_notation
from rules_engine.action.roll.notation import parse
from rules_engine.action.roll.odds import degree_odds
from rules_engine.action.roll.roll import roll_with
from rules_engine.action.roll.rules import DEGREE_NAMES
from rules_engine.core.errors import RulesError
from rules_engine.core.roller import ScriptedRoller


def given(text, *faces):
    return roll_with(parse(text), ScriptedRoller(faces))


def test_an_open_die_rolls_again_on_each_ten_and_adds():
    result = given("5 vs 5", 10, 10, 3, 7)
    assert [c.faces for c in result.chains] == [(10, 10, 3), (7,)]
    assert result.lines()[1] == "Dice: + 10 → 10 → 3 = 23; − 7"
    assert (result.dice_part, result.av, result.outcome, result.pv) == (16, 21, 16, 16)
    assert DEGREE_NAMES[result.degree] == "Victory" and not result.double0


def test_double_0_on_a_success_is_a_total_victory_and_on_a_failure_a_fumble():
    success = given("5 vs 5", 10, 4, 10, 2)  # + 14, − 12: Outcome 2
    assert success.double0 and DEGREE_NAMES[success.degree] == "Total Victory"
    assert "Double-0" in "\n".join(success.lines()) and success.reason == "a double-0 on a success"
    failure = given("5 vs 5", 10, 2, 10, 4)  # + 12, − 14: Outcome −2
    assert DEGREE_NAMES[failure.degree] == "Fumble" and failure.reason == "a double-0 on a failure"


def test_the_eight_degrees_by_outcome():
    cases = [
        ((1, 9), "Fumble"),
        ((1, 6), "Total Failure"),
        ((1, 2), "Failure"),
        ((5, 5), "Success"),
        ((9, 4), "Major Success"),
        ((10, 1, 4), "Major Success"),
        ((10, 7, 5), "Negotiated Victory"),
        ((10, 8, 2), "Victory"),
        ((10, 10, 1, 1), "Total Victory"),
    ]
    for faces, name in cases:
        assert DEGREE_NAMES[given("5 vs 5", *faces).degree] == name, faces


# --- each action type, as the source describes it -------------------------------------------
def test_inspired_rolls_an_extra_positive_die():
    result = given("5 vs 5 inspired", 3, 4, 6)
    assert [c.sign for c in result.chains] == [1, 1, -1] and result.dice_part == 1


def test_wild_adds_a_positive_and_a_negative_die():
    result = given("5 vs 5 wild", 3, 4, 6, 2)
    assert [c.sign for c in result.chains] == [1, 1, -1, -1] and result.dice_part == -1


def test_stymied_closes_the_positive_dice():
    result = given("5 vs 5 stymied", 10, 3)
    assert result.chains[0].faces == (10,) and result.dice_part == 7
    assert "(closed)" in result.lines()[2]
    double = given("5 vs 5 stymied", 10, 10, 1)  # a closed 10 and a negative 10: still double-0
    assert double.double0 and DEGREE_NAMES[double.degree] == "Fumble"


def test_stymied_drops_the_first_extra_positive_die_and_opens_the_rest():
    result = given("5 vs 5 stymied inspired", 10, 2, 3)
    assert [c.faces for c in result.chains] == [(10, 2), (3,)]


def test_routine_gets_at_least_plus_one():
    result = given("5 vs 5 routine", 3, 7)
    assert (result.raw_dice_part, result.dice_part, result.av) == (-4, 1, 6)
    assert "Routine makes it +1" in "\n".join(result.lines())


def test_static_uses_the_skill():
    result = given("7 vs 5 static")
    assert result.chains == () and result.av == 7 and DEGREE_NAMES[result.degree] == "Success"


def test_boosted_hindered_and_promising_change_a_success():
    assert given("5 vs 5 boosted", 8, 5).pv == 8
    assert given("5 vs 5 hindered", 8, 5).pv == -2
    assert given("5 vs 5 promising", 8, 5).pv == 6
    assert given("5 vs 5 promising boosted", 8, 5).pv == 6  # not cumulative: Promising stands
    assert given("5 vs 5 boosted", 2, 5).pv == -3  # a failure gains nothing


def test_hazardous_turns_a_failure_into_a_fumble():
    assert DEGREE_NAMES[given("5 vs 5 hazardous", 3, 5).degree] == "Fumble"
    assert given("5 vs 5 hazardous", 3, 5).reason == "a failure on a Hazardous action"


def test_experimental_treats_any_pair_as_a_double_0():
    result = given("5 vs 5 experimental", 4, 4)
    assert result.pair and not result.double0 and DEGREE_NAMES[result.degree] == "Total Victory"
    assert DEGREE_NAMES[given("5 vs 5", 4, 4).degree] == "Success"


def test_one_shot_changes_nothing_in_the_roll():
    assert given("5 vs 5 one-shot", 6, 2).degree == given("5 vs 5", 6, 2).degree


def test_active_defence_and_ev():
    result = given("8 vs active 2 ev 3 vs 1", 6, 2)
    assert (result.outcome, result.pv) == (5, 7)
    assert "active defence: 2 + 5 = 7" in "\n".join(result.lines())


def test_av_below_zero_is_a_fumble():
    result = given("0 vs -10", 1, 5)
    assert result.av == -4 and result.outcome == 6 and DEGREE_NAMES[result.degree] == "Fumble"
    assert result.reason == "AV below 0"


def test_seeded_rolls_repeat():
    first = roll_notation("8 vs 5 inspired", 7)
    assert first.to_json() == roll_notation("8 vs 5 inspired", 7).to_json()
    assert first.lines()[0] == "Action! 8 vs 5 inspired, seed 7"


def test_too_few_given_dice_is_a_rules_error():
    with pytest.raises(RulesError):
        given("5 vs 5", 3)


@pytest.mark.parametrize("text", ["5 vs 5", "8 vs 5 inspired experimental", "5 vs 5 stymied routine"])
def test_the_roller_agrees_with_the_exact_odds(text):
    exact = {k: p for k, p in enumerate(degree_odds(parse(text))) if p}
    assert_roller_agrees(exact, lambda seed: roll_notation(text, seed).degree, 4000)
    assert sum(exact.values()) == Fraction(1)
