"""The command line and the browser bridge for Action! (in-process, so also in Pyodide).
The contract every system shares (JSON keys, exact odds summing to 1, seeds, the notation as
several words, the bridge answering as the CLI, bad notations placed: 5 vs 5 wld, 5 vs 5 T 0)
is stated once in tests/test_cli_contract.py."""

import json
from fractions import Fraction

import pytest

from rules_engine.action.roll.notation import parse
from rules_engine.action.roll.odds import odds
from rules_engine.action.roll.rules import DEGREE_NAMES
from rules_engine.cli import run
from rules_engine.web import call


def ask(**request):
    return json.loads(call(json.dumps(request)))


def test_cli_odds_json_values():
    code, out = run(["odds", "action", "5 vs 5", "--json"])
    data = json.loads(out)
    assert code == 0 and data["notation"] == "5 vs 5"
    assert list(data["outcomes"]) == list(DEGREE_NAMES)
    assert data["p_double0"] == "1/100" and data["cut_mass"] == "0/1"
    assert data["dice_part"]["0"] == "1/11"
    assert sum(Fraction(data["dice_part"][str(d)]) for d in range(0, 61)) + Fraction(
        data["dice_part_above"]
    ) == Fraction(6, 11)
    assert all(str(d) in data["dice_part"] for d in range(-60, 61))


@pytest.mark.parametrize(
    "notation", ["8 vs 5 inspired", "5 vs 10 wild", "5 vs 5 stymied", "5 vs 5 inspired wild hazardous T 3 ev 2 vs 1"]
)
def test_cli_odds_for_action_types(notation):
    code, out = run(["odds", "action", notation, "--json"])
    assert code == 0
    data = json.loads(out)
    assert data["notation"] == notation  # already the canonical form
    assert data["outcomes"] == {
        n: f"{p.numerator}/{p.denominator}" for n, p in zip(DEGREE_NAMES, odds(parse(notation)).degrees)
    }


def test_cli_roll_shows_the_chains_and_the_degree():
    code, out = run(["roll", "action", "5 vs 5", "--seed", "1"])
    lines = out.splitlines()
    assert code == 0 and lines[0] == "Action! 5 vs 5, seed 1"
    assert lines[1] == "Dice: + 3; − 10 → 2 = 12"
    assert lines[-1].startswith("Degree: Fumble (AV below 0): ")
    code, out = run(["roll", "action", "5 vs 5", "--seed", "1", "--json"])
    data = json.loads(out)
    assert data["dice"][1]["faces"] == [10, 2] and data["av"] == -4 and data["degree"] == "Fumble"


def test_cli_a_dice_modifier_stays_in_the_notation():
    code, out = run(["odds", "action", "5 vs 5 -1d", "--json"])
    assert code == 0 and json.loads(out)["notation"] == "5 vs 5 -1d"


def test_web_odds_by_notation():
    result = ask(system="action", action="odds", notation="5 vs 5")["result"]
    assert result["outcomes"]["Total Victory"] == "597/55000"


def fields(**values):
    return {"skill": "5", "defence": "5", **values}


def test_web_form_odds_and_roll_match_the_notation():
    form = fields(
        skill="8", types="inspired wild", active="1", threshold="3", attack_ev="2", defence_ev="1", extra_negative="1"
    )
    reply = ask(system="action", action="odds_fields", fields=form)
    assert reply["ok"], reply
    canonical = reply["result"]["notation"]
    assert canonical == "8 vs active 5 inspired wild -1d T 3 ev 2 vs 1"
    assert reply["result"]["outcomes"] == ask(system="action", action="odds", notation=canonical)["result"]["outcomes"]
    rolled = ask(system="action", action="roll_fields", fields=form, seed="42")["result"]
    assert rolled["lines"] == ask(system="action", action="roll", notation=canonical, seed=42)["result"]["lines"]


@pytest.mark.parametrize(
    "name,value,message",
    [
        ("skill", "x", "Skill must be a whole number"),
        ("defence", "1000", "Defence must be from -999 to 999"),
        ("threshold", "0", "Threshold must be from 1 to 100"),
        ("extra_positive", "11", "Extra + dice must be from 0 to"),
        ("attack_ev", "٣", "Attacker's EV bonus must be a whole number"),
        ("types", "inspird", "Action types: unknown action type"),
        ("active", "maybe", "\"Active defence\" must be on or off, not 'maybe'"),
    ],
)
def test_web_form_errors_name_their_field(name, value, message):
    reply = ask(system="action", action="odds_fields", fields=fields(**{name: value}))
    assert not reply["ok"] and reply["error"]["field"] == name and message in reply["error"]["message"]


def test_web_form_blank_optional_fields_take_their_defaults():
    reply = ask(
        system="action",
        action="odds_fields",
        fields=fields(threshold=" ", attack_ev="", defence_ev="", extra_positive="", extra_negative=""),
    )
    assert reply["ok"] and reply["result"]["notation"] == "5 vs 5"
    assert not ask(system="action", action="odds_fields", fields=fields(skill=""))["ok"]


def test_web_converter():
    result = ask(system="action", action="convert", fields={"measure": "250 m"})["result"]
    assert (result["kind"], result["value"]) == ("range", 7)
    result = ask(system="action", action="convert", fields={"measure": "7"})["result"]
    assert (result["range"], result["time"], result["weight"]) == ("100 m", "30 minutes", "25 kg")
    error = ask(system="action", action="convert", fields={"measure": "5 parsecs"})["error"]
    assert error["field"] == "measure" and error["caret"][1] == "  ^^^^^^^"
    assert not ask(system="action", action="convert", fields={"measure": 5})["ok"]
