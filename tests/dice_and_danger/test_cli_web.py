"""The command line and the browser bridge for dice & danger (in-process, so also in Pyodide)."""

import json
from fractions import Fraction

from rules_engine.cli import run
from rules_engine.web import call


def ask(**request):
    return json.loads(call(json.dumps(request)))


def test_cli_roll_as_the_brief_calls_it():
    code, out = run(["roll", "dice-and-danger", "4d-1p vs DC 3", "--seed", "7"])
    assert code == 0
    assert out.splitlines()[0] == "dice & danger 4d-1p vs DC 3 (damage roll), seed 7"
    assert out.splitlines()[-1] == "Result: 2 hits"


def test_cli_odds_json():
    code, out = run(["odds", "dice-and-danger", "4d+1b vs DC 3", "--json"])
    data = json.loads(out)
    assert code == 0 and data["notation"] == "4d+1b vs DC 3"
    assert data["outcomes"]["0"] == "1/243"
    assert sum(Fraction(v) for v in data["outcomes"].values()) + Fraction(data["cut_mass"]) == 1


def test_cli_errors():
    code, out = run(["odds", "dice-and-danger", "4d-1b vs DC 3"])
    assert code == 2 and "+1p" in out and "    ^^^" in out
    code, out = run(["odds", "dice-and-danger", "500d vs DC 3", "--json"])
    assert code == 2 and "up to 100 base dice" in json.loads(out)["error"]["message"]


def test_web_character_roll_and_odds():
    reply = ask(system="dice-and-danger", action="character", seed="7")
    assert reply["ok"] and reply["result"]["attributes"]["Strength"] == 2 and reply["result"]["seed"] == 7
    assert ask(system="dice-and-danger", action="character")["ok"]  # no seed: a fresh one
    assert not ask(system="dice-and-danger", action="character", seed="-1")["ok"]
    rolled = ask(system="dice-and-danger", action="roll", notation="4d-1p vs DC 3", seed=7)["result"]
    assert rolled["hits"] == 2
    odds = ask(system="dice-and-danger", action="odds", notation="1d+2p")["result"]
    assert odds["outcomes"]["1"] == "91/216"
    error = ask(system="dice-and-danger", action="odds", notation="3d vs DC")["error"]
    assert error["caret"][1].endswith("^")
