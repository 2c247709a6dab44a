"""Seeded rolls: every die explained, the log, and the roller against the exact odds."""

from fractions import Fraction

import pytest
from roller_agreement import assert_roller_agrees

from rules_engine.adrenaline.notation import parse
from rules_engine.adrenaline.odds import joint, odds
from rules_engine.adrenaline.roll import read_dice, roll
from rules_engine.adrenaline.rules import Options
from rules_engine.core.roller import DieFate


def test_same_seed_same_roll():
    assert roll(parse("6d10 vs 7"), 11).to_json() == roll(parse("6d10 vs 7"), 11).to_json()


def test_every_die_has_a_line_and_a_final_fate():
    result = roll(parse("10d10 vs 6"), 5)
    data = result.to_json()
    assert len(data["dice"]) == 10 and len(data["dice_detail"]) == 10
    assert data["lines"][2:12] == [read_dice(data["dice"], 6).dice[i].describe(6) for i in range(10)]
    fates = {e.index: e for e in result.log if e.fate is not DieFate.ROLLED}
    assert sorted(fates) == list(range(10))
    for detail in data["dice_detail"]:
        expected = DieFate.CANCELLED if detail["cancels"] or detail["cancelled_by"] else DieFate.KEPT
        assert fates[detail["index"]].fate is expected


def test_cancelling_links_both_ways():
    for seed in range(40):
        data = roll(parse("8d10 vs 7"), seed).to_json()
        detail = data["dice_detail"]
        for die in detail:
            for target in die["cancels"]:
                assert die["index"] in detail[target]["cancelled_by"] and detail[target]["role"] == "success"
        if data["pair"]:
            i, j = data["pair"]
            assert detail[i]["value"] == detail[j]["value"] and not detail[i]["cancelled_by"]
            assert not detail[j]["cancelled_by"] and data["adrenaline_earned"] == 1


def test_exploding_tens_roll_more_dice():
    for seed in range(200):
        data = roll(parse("6d10 with tens-explode"), seed).to_json()
        tens = sum(1 for v in data["dice"] if v == 10)
        assert len(data["dice"]) == 6 + tens  # every 10 added one die
        for d in data["dice_detail"][6:]:
            assert data["dice"][d["from"]] == 10


def test_extended_roll_plays_out():
    data = roll(parse("6d10 vs 7 until 10"), 3).to_json()
    assert data["ending"] in ("reached", "botched")
    if data["ending"] == "reached":
        assert data["totals"][-1] >= 10 and all(t < 10 for t in data["totals"][:-1])


@pytest.mark.parametrize("text,trials", [("4d10 vs 7", 4000), ("6d10+1a vs 8", 3000), ("5d10 with tens-twice", 3000)])
def test_roller_agrees_with_the_exact_net(text, trials):
    query = parse(text)
    exact = odds(query).roll.dist.probabilities()
    assert_roller_agrees(exact, lambda seed: roll(query, seed).reading.outcome.net, trials)


def test_roller_agrees_on_adrenaline():
    query = parse("6d10 vs 6")
    exact = joint(6, 6, Options())
    p = exact.p_adrenaline()
    assert_roller_agrees({0: 1 - p, 1: p}, lambda seed: int(roll(query, seed).reading.outcome.adrenaline), 3000)


def test_roller_agrees_on_exploding_tens():
    query = parse("3d10 vs 8 with tens-explode")
    exact = odds(query).roll.dist.probabilities()
    assert_roller_agrees(exact, lambda seed: roll(query, seed).reading.outcome.net, 3000)


def test_opposed_roller_agrees_with_the_margin():
    query = parse("3d10 vs 6 against 3d10 vs 7")
    exact = odds(query).margin.probabilities()
    assert_roller_agrees(exact, lambda seed: roll(query, seed).margin, 3000)
    assert sum(exact.values()) == Fraction(1)
