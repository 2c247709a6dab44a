"""Action!'s exact degree odds: hand-checked cases, properties, and an independent check by
every roll the roller can make when each die rerolls at most a few times."""

from fractions import Fraction
from itertools import product

import pytest

from rules_engine.action.roll.notation import parse
from rules_engine.action.roll.odds import degree_odds, odds
from rules_engine.action.roll.roll import roll_with
from rules_engine.action.roll.rules import DEGREE_NAMES, SIDES
from rules_engine.core.roller import ScriptedRoller

NOTATIONS = [
    "5 vs 5",
    "8 vs 5 inspired",
    "5 vs 10 wild",
    "5 vs 5 stymied",
    "5 vs 5 routine",
    "3 vs 4 static",
    "5 vs 5 experimental",
    "5 vs 5 hazardous",
    "6 vs 4 boosted",
    "6 vs 4 hindered",
    "6 vs 4 promising",
    "5 vs 5 stymied inspired",
    "2 vs active 1 wild routine T 3 ev 2 vs 4",
    "0 vs 30",
    "-3 vs -8",
    "5 vs 5 promising boosted hazardous experimental",
    "9 vs 5 +2d -1d stymied",
]


def by_name(text):
    return dict(zip(DEGREE_NAMES, degree_odds(parse(text))))


@pytest.mark.parametrize("text", NOTATIONS)
def test_the_degrees_sum_to_one_exactly(text):
    assert sum(degree_odds(parse(text))) == 1


def test_a_plain_roll_by_hand():
    # 5 vs 5: dice part D = X − Y. P(D ≥ 0) = 6/11 (P(D = 0) = 1/11); each step is a run of D.
    odds_ = by_name("5 vs 5")
    pool = odds(parse("5 vs 5")).pool
    # Given a double-0 the dice part has the same law (10 + X' − 10 − Y'): PV ≥ 20 without
    # one, or any success with one.
    assert odds_["Total Victory"] == Fraction(99, 100) * pool.p_at_least(20) + Fraction(1, 100) * Fraction(6, 11)
    # Outcome ≥ 0 without the doubles: 6/11 − 1/100·6/11; with a double-0 on success: TV.
    assert sum(list(odds_.values())[3:]) == Fraction(6, 11)
    # Failure: −4 ≤ D ≤ −1 (no double there: a double-0 on a failure is a Fumble).
    failure_band = pool.p_between(-4, -1)
    assert odds_["Failure"] == failure_band - Fraction(1, 100) * pool.p_between(-4, -1)


def test_hazardous_makes_every_failure_a_fumble():
    hazard = by_name("5 vs 5 hazardous")
    assert hazard["Fumble"] == Fraction(5, 11) and hazard["Failure"] == hazard["Total Failure"] == 0


def test_routine_never_fails_at_equal_skill_and_defence():
    routine = by_name("5 vs 5 routine")
    assert routine["Fumble"] == routine["Failure"] == routine["Total Failure"] == 0
    assert routine["Success"] > by_name("5 vs 5")["Success"]


def test_static_is_certain():
    assert by_name("3 vs 4 static")["Failure"] == 1
    assert by_name("9 vs 4 static")["Major Success"] == 1
    assert by_name("9 vs 4 static inspired wild")["Major Success"] == 1
    assert odds(parse("9 vs 4 static")).to_json()["p_double0"] == "0/1"


def test_stymied_caps_the_positive_die():
    stymied = by_name("5 vs 5 stymied")
    # a closed d10 minus an open d10 is at most 9: Outcome 9 is PV 9, a Major Success at most.
    assert stymied["Negotiated Victory"] == stymied["Victory"] == stymied["Total Victory"] == 0
    # Stymied with an extra positive die drops it and opens everything: a plain roll.
    assert by_name("5 vs 5 stymied inspired") == by_name("5 vs 5")


def test_boosted_and_hindered_move_a_success_one_step():
    plain, boosted, hindered = by_name("6 vs 4"), by_name("6 vs 4 boosted"), by_name("6 vs 4 hindered")
    for name in ("Fumble", "Total Failure", "Failure"):
        assert plain[name] == boosted[name] == hindered[name]
    assert boosted["Success"] == 0  # PV ≥ 5 on every success
    names = DEGREE_NAMES[3:7]  # Success … Victory
    for lower, higher in zip(names, names[1:]):
        assert boosted[higher] == plain[lower]
    assert hindered["Success"] == plain["Success"] + plain["Major Success"]
    for lower, higher in zip(names[1:], names[2:]):
        assert hindered[lower] == plain[higher]


def test_promising_doubles_the_outcome():
    plain, promising = by_name("5 vs 5"), by_name("5 vs 5 promising")
    # Success needs PV < 5: 2·Outcome < 5, Outcome 0–2, where a plain roll has 0–4.
    pool = odds(parse("5 vs 5")).pool
    assert promising["Success"] == pool.p_between(0, 2) * Fraction(99, 100)
    assert plain["Success"] == pool.p_between(0, 4) * Fraction(99, 100)


def test_experimental_counts_any_pair_as_a_double():
    plain, experimental = by_name("5 vs 5"), by_name("5 vs 5 experimental")
    # A pair below 10 leaves the dice part at 0: Outcome 0, so 9/100 more Total Victory.
    assert experimental["Total Victory"] - plain["Total Victory"] == Fraction(9, 100)
    assert experimental["Success"] == plain["Success"] - Fraction(9, 100)


def test_active_defence_is_five_more():
    assert by_name("5 vs active 3") == by_name("5 vs 8")


def test_ev_bonuses_move_pv_only_on_a_success():
    plain, better = by_name("5 vs 5"), by_name("5 vs 5 ev 5 vs 0")
    assert better["Failure"] == plain["Failure"] and better["Success"] == 0
    assert by_name("5 vs 5 ev 3 vs 3") == plain  # equal attributes: PV = Outcome


def test_a_threshold_of_one_spreads_the_successes():
    t1 = by_name("5 vs 5 T 1")
    pool = odds(parse("5 vs 5")).pool
    # PV 0 is below T 1: Success needs Outcome exactly 0 (and no double-0); Outcome 1 is Major.
    assert t1["Success"] == pool.p(0) * Fraction(99, 100) == Fraction(9, 100)
    assert t1["Major Success"] == pool.p(1) * Fraction(99, 100)


# --- an independent check: every roll with a few rerolls, through the roller itself -------
def chains(depth, closed=False):
    """Each way one d10 can come out with at most ``depth`` rerolls: its faces and chance."""
    if closed:
        return [((face,), Fraction(1, SIDES)) for face in range(1, SIDES + 1)]
    return [
        ((SIDES,) * k + (face,), Fraction(1, SIDES) ** (k + 1)) for k in range(depth + 1) for face in range(1, SIDES)
    ]


@pytest.mark.parametrize(
    "text,depth",
    [
        ("5 vs 5", 4),
        ("8 vs 5 inspired", 2),
        ("5 vs 5 stymied", 4),
        ("5 vs 5 routine", 3),
        ("5 vs 5 experimental", 3),
        ("4 vs 6 hazardous promising", 3),
        ("6 vs 4 boosted T 3 ev 1 vs 2", 3),
        ("1 vs 3 hindered", 3),
        ("0 vs -2", 3),
        ("5 vs 5 stymied wild", 1),
    ],
)
def test_exact_odds_against_every_roll_with_few_rerolls(text, depth):
    query = parse(text)
    plan = query.plan
    per_die = [chains(depth, plan.positive_closed)] * plan.positive + [chains(depth)] * plan.negative
    found = [Fraction(0)] * len(DEGREE_NAMES)
    for combo in product(*per_die):
        faces = [f for chain, _ in combo for f in chain]
        chance = Fraction(1)
        for _, p in combo:
            chance *= p
        found[roll_with(query, ScriptedRoller(faces)).degree] += chance
    exact = degree_odds(query)
    left_out = 1 - sum(found)
    assert left_out > 0
    for have, want in zip(found, exact):
        assert 0 <= want - have <= left_out  # every roll followed counts exactly; the rest is left out
    assert sum(exact) - sum(found) == left_out


def test_the_dice_part_contract():
    result = odds(parse("5 vs 5")).to_json()
    assert result["dice_part"]["0"] == "1/11"
    parts = [Fraction(v) for v in result["dice_part"].values()]
    assert len(parts) == 121
    assert sum(parts) + Fraction(result["dice_part_below"]) + Fraction(result["dice_part_above"]) == 1
    assert Fraction(result["dice_part"]["19"]) == Fraction(result["dice_part"]["9"]) / 10  # one positive die
    routine = odds(parse("5 vs 5 routine")).to_json()["dice_part"]
    assert routine["0"] == "0/1" and Fraction(routine["1"]) == Fraction(6, 11) + odds(parse("5 vs 5")).pool.p(1)
