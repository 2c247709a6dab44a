"""X-in-Y widget actions: what the check roller, the attack builder and the volley resolver
get from the engine, equal to what the command line gives for the same notation."""

import pytest

from rules_engine.core.errors import RulesError
from rules_engine.xy_checks import SYSTEM
from rules_engine.xy_checks.actions import ACTIONS


def act(action, seed=None, **fields):
    return ACTIONS[action]({"fields": fields, "seed": seed})


def without_share(rolled):
    """A roll's reply less its chat text (tests/xy_checks/test_share.py checks that)."""
    assert set(rolled.pop("share")) == {"text", "chance", "percent"}
    return rolled


def test_check_roller_odds_and_roll_equal_the_notation():
    reply = act("check_odds", check="5/6", tn="-3", bonus="1", penalty="0", crit="")
    assert reply["notation"] == "5/6 -3 TN +1b" and reply["check"] == "2/6"
    assert reply == {
        **SYSTEM.odds("5/6 -3 TN +1b").to_json(),
        "bars": reply["bars"],
        "success_percent": "55.56%",
        "lines": SYSTEM.odds("5/6 -3 TN +1b").lines(),
    }
    assert [b["degree"] for b in reply["bars"]] == [2, 1, -1]
    rolled = act("check_roll", seed="7", check="5/6", tn="-3", bonus="1")
    assert without_share(rolled) == SYSTEM.roll("5/6 -3 TN +1b", 7).to_json()


def test_check_roller_adds_the_fields_to_the_written_terms():
    reply = act("check_odds", check="4/8 +1b", tn="1", bonus="1", penalty="3", crit="on")
    assert reply["notation"] == "4/8 +1 TN -1p crit"


@pytest.mark.parametrize(
    "fields,field",
    [
        ({"check": "5/7"}, "check"),
        ({"check": "5/6", "tn": "x"}, "tn"),
        ({"check": "5/6", "bonus": "-1"}, "bonus"),
        ({"check": "5/6", "bonus": "31"}, "bonus"),
        ({"check": "5/6", "penalty": "40"}, "penalty"),
        ({"check": "5/6", "crit": "maybe"}, "crit"),
    ],
)
def test_check_roller_errors_name_their_field(fields, field):
    with pytest.raises(RulesError) as info:
        act("check_odds", **fields)
    assert info.value.field == field


def test_attack_builder():
    reply = act(
        "attack_odds", defence="partially", form="attacker", attack_bonus="2", advantages="1", disadvantages="1"
    )
    assert reply["notation"] == "5/6 -1 TN +2b" and reply["check"] == "4/6"
    assert reply["steps"] == [
        "start at 5/6",
        "defences partially effective: -2 TN",
        "form superiority (attacker): +1 TN",
        "attack bonus 2: +2b",
        "advantages: +1b",
        "disadvantages: -1p",
    ]
    rolled = act("attack_roll", seed="3", defence="fully", form="defender")
    assert without_share(rolled) == SYSTEM.roll("5/6 -4 TN", 3).to_json() and rolled["check"] == "1/6"
    with pytest.raises(RulesError) as info:
        act("attack_odds", defence="very")
    assert info.value.field == "defence"


def test_volley_resolver_one_side_and_two():
    reply = act("volley_odds", mode="volley", attackers="5/6 +1b, 2x 4/6", targets="barely, fully", order="")
    text = "volley 5/6 +1b, 2x 4/6 vs barely, fully"
    assert reply == {**SYSTEM.odds(text).to_json(), "lines": SYSTEM.odds(text).lines()}
    assert (
        without_share(act("volley_roll", seed="5", mode="volley", attackers="5/6 +1b, 2x 4/6", targets="barely, fully"))
        == SYSTEM.roll(text, 5).to_json()
    )
    text = "contest 5/6 +1b, 4/6 vs 4/6, 3/6 tie first"
    reply = act("volley_odds", mode="contest", attackers="5/6 +1b, 4/6", other="4/6, 3/6", tie="first")
    assert reply == {**SYSTEM.odds(text).to_json(), "lines": SYSTEM.odds(text).lines()}
    assert (
        without_share(
            act("volley_roll", seed="5", mode="contest", attackers="5/6 +1b, 4/6", other="4/6, 3/6", tie="first")
        )
        == SYSTEM.roll(text, 5).to_json()
    )


@pytest.mark.parametrize(
    "fields,field,position",
    [
        ({"mode": "volley", "attackers": "5/6, 4/9", "targets": "2"}, "attackers", 7),
        ({"mode": "volley", "attackers": "5/6", "targets": "2, wobbly"}, "targets", 3),
        ({"mode": "contest", "attackers": "5/6", "other": ""}, "other", 0),
        ({"mode": "both", "attackers": "5/6"}, "mode", None),
    ],
)
def test_volley_errors_name_their_field(fields, field, position):
    with pytest.raises(RulesError) as info:
        act("volley_odds", **fields)
    assert info.value.field == field and info.value.position == position
