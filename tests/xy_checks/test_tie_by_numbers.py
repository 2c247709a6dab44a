"""X-in-Y's tiebreaker by combatant count (``tie more`` / ``tie fewer``): read into the tie
it comes to once both sides are counted, the same in the notation and the resolver."""

import json

import pytest

from rules_engine.web import call
from rules_engine.xy_checks.notation import parse
from rules_engine.xy_checks.odds import contest_odds
from rules_engine.xy_checks.rules import tie_by_count

TWO_VS_THREE = "contest 5/6 +1b, 4/6 vs 4/6, 3/6, 3/6"


@pytest.mark.parametrize(
    "breaker,first,second,tie",
    [
        ("more", 3, 2, "first"),
        ("more", 2, 3, "second"),
        ("fewer", 3, 2, "second"),
        ("fewer", 2, 3, "first"),
        ("more", 2, 2, "min"),
        ("fewer", 4, 4, "min"),
    ],
)
def test_tie_by_count(breaker, first, second, tie):
    assert tie_by_count(breaker, first, second) == tie


@pytest.mark.parametrize("breaker,settled", [("more", "second"), ("fewer", "first")])
def test_a_tie_by_numbers_is_the_tie_it_comes_to(breaker, settled):
    query = parse(f"{TWO_VS_THREE} tie {breaker}")
    assert query.tie == settled and query == parse(f"{TWO_VS_THREE} tie {settled}")
    assert (
        f"tie {breaker}: 2 combatants against 3, so the {settled} side has the initiative (tie {settled})"
        in query.notes
    )
    odds = contest_odds(query).to_json()
    plain = contest_odds(parse(f"{TWO_VS_THREE} tie {settled}")).to_json()
    assert {**odds, "notes": None} == {**plain, "notes": None} and odds["notes"][-1].startswith(f"tie {breaker}")


def test_even_numbers_keep_the_default():
    query = parse("contest 5/6, 4/6 vs 4/6, 3/6 tie more")
    assert query.tie == "min" and "tie more: 2 combatants against 2, so a tie is settled as tie min" in query.notes


def test_the_resolver_takes_the_tiebreaker():
    fields = {
        "mode": "contest",
        "attackers": "5/6 +1b, 4/6",
        "other": "4/6, 3/6, 3/6",
        "tie": "fewer",
        "targets": "",
        "order": "",
    }
    reply = json.loads(call(json.dumps({"system": "xy-checks", "action": "volley_odds", "fields": fields})))
    assert reply["ok"] and reply["result"]["notation"].endswith("tie first")
    assert any("tie fewer: 2 combatants against 3" in line for line in reply["result"]["lines"])


def test_a_bad_tie_word_names_every_choice():
    reply = json.loads(
        call(json.dumps({"system": "xy-checks", "action": "odds", "notation": TWO_VS_THREE + " tie most"}))
    )
    error = reply["error"]
    assert "tie more or tie fewer" in error["message"] and error["position"] == len(TWO_VS_THREE) + 5
