"""The Doom Stack roller's ``share`` reply: the roll in chat words, with the exact chance of a
best stack at least as big as the one rolled (rules_engine/core/share.py)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from rules_engine.core.exact import percent, ratio
from rules_engine.doom_stack.notation import query_from_fields
from rules_engine.doom_stack.odds import best_stack_distribution_by_enumeration
from rules_engine.doom_stack.roll import roll
from rules_engine.web import call


def roll_reply(attribute: str, skill: str, tn: str, seed: str) -> dict:
    request = {
        "system": "doom-stack",
        "action": "roll_fields",
        "seed": seed,
        "fields": {"attribute": attribute, "skill": skill, "modifiers": "", "tn": tn},
    }
    reply = json.loads(call(json.dumps(request)))
    assert reply["ok"], reply
    return reply["result"]


@pytest.mark.parametrize("seed", ["1", "7", "42", "1234"])
@pytest.mark.parametrize(("attribute", "skill", "tn"), [("3", "2", "3"), ("2", "1", ""), ("4", "4", "9")])
def test_share_names_the_roll_and_its_exact_chance(attribute: str, skill: str, tn: str, seed: str) -> None:
    result = roll_reply(attribute, skill, tn, seed)
    share = result["share"]
    value = result["best_stack"]["value"]
    pool = result["pool"]
    # The chance of a best stack this big or bigger, counted die face by die face.
    dist = best_stack_distribution_by_enumeration(pool)
    chance = sum((Fraction(w, dist.denominator) for v, w in dist.weights.items() if v >= value), Fraction(0))
    assert share["chance"] == ratio(chance)
    assert share["percent"] == percent(chance, 2)
    lines = share["text"].split("\n")
    assert lines[0] == f"**Doom Stack** roll: `{result['notation']}`"
    assert lines[1] == "Dice: " + " ".join(map(str, result["dice"]))
    assert lines[3] == f"Chance of a best stack of {value} or more: {percent(chance, 2)} (exactly {ratio(chance)})"
    verdict = lines[2]
    if result["tn"] is None:
        assert verdict == f"Result: **best stack {value}**"
    elif value < result["tn"]:
        assert verdict.startswith("Result: **Failure, ")
    elif value == result["tn"]:
        assert verdict.startswith("Result: **Glitch ")
    else:
        assert verdict.startswith(f"Result: **Success, {result['performance_name']}, ")


def test_share_of_an_empty_pool() -> None:
    query, _ = query_from_fields("0", "0", "", "")
    assert roll(query, 5).dice == ()
    result = roll_reply("0", "0", "", "5")
    assert result["share"]["text"].split("\n")[1] == "Dice: no dice"
    assert result["share"]["chance"] == "1/1"
