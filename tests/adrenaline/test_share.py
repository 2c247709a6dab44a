"""The Adrenaline roller's ``share`` reply: the roll in chat words, with the exact chance of a
result this good or better (rules_engine/core/share.py, rules_engine/adrenaline/actions.py).

Hand-checked on one and two d10 against 6: a 1 botches (net −1, 1/10), 2–5 fail (net 0,
4/10), 6–10 succeed (net 1, 1/2); two dice net 2 only when both succeed (1/4)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from rules_engine.core.exact import percent, ratio
from rules_engine.web import call

from .contract import ROLLER_FIELDS

SEEDS = range(1, 41)


def roll_reply(seed: int, **fields: str) -> dict:
    form = {name: "" for name in ROLLER_FIELDS} | {"attribute": "1", "difficulty": "6"} | fields
    reply = json.loads(
        call(json.dumps({"system": "adrenaline", "action": "roll_form", "seed": str(seed), "fields": form}))
    )
    assert reply["ok"], reply
    return reply["result"]


def one_die_net(face: int) -> int:
    return -1 if face == 1 else (0 if face < 6 else 1)


def check_lines(
    share: dict, notation: str, dice: str, result: str, chance: Fraction, chance_of: str, success: tuple[str, ...] = ()
) -> None:
    assert Fraction(share["chance"]) == chance and share["percent"] == percent(chance, 2)
    assert share["text"].split("\n") == [
        f"**Adrenaline d10 pool** roll: `{notation}`",
        f"Dice: {dice}",
        f"Result: **{result}**",
        f"Chance of {chance_of}: {percent(chance, 2)} (exactly {ratio(chance)})",
        *success,
    ]


def test_one_die_standard_roll() -> None:
    chance_by_net = {-1: Fraction(1), 0: Fraction(9, 10), 1: Fraction(1, 2)}
    seen = set()
    for seed in SEEDS:
        result = roll_reply(seed)
        face = result["dice"][0]
        net = one_die_net(face)
        seen.add(net)
        summary = {-1: "Net -1: a botch", 0: "Net 0: a failure"}.get(net, "Net 1: 1 success, barely successful")
        check_lines(
            result["share"],
            "1d10 vs 6",
            str(face),
            summary,
            chance_by_net[net],
            f"a net of {net} or more",
            ["Chance of success at difficulty 6 (a net of 1 or more): 50.00% (exactly 1/2)"],
        )
    assert seen == {-1, 0, 1}


def test_two_dice_net_two_is_a_quarter() -> None:
    nets = set()
    for seed in SEEDS:
        result = roll_reply(seed, attribute="2")
        nets.add(result["net"])
        if result["net"] == 2:
            assert result["share"]["chance"] == "1/4"
            assert result["share"]["text"].split("\n")[2].startswith("Result: **Net 2: 2 successes")
        if result["net"] == -2:
            assert result["share"]["chance"] == "1/1"
    assert 2 in nets


def test_opposed_one_die_each() -> None:
    """Each side's net counts as 0 or 1 (a botch counts 0): a margin of 1 or more is 1/4,
    0 or more 3/4, −1 or more certain."""
    chance_by_margin = {1: Fraction(1, 4), 0: Fraction(3, 4), -1: Fraction(1)}
    verdicts = {1: "the roller wins by 1", 0: "a stand-off", -1: "the other side wins by 1"}
    seen = set()
    for seed in SEEDS:
        result = roll_reply(seed, mode="opposed", **{"other-attribute": "1", "other-difficulty": "6"})
        first, second = result["roller"]["dice"][0], result["other"]["dice"][0]
        margin = max(one_die_net(first), 0) - max(one_die_net(second), 0)
        assert result["margin"] == margin
        seen.add(margin)
        check_lines(
            result["share"],
            "1d10 vs 6 against 1d10 vs 6",
            f"{first} vs {second}",
            f"Margin {margin}: {verdicts[margin]}",
            chance_by_margin[margin],
            f"a margin of {margin} or more (the roller's net \u2212 the other side's)",
        )
    assert seen == {-1, 0, 1}


def test_extended_one_die_until_one() -> None:
    """Each roll: reached (1/2), lost to a botch (1/10) or again (2/5). Reached on roll k or
    sooner: 1/2 · (1 + 2/5 + … + (2/5)^(k−1)); lost on roll k or later: 1 − 1/10 · (1 + … +
    (2/5)^(k−2))."""
    again = Fraction(2, 5)
    endings = set()
    for seed in SEEDS:
        result = roll_reply(seed, mode="extended", target="1")
        k = len(result["rolls"])
        share = result["share"]
        dice = " / ".join(str(r["dice"][0]) for r in result["rolls"])
        if result["ending"] == "reached":
            chance = Fraction(1, 2) * sum((again**i for i in range(k)), Fraction(0))
            check_lines(
                share,
                "1d10 vs 6 until 1",
                dice,
                f"Reached 1 on roll {k}",
                chance,
                f"reaching 1 in {k} {'roll' if k == 1 else 'rolls'} or fewer",
            )
        else:
            assert result["ending"] == "botched"
            chance = 1 - Fraction(1, 10) * sum((again**i for i in range(k - 1)), Fraction(0))
            check_lines(
                share,
                "1d10 vs 6 until 1",
                dice,
                f"A botch on roll {k} loses it all (total 0)",
                chance,
                f"no botch losing it all before roll {k}",
            )
        endings.add((result["ending"], k))
    assert {ending for ending, _ in endings} == {"reached", "botched"}
    assert any(k > 1 for _, k in endings)


def test_an_extended_roll_whose_odds_are_refused_has_no_share() -> None:
    result = roll_reply(3, attribute="2", difficulty="10", mode="extended", target="60")
    assert result["share"] is None and result["ending"] in {"reached", "botched", "gave up"}


@pytest.mark.parametrize("seed", [1, 7, 42])
def test_the_chance_agrees_with_the_odds_form(seed: int) -> None:
    """Three dice plus an ability against 7: the chance is the odds' P(net ≥ the roll's net)."""
    fields = {"attribute": "3", "ability": "2", "difficulty": "7"}
    form = {name: "" for name in ROLLER_FIELDS} | fields
    odds = json.loads(call(json.dumps({"system": "adrenaline", "action": "odds_form", "fields": form})))["result"]
    result = roll_reply(seed, **fields)
    outcomes = {int(k): Fraction(v) for k, v in odds["outcomes"].items()}
    assert Fraction(result["share"]["chance"]) == sum(
        (p for k, p in outcomes.items() if k >= result["net"]), Fraction(0)
    )
