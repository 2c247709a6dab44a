"""Exact odds: checked against every roll of small pools (read by ``read_dice``, the
same code the roller uses), hand-checked small cases and properties."""

from fractions import Fraction
from itertools import product

import pytest

from rules_engine.adrenaline.notation import parse
from rules_engine.adrenaline.odds import joint, odds, tens_cap
from rules_engine.adrenaline.roll import read_dice
from rules_engine.adrenaline.rules import Options
from rules_engine.core.dist import EXPLOSION_CUTOFF

VARIANTS = [
    Options(),
    Options(botch_if_none=True),
    Options(tens_twice=True),
    Options(no_cancel=True),
    Options(tens_twice=True, botch_if_none=True),
]


def by_enumeration(pool, difficulty, options, spent=0):
    """(net, earned) → chance, over every one of the 10^pool rolls."""
    out = {}
    for dice in product(range(1, 11), repeat=pool):
        result = read_dice(dice, difficulty, options, spent).outcome
        key = (result.net, result.adrenaline)
        out[key] = out.get(key, 0) + Fraction(1, 10**pool)
    return out


@pytest.mark.parametrize("options", VARIANTS)
@pytest.mark.parametrize("pool", [0, 1, 2, 3])
@pytest.mark.parametrize("difficulty", [2, 6, 9, 10])
def test_the_joint_equals_every_roll_read_by_the_rules(pool, difficulty, options):
    exact = joint(pool, difficulty, options)
    found = {k: Fraction(w, exact.denominator) for k, w in exact.weights.items()}
    assert found == by_enumeration(pool, difficulty, options)


@pytest.mark.parametrize("spent", [1, 3])
def test_the_joint_with_spent_points_equals_every_roll(spent):
    exact = joint(3, 7, Options(), spent)
    assert {k: Fraction(w, exact.denominator) for k, w in exact.weights.items()} == by_enumeration(
        3, 7, Options(), spent
    )


def test_four_dice_every_roll():
    exact = joint(4, 6, Options())
    assert {k: Fraction(w, exact.denominator) for k, w in exact.weights.items()} == by_enumeration(4, 6, Options())


def test_hand_checked_small_cases():
    one = odds(parse("1d10 vs 6")).to_json()
    assert one["outcomes"] == {"-1": "1/10", "0": "2/5", "1": "1/2"}
    assert (one["p_success"], one["p_failure"], one["p_botch"], one["p_adrenaline"], one["mean"]) == (
        "1/2",
        "2/5",
        "1/10",
        "0/1",
        "2/5",
    )
    two = odds(parse("2d10")).to_json()
    # botch: 1 and 1, or a 1 and a blank (2–5) either way round: 1 + 8 of 100
    assert two["p_botch"] == "9/100"
    # Adrenaline: both dice show the same success face (6–10): 5 of 100
    assert two["p_adrenaline"] == "1/20"
    spent = odds(parse("1d10+1a vs 6")).to_json()
    assert spent["outcomes"] == {"1": "1/2", "2": "1/2"} and spent["p_botch"] == "0/1"


def test_exploding_tens_by_hand():
    # one die at difficulty 10 with exploding 10s: each 10 (1/10) adds a success and a die;
    # the chain's last die (1–9) is a 1 with chance 1/9: net k−1 for a 1 after k tens
    result = joint(1, 10, Options(tens_explode=True))
    dist = result.net()
    # net 1: one 10 then a blank, or two 10s then a 1
    assert dist.p(1) == Fraction(1, 10) * Fraction(8, 10) + Fraction(1, 100) * Fraction(1, 10)
    assert dist.p(-1) == Fraction(1, 10)  # a 1 at once
    assert dist.p(0) == Fraction(8, 10) + Fraction(1, 10) * Fraction(1, 10)  # a blank, or 10 then 1
    assert 0 < result.cut_mass < EXPLOSION_CUTOFF
    assert tens_cap(1) == 12  # (1/10)^13 < 1e-12 ≤ (1/10)^12


def test_exploding_tens_against_a_depth_limited_enumeration():
    """Two dice, explosions followed by brute force to the same cap."""
    cap = tens_cap(2)
    exact = joint(2, 7, Options(tens_explode=True)).net()
    # P(net = k) is exact for every roll with at most ``cap`` tens; check small nets by
    # enumerating chains up to 3 tens each (the rest cannot give these nets)
    assert cap >= 6
    found = {}

    def chains(depth):
        yield (), 1, Fraction(1)
        for last in range(1, 10):
            yield (last,), 0, Fraction(1, 10)
        if depth:
            for rest, tens, p in chains(depth - 1):
                if rest:
                    yield (10, *rest), tens + 1, p / 10

    ends = [(c, p) for c, _, p in chains(6) if c]
    for (a, pa), (b, pb) in product(ends, ends):
        net = read_dice(a + b, 7).outcome.net
        found[net] = found.get(net, 0) + pa * pb
    for net in (-2, -1, 0, 1):
        assert exact.p(net) == found[net]


@pytest.mark.parametrize(
    "text",
    [
        "6d10 vs 7",
        "10d10 vs 2",
        "10d10 vs 10",
        "3d10+2a",
        "40d10 with designer",
        "8d10 vs 8 with tens-twice, botch-if-none",
        "5d10 with no-cancel",
    ],
)
def test_properties(text):
    result = odds(parse(text))
    data = result.to_json()
    total = sum(Fraction(v) for v in data["outcomes"].values())
    assert total == 1 and data["cut_mass"] == "0/1"
    assert Fraction(data["p_success"]) + Fraction(data["p_failure"]) + Fraction(data["p_botch"]) == 1
    assert Fraction(data["mean"]) == sum(int(k) * Fraction(v) for k, v in data["outcomes"].items())
    assert 0 <= Fraction(data["p_adrenaline"]) <= Fraction(data["p_success"])


def test_exploding_outcomes_and_cut_add_up():
    data = odds(parse("10d10 vs 6 with tens-explode")).to_json()
    cut = Fraction(data["cut_mass"])
    assert 0 < cut < EXPLOSION_CUTOFF
    assert sum(Fraction(v) for v in data["outcomes"].values()) + cut == 1


def test_spending_a_point_removes_botches_and_shifts_successes():
    plain = odds(parse("6d10 vs 7")).roll.dist
    spent = odds(parse("6d10+1a vs 7")).roll.dist
    assert spent.p(1) == plain.p_at_most(0) and spent.p_at_most(0) == 0
    for k in range(2, 8):
        assert spent.p(k) == plain.p(k - 1)


def test_a_second_die_can_lower_the_chance_of_success():
    """Not monotone: at difficulty 2 one die succeeds 9/10, two only 81/100 (a 1 cancels)."""
    assert odds(parse("1d10 vs 2")).roll.summary()["success"] == Fraction(9, 10)
    assert odds(parse("2d10 vs 2")).roll.summary()["success"] == Fraction(81, 100)


# --- extended -------------------------------------------------------------------------
def test_extended_by_hand():
    # 1d10 vs 6 until 1: each roll succeeds 1/2, fails 2/5, botches 1/10 (ends it)
    result = odds(parse("1d10 vs 6 until 1"))
    assert result.reached.p(1) == Fraction(1, 2) and result.lost.p(1) == Fraction(1, 10)
    assert result.reached.p(2) == Fraction(2, 5) * Fraction(1, 2)
    assert result.lost.p(3) == Fraction(2, 5) ** 2 * Fraction(1, 10)
    # in all: success before botch, 1/2 ÷ (1/2 + 1/10)
    p = result.p_reached() + result.cut_mass * 0
    assert abs(p - Fraction(5, 6)) < Fraction(1, 10**12)
    assert 0 <= result.cut_mass < EXPLOSION_CUTOFF
    wasted = odds(parse("1d10 vs 6 until 1 with botch-wastes"))
    assert wasted.lost.total_weight == 0 and wasted.reached.p(2) == Fraction(1, 2) ** 2
    assert 1 - wasted.p_reached() == wasted.cut_mass < EXPLOSION_CUTOFF


def test_extended_two_steps():
    # until 2 with one die: two successes needed, failures in between
    result = odds(parse("1d10 vs 6 until 2 with botch-wastes"))
    assert result.reached.p(2) == Fraction(1, 4)
    assert result.reached.p(3) == 2 * Fraction(1, 2) ** 3  # one miss among the first two rolls
    data = result.to_json()
    assert data["rolls_to_reach"]["2"] == "1/4"
    assert Fraction(data["p_reached"]) + Fraction(data["p_lost"]) + Fraction(data["cut_mass"]) == 1


# --- opposed --------------------------------------------------------------------------
def test_opposed_by_hand():
    result = odds(parse("1d10 vs 6 against 1d10 vs 6"))
    v = result.verdicts()
    # the roller wins when it succeeds and the other does not (1/2 · 1/2); symmetric
    assert v["win"] == v["lose"] == Fraction(1, 4) and v["standoff"] == Fraction(1, 2)
    below = odds(parse("1d10 vs 6 against 1d10 vs 6 with botches-below-zero")).verdicts()
    # now a botch (−1) loses to a failure (0): stand-offs are both fail, both succeed, both botch
    assert below["standoff"] == Fraction(4, 10) ** 2 + Fraction(1, 2) ** 2 + Fraction(1, 10) ** 2


def test_opposed_properties():
    data = odds(parse("6d10+1a vs 7 against 5d10 vs 5")).to_json()
    assert Fraction(data["p_win"]) + Fraction(data["p_standoff"]) + Fraction(data["p_lose"]) == 1
    assert sum(Fraction(v) for v in data["margin"].values()) == 1
    assert data["roller"]["spent"] == 1 and data["other"]["difficulty"] == 5
