"""X-in-Y's ``share`` replies: a check, an attack, a volley or a contest in chat words with
the exact chance of a result this good or better (rules_engine/core/share.py,
rules_engine/xy_checks/actions.py).

Hand-checked on d6 checks of 3/6 (a die hits with chance 1/2) and the crit die (1/6 for each
further degree): the chance has no cut-off, the crit die's tail summed in closed form."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_engine.core.exact import percent, ratio
from rules_engine.xy_checks.actions import (
    ACTIONS,
    contest_margin_at_least,
    degree_at_least,
    volley_hits_at_least,
)
from rules_engine.xy_checks.notation import parse
from rules_engine.xy_checks.odds import check_odds, contest_odds, volley_odds

SEEDS = range(1, 41)
CHECK = {"check": "", "tn": "", "bonus": "", "penalty": "", "crit": ""}
VOLLEY = {"mode": "", "attackers": "", "targets": "", "order": "", "other": "", "tie": ""}


def act(action: str, seed: int, **fields: str) -> dict:
    blank = CHECK if action.startswith("check") else VOLLEY
    return ACTIONS[action]({"fields": {**blank, **fields}, "seed": str(seed)})


def lines(share: dict) -> list[str]:
    return share["text"].split("\n")


def test_one_die_check() -> None:
    seen = set()
    for seed in SEEDS:
        result = act("check_roll", seed, check="3/6")
        share = result["share"]
        face = result["dice"][0]
        if face <= 3:
            expected = [
                "**X-in-Y checks** roll: `3/6`",
                f"Dice: {face}",
                "Result: **Success of degree 1**",
                "Chance of a success of degree 1 or more: 50.00% (exactly 1/2)",
            ]
        else:
            expected = [
                "**X-in-Y checks** roll: `3/6`",
                f"Dice: {face}",
                "Result: **Failure of degree 1**",
                "Chance of at worst a failure of degree 1: 100.00% (exactly 1/1)",
            ]
        # Beside it, the chance of success at the check's difficulty (issue 29).
        expected.append("Chance of success at 3/6 (a degree of success 1 or more): 50.00% (exactly 1/2)")
        assert lines(share) == expected
        seen.add(face <= 3)
    assert seen == {True, False}


def test_a_bonus_die_check_with_the_crit_die() -> None:
    """3/6 +1b crit: two dice; two hits (1/4) is degree 2 and the crit die adds one more with
    chance 1/6 each; no hit (1/4) is a failure the crit die only deepens."""
    expected = {2: Fraction(1, 4), 1: Fraction(3, 4), -1: Fraction(23, 24)}
    seen = set()
    for seed in SEEDS:
        result = act("check_roll", seed, check="3/6 +1b", crit="on")
        degree = result["degree"]
        chance = expected.get(degree, Fraction(1, 4) * Fraction(1, 6) ** (degree - 2) if degree > 2 else None)
        if chance is None:  # a deeper failure: all but the failures deeper still
            chance = 1 - Fraction(1, 4) * Fraction(1, 6) ** (-degree)
        assert Fraction(result["share"]["chance"]) == chance, (seed, degree)
        dice = " ".join(map(str, result["dice"])) + (
            " crit " + " ".join(map(str, result["crit_dice"])) if result["crit_dice"] else ""
        )
        assert lines(result["share"])[1] == f"Dice: {dice}"
        seen.add(degree)
    assert {2, 1, -1} <= seen


def test_the_closed_form_crit_tail_against_the_followed_odds() -> None:
    """Without the crit die the chance is the odds' own; with it, the odds follow the crit die
    to a depth and leave less than 1e-12 out, so they agree to that."""
    for text in ("3/6", "5/6 +2b", "2/8 -2p", "4/10 +1b crit", "1/6 -1p crit", "5/6 +3b crit"):
        query = parse(text)
        dist = check_odds(query).dist
        for signed in range(-6, 8):
            exact, followed = degree_at_least(query, signed), dist.p_at_least(signed)
            if query.crit:
                assert abs(exact - followed) < Fraction(1, 10**11)
            else:
                assert exact == followed


def test_an_attack_shares_its_check() -> None:
    result = act(
        "attack_roll", 5, defence="fully", form="defender", attack_bonus="", advantages="", disadvantages="", crit=""
    )
    assert result["check"] == "1/6"
    chance = Fraction(1, 6) if result["success"] else Fraction(1)
    assert lines(result["share"])[0] == "**X-in-Y checks** roll: `5/6 -4 TN`"
    assert Fraction(result["share"]["chance"]) == chance


def test_a_volley_of_two_one_die_attackers() -> None:
    """3/6 and 3/6 against two targets: each scores a hit with chance 1/2; 2 hits 1/4, 1 or
    more 3/4."""
    expected = {0: Fraction(1), 1: Fraction(3, 4), 2: Fraction(1, 4)}
    seen = set()
    for seed in SEEDS:
        result = act("volley_roll", seed, mode="volley", attackers="2x 3/6", targets="2")
        share = result["share"]
        hits = result["hits"]
        seen.add(hits)
        attackers = " / ".join(str(a["dice"][0]) for a in result["attackers"])
        damage = [t["damage_die"] for t in result["targets"] if t["damage_die"] is not None]
        dice = attackers + (" damage " + " ".join(map(str, damage)) if damage else "")
        word = "hit" if hits == 1 else "hits"
        assert lines(share) == [
            f"**X-in-Y checks** roll: `{result['notation']}`",
            f"Dice: {dice}",
            f"Result: **{hits} {word}, {result['total_damage']} damage in all**",
            f"Chance of {hits} or more hits: {percent(expected[hits], 2)} (exactly {ratio(expected[hits])})",
        ]
    assert seen == {0, 1, 2}


def test_a_contest_of_one_die_each() -> None:
    """3/6 against 3/6: a margin of 1 or more 1/4, 0 or more 3/4, −1 or more certain. With
    the crit die on the first side's champion, its hit adds j more with chance (1/6)^j: a
    margin of 1 or more is 1/2·1/2 + 1/2·1/2·1/6 = 7/24."""
    expected = {1: Fraction(1, 4), 0: Fraction(3, 4), -1: Fraction(1)}
    seen = set()
    for seed in SEEDS:
        result = act("volley_roll", seed, mode="contest", attackers="3/6", other="3/6", tie="")
        first, second = (side["hits"] for side in result["sides"])
        margin = first - second
        seen.add(margin)
        assert Fraction(result["share"]["chance"]) == expected[margin]
        assert lines(result["share"])[3].startswith(f"Chance of a hit margin of {margin} or more (the first side's")
    assert seen == {-1, 0, 1}
    query = parse("contest 3/6 crit vs 3/6")
    assert contest_margin_at_least(query, 1) == Fraction(7, 24)
    assert contest_margin_at_least(query, 2) == Fraction(1, 4) * Fraction(1, 6) + Fraction(1, 4) * Fraction(1, 36)


@pytest.mark.parametrize(
    "text",
    [
        "volley 5/6 +1b crit, 2x 4/6 vs barely, fully",
        "volley 3/6 -1p crit, 4/6 vs 2",
        "volley 2/8 +2b crit vs 1",
        "volley 5/6, 3/6 vs 2",
    ],
)
def test_volley_hits_against_the_followed_odds(text: str) -> None:
    query = parse(text)
    hits = volley_odds(query).hits
    for h in range(-1, 9):
        exact, followed = volley_hits_at_least(query.attackers, h), hits.p_at_least(h)
        assert followed <= exact < followed + Fraction(1, 10**11)
        if not hits.cut_mass:
            assert exact == followed


@pytest.mark.parametrize(
    "text",
    ["contest 5/6 +1b crit, 4/6 vs 4/6 crit, 3/6 tie first", "contest 5/6 vs 3/6 +2b crit", "contest 2/6, 3/6 vs 4/6"],
)
def test_contest_margins_against_the_followed_odds(text: str) -> None:
    query = parse(text)
    a, b = contest_odds(query).hits
    margins = a + b.map(lambda h: -h)
    for m in range(-8, 9):
        exact = contest_margin_at_least(query, m)
        assert abs(exact - margins.p_at_least(m)) < Fraction(1, 10**11)
        if not margins.cut_mass:
            assert exact == margins.p_at_least(m)
